/**
 * The host app's language (issue 27). Signed-in screens speak the host's choice (Settings > Profile >
 * App language), else the browser's; the public pages the app serves (team, poll, profile) the
 * invitee's: `?lang=`, else the browser's. The words are the invitees' catalogue (src/i18n/web) and
 * the app's (src/i18n/app/<area>), compiled at build time; the areas the screens so far need (app-areas.ts),
 * loaded before the first render so nothing shows in another language first.
 */
import type { Messages } from "@lingui/core";
import { useEffect, useState, useSyncExternalStore } from "react";
import { resolveLanguage } from "../../contract/language-resolution";
import { isRtl, type Locale, matchLocale } from "../../contract/languages";
import { areaMessages, SERVER_TEXTS_AREA, wantedAreas } from "./app-areas";
import { activate, currentLocale, i18n } from "./i18n";
import { loadCatalogue } from "./i18n-catalogues";
import { readyMessages } from "./i18n-precompiled";
import { learnEnglishTexts } from "./server-text";

/** Where the last signed-in choice is kept, so the next visit starts in it instead of flashing the browser's. */
const STORED_KEY = "kairos.appLanguage";

/** Activates `locale` with the invitees' words and those of every area a screen has asked for (app-areas.ts). */
export async function loadAppLanguage(locale: Locale): Promise<void> {
  const [web, app] = await Promise.all([
    loadCatalogue(locale).then(readyMessages),
    // The server's texts in the host's language (server-text.ts); English needs no translation of them.
    areaMessages(locale, locale === "en" ? wantedAreas() : [...wantedAreas(), SERVER_TEXTS_AREA]),
    englishTexts(locale),
  ]);
  activate({ locale, messages: { ...web, ...app } as Messages });
  document.documentElement.lang = locale;
  document.documentElement.dir = isRtl(locale) ? "rtl" : "ltr";
}

/**
 * The English templates of the contract's and server's texts (server-text.ts), loaded once another
 * language than English is chosen: an English host never needs them.
 */
async function englishTexts(locale: Locale): Promise<void> {
  if (locale === "en" || englishLoaded) return;
  const source = await import("../../i18n/app/validation/en.json");
  learnEnglishTexts(source.default as Record<string, unknown>);
  englishLoaded = true;
}
let englishLoaded = false;

/** The browser's language, or `?lang=` when the address carries one. */
export function visitorLanguage(): Locale {
  const query = new URLSearchParams(window.location.search).get("lang");
  return resolveLanguage({ query, acceptLanguage: navigator.languages.join(",") });
}

/** The language the app starts in: `?lang=`, the last signed-in choice, else the browser's. */
export function startingLanguage(): Locale {
  const query = new URLSearchParams(window.location.search).get("lang");
  if (matchLocale(query)) return visitorLanguage();
  return matchLocale(readStored()) ?? visitorLanguage();
}

/**
 * Follows the signed-in host's choice (null: the browser's), remembered for the next start. A change
 * re-renders through `useAppLocale`.
 */
export async function followHostLanguage(choice: Locale | null): Promise<void> {
  writeStored(choice);
  const target = choice ?? visitorLanguage();
  if (target !== currentLocale()) await loadAppLanguage(target);
}

function readStored(): string | null {
  try {
    return window.localStorage.getItem(STORED_KEY);
  } catch {
    return null;
  }
}

function writeStored(choice: Locale | null): void {
  try {
    if (choice) window.localStorage.setItem(STORED_KEY, choice);
    else window.localStorage.removeItem(STORED_KEY);
  } catch {
    // Storage refused (private mode): the next start uses the browser's language, then follows.
  }
}

const subscribe = (onChange: () => void) => i18n.on("change", onChange);

/** The active locale, re-rendering its caller when the language changes. */
export function useAppLocale(): Locale {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale);
}

/**
 * Signed-in screens: switches to the host's choice and says whether it is active yet (false while its
 * catalogue loads, so the screen waits instead of showing another language). A catalogue that fails
 * to load leaves the current language, and the screen shows in it.
 */
export function useHostLanguage(choice: Locale | null): boolean {
  const locale = useAppLocale();
  const [failed, setFailed] = useState<Locale | null>(null);
  const target = choice ?? visitorLanguage();
  useEffect(() => {
    followHostLanguage(choice).catch(() => setFailed(choice ?? visitorLanguage()));
  }, [choice]);
  return target === locale || failed === target;
}
