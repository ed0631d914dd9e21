/**
 * The web catalogues as source, compiled in the browser: only for pages the server serves without
 * an inlined language (see startLanguage in i18n.ts) and for component tests. A chunk of its own, so
 * the booking page, which always gets its compiled catalogue inlined, never loads the compiler.
 */
import type { Messages } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Locale } from "../../contract/languages";

const sources = import.meta.glob<Record<string, string>>("../../i18n/web/*.json", { import: "default" });

export async function loadCatalogue(locale: Locale): Promise<Record<string, string>> {
  const load = sources[`../../i18n/web/${locale}.json`];
  if (!load) throw new Error(`no catalogue for ${locale}`);
  return load();
}

export function compileCatalogue(source: Record<string, string>): Messages {
  return Object.fromEntries(Object.entries(source).map(([id, message]) => [id, compileMessage(message)]));
}
