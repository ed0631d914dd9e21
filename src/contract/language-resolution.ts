import { DEFAULT_LOCALE, type Locale, matchLocale } from "./languages.js";

/*
 * How a page's language is chosen (issue 27): the server before the first byte (lib/language.ts), and
 * the browser for a page served without one (web/lib/i18n-catalogues.ts). Apart from languages.ts so
 * the booking page's first scripts do not carry it.
 */

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
