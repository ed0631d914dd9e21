/**
 * The web catalogues, loaded in the browser: only for pages the server serves without an inlined
 * language (see startLanguage in i18n.ts) and the host app. A chunk of its own, so the booking page,
 * which always gets its compiled catalogue inlined, never loads it. Built catalogues come compiled
 * (vite.config.ts); others (the dev server) are compiled on arrival (i18n-precompiled.ts).
 */
import { resolveLanguage } from "../../contract/language-resolution";
import { isRtl, type Locale } from "../../contract/languages";
import { activate } from "./i18n";
import { readyMessages } from "./i18n-precompiled";

const sources = import.meta.glob<Record<string, string>>("../../i18n/web/*.json", { import: "default" });

export async function loadCatalogue(locale: Locale): Promise<Record<string, string>> {
  const load = sources[`../../i18n/web/${locale}.json`];
  if (!load) throw new Error(`no catalogue for ${locale}`);
  return load();
}

/** A page served without an inlined language: `?lang=`, else the browser's. */
export async function loadLanguage(): Promise<void> {
  const query = new URLSearchParams(window.location.search).get("lang");
  const locale = resolveLanguage({ query, acceptLanguage: navigator.languages.join(",") });
  activate({ locale, messages: await readyMessages(await loadCatalogue(locale)) });
  document.documentElement.lang = locale;
  document.documentElement.dir = isRtl(locale) ? "rtl" : "ltr";
}
