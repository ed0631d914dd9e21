/**
 * The host app's words load by area (issue 30 item 5): a screen's lazy chunk brings the catalogues of
 * the areas it speaks (src/i18n/app/<area>/<locale>.json, one small chunk each), so the first load of
 * the dashboard carries its own words, not the whole app's. The app starts with BASE_AREAS (the
 * shell, the shared components and the landing page: the first chunk's code);
 * `lazyPage` declares the rest per route. `app-areas.test.ts` walks each route's imports and fails when
 * a screen uses an id of an area its route does not declare.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import type { Locale } from "../../contract/languages";
import { currentLocale, i18n } from "./i18n";
import { readyMessages } from "./i18n-precompiled";

export const APP_AREAS = [
  "auth",
  "availability",
  "blocklist",
  "calendars",
  "common",
  "contacts",
  "dashboard",
  "developers",
  "embeds",
  "eventTypes",
  "landing",
  "meetings",
  "polls",
  "settings",
  "shell",
  "teams",
  "translations",
  "validation",
  "webhooks",
  "workflows",
] as const;
export type AppArea = (typeof APP_AREAS)[number];

/**
 * The contract's and server's texts in other languages (server-text.ts): loaded with every language
 * but English, whose texts need no translation, whatever the screen.
 */
export const SERVER_TEXTS_AREA: AppArea = "validation";

/** What the code of the app's first chunk speaks: loaded with the language, before the first render. */
export const BASE_AREAS: readonly AppArea[] = ["shell", "common", "landing"];

const files = import.meta.glob<Record<string, string>>("../../i18n/app/*/*.json", { import: "default" });

/** Every area a screen has asked for so far: a change of language loads them all in the new one. */
const wanted = new Set<AppArea>(BASE_AREAS);

/** The words of `areas` in `locale`, ready for Lingui. */
export async function areaMessages(locale: Locale, areas: Iterable<AppArea>) {
  const parts = await Promise.all(
    [...areas].map((area) => {
      const load = files[`../../i18n/app/${area}/${locale}.json`];
      if (!load) throw new Error(`no ${area} catalogue for ${locale}`);
      return load().then(readyMessages);
    }),
  );
  return Object.assign({}, ...parts) as Record<string, unknown>;
}

/** The areas every screen so far has asked for (for a change of language). */
export const wantedAreas = (): readonly AppArea[] => [...wanted];

/** Areas on their way into the active language, so a second screen asking for one waits for it too. */
const arriving = new Map<AppArea, Promise<void>>();

/**
 * Adds `areas` to the active language's words. A wanted area is loaded already or arriving: the
 * language in force loaded every wanted area when it was activated (app-language.ts).
 */
export async function ensureAreas(areas: readonly AppArea[]): Promise<void> {
  const missing = areas.filter((area) => !wanted.has(area));
  if (missing.length > 0) {
    const locale = currentLocale();
    const arrival = areaMessages(locale, missing).then(
      (messages) => i18n.load(locale, messages as never),
      (error: unknown) => {
        // Not loaded: the next screen that asks tries again.
        for (const area of missing) wanted.delete(area);
        throw error;
      },
    );
    for (const area of missing) {
      wanted.add(area);
      arriving.set(area, arrival);
    }
    arrival.then(
      () => forget(missing, arrival),
      () => forget(missing, arrival),
    );
  }
  await Promise.all(areas.map((area) => arriving.get(area)));
}

function forget(areas: readonly AppArea[], arrival: Promise<void>): void {
  for (const area of areas) if (arriving.get(area) === arrival) arriving.delete(area);
}

/** A route's screen, shown once its module and its areas' words have both arrived. */
// biome-ignore lint/suspicious/noExplicitAny: the bound React's own `lazy` takes, any screen's props.
export function lazyPage<T extends ComponentType<any>>(
  areas: readonly AppArea[],
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  return lazy(() => Promise.all([load(), ensureAreas(areas)]).then(([module]) => module));
}
