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

/** The first supported language of an Accept-Language header, by its q-values; null when none is. */
export function fromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .slice(0, 20)
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((r) => r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const locale = matchLocale(tag);
    if (locale) return locale;
  }
  return null;
}

/** Where a page's language comes from, strongest first (issue 27). */
export interface LanguageSources {
  /** `?lang=` (the switcher and the embed's `lang` option write it). */
  query?: string | null;
  /** The event type's fixed language, when its host set one. */
  eventType?: string | null;
  /** The host's default language (Settings > Profile > Language). */
  host?: string | null;
  acceptLanguage?: string | null;
}

export function resolveLanguage(sources: LanguageSources): Locale {
  return (
    matchLocale(sources.query) ??
    matchLocale(sources.eventType) ??
    matchLocale(sources.host) ??
    fromAcceptLanguage(sources.acceptLanguage) ??
    DEFAULT_LOCALE
  );
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
