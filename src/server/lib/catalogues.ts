import fs from "node:fs";
import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { intlTag, type Locale } from "../../contract/languages.js";

/**
 * The compiled catalogues of src/i18n (issue 27): `web` (the invitees' pages, inlined into their HTML
 * by lib/language.ts) and `mail` (mails and invites, mail/words.ts). Read and compiled once per
 * process and locale, with Lingui's own compiler, so the browser gets ICU messages it only has to fill.
 */
export type CatalogueFamily = "web" | "mail";

const compiled = new Map<string, Messages>();
const instances = new Map<string, I18n>();

export function sourceCatalogue(family: CatalogueFamily, locale: Locale): Record<string, string> {
  const file = new URL(`../../i18n/${family}/${locale}.json`, import.meta.url);
  return JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string>;
}

export function compiledCatalogue(family: CatalogueFamily, locale: Locale): Messages {
  const key = `${family}/${locale}`;
  let messages = compiled.get(key);
  if (!messages) {
    messages = Object.fromEntries(
      Object.entries(sourceCatalogue(family, locale)).map(([id, message]) => [id, compileMessage(message)]),
    );
    compiled.set(key, messages);
  }
  return messages;
}

/** A Lingui instance of one family and locale (one each: server renders run side by side). */
export function i18nFor(family: CatalogueFamily, locale: Locale): I18n {
  const key = `${family}/${locale}`;
  let i18n = instances.get(key);
  if (!i18n) {
    i18n = setupI18n({
      locale,
      locales: intlTag(locale),
      messages: { [locale]: compiledCatalogue(family, locale) },
    });
    instances.set(key, i18n);
  }
  return i18n;
}
