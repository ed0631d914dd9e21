/**
 * The invitees' words (issue 27): Lingui's runtime over compiled ICU catalogues. The server resolves
 * the page's language before the first byte and inlines it with its compiled catalogue into the HTML
 * (src/server/lib/language.ts), so the page never shows English first; `startLanguage` reads it.
 * Pages served without it (the host app's team and poll pages, the dev server) load the catalogue.
 * Catalogues: src/i18n/web/<locale>.json, keyed by id; `t` takes only ids that en.json has.
 */
import { type Messages, setupI18n } from "@lingui/core";
import { DEFAULT_LOCALE, intlTag, type Locale, matchLocale } from "../../contract/languages";
import type en from "../../i18n/web/en.json";
import type { AppMessageId } from "./app-messages";

export type WebMessageId = keyof typeof en;
/** The invitees' ids (src/i18n/web) and, in the host app, its own (src/i18n/app; see app-messages.ts). */
export type MessageId = WebMessageId | AppMessageId;

/** The element the server inlines the language into (src/server/lib/web-pages.ts). */
export const LANGUAGE_ID = "kairos-language";

export interface InlinedLanguage {
  locale: Locale;
  messages: Messages;
}

export const i18n = setupI18n();

/** The page's text for a catalogue id, with its ICU values (plurals, names). */
export function t(id: MessageId, values?: Record<string, unknown>): string {
  // Before a catalogue is active (a shared component in a host screen rendered early): the id.
  if (!i18n.locale) return id;
  return i18n._(id, values);
}

export function activate(language: InlinedLanguage): void {
  i18n.loadAndActivate({
    locale: language.locale,
    locales: intlTag(language.locale),
    messages: language.messages,
  });
}

/** The active locale ('en' until one is activated). */
export function currentLocale(): Locale {
  return (matchLocale(i18n.locale) ?? DEFAULT_LOCALE) as Locale;
}

/** The active locale's Intl tag, for every date, time and number on the invitees' pages. */
export const intlLocale = (): string => intlTag(currentLocale());

/** The language the server inlined into this page, read once; null when there is none. */
function inlinedLanguage(): InlinedLanguage | null {
  const element = typeof document === "undefined" ? null : document.getElementById(LANGUAGE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as InlinedLanguage;
  } catch {
    return null;
  }
}

/**
 * Activates the page's language: the inlined one at once, else (pages the server serves without
 * it) the `?lang=` or browser language, whose catalogue is compiled here, in a chunk of its own.
 */
export function startLanguage(): Promise<void> | undefined {
  const inlined = inlinedLanguage();
  if (inlined) {
    activate(inlined);
    return undefined;
  }
  return import("./i18n-catalogues").then((m) => m.loadLanguage());
}
