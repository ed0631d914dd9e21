/**
 * The web catalogues as source, compiled in the browser: only for pages the server serves without
 * an inlined language (see startLanguage in i18n.ts) and for component tests. A chunk of its own, so
 * the booking page, which always gets its compiled catalogue inlined, never loads the compiler.
 */
import type { Messages } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { resolveLanguage } from "../../contract/language-resolution";
import { isRtl, type Locale } from "../../contract/languages";
import { activate } from "./i18n";

const sources = import.meta.glob<Record<string, string>>("../../i18n/web/*.json", { import: "default" });

export async function loadCatalogue(locale: Locale): Promise<Record<string, string>> {
  const load = sources[`../../i18n/web/${locale}.json`];
  if (!load) throw new Error(`no catalogue for ${locale}`);
  return load();
}

export function compileCatalogue(source: Record<string, string>): Messages {
  return Object.fromEntries(Object.entries(source).map(([id, message]) => [id, compileMessage(message)]));
}

/** A page served without an inlined language: `?lang=`, else the browser's, its catalogue compiled here. */
export async function loadLanguage(): Promise<void> {
  const query = new URLSearchParams(window.location.search).get("lang");
  const locale = resolveLanguage({ query, acceptLanguage: navigator.languages.join(",") });
  activate({ locale, messages: compileCatalogue(await loadCatalogue(locale)) });
  document.documentElement.lang = locale;
  document.documentElement.dir = isRtl(locale) ? "rtl" : "ltr";
}
