/**
 * The languages Kairos speaks to invitees (issue 27), shared by the server (which resolves the page's
 * language before the first byte: src/server/lib/language.ts) and the web app (the switcher, Intl).
 * Catalogues: src/i18n/web/<locale>.json (pages) and src/i18n/mail/<locale>.json (mails, invites).
 */
export const LOCALES = ["en", "de", "fr", "es", "pt-BR", "nl", "it", "ja", "hi", "ar"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Each language in its own words, for the switcher and the settings' selects. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  de: "Deutsch",
  fr: "Français",
  es: "Español",
  "pt-BR": "Português (Brasil)",
  nl: "Nederlands",
  it: "Italiano",
  ja: "日本語",
  hi: "हिन्दी",
  ar: "العربية",
};

/** Written right to left: `<html dir="rtl">`. */
export const isRtl = (locale: Locale): boolean => locale === "ar";

/**
 * The supported locale a BCP 47 tag asks for, or null: exact ('pt-BR'), else by its language
 * ('de-AT' is German, 'pt-PT' the Portuguese we have). Case-insensitive; anything else is null.
 */
export function matchLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const lower = tag.trim().toLowerCase();
  if (!/^[a-z]{2,3}(?:-[a-z0-9]{1,8})*$/.test(lower)) return null;
  const exact = LOCALES.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const language = lower.split("-")[0];
  return LOCALES.find((l) => l.toLowerCase().split("-")[0] === language) ?? null;
}

/** 24-hour clock by default for this locale (en: 12h; de, fr, ja...: 24h), from Intl. */
export function prefersHour24(locale: Locale): boolean {
  const cycle = new Intl.DateTimeFormat(locale === "en" ? "en-US" : locale, {
    hour: "numeric",
  }).resolvedOptions().hourCycle;
  return cycle === "h23" || cycle === "h24";
}

/** The Intl tag of a locale ('en' writes US English, as the spec's texts do). */
export const intlTag = (locale: Locale): string => (locale === "en" ? "en-US" : locale);
