import type { Locale } from "./languages.js";

/**
 * The key of one API answer a page asks for first, shared by the server (which inlines the answers
 * into the page's HTML, src/server/pages.ts) and the page (src/web/features/bookings/earlyFetch.ts):
 * e.g. ["event-type", slug], ["month", slug, "2026-11", zone, movingUid], ["day", slug, date, zone, movingUid].
 */
export const firstAnswerKey = (parts: readonly string[]): string => parts.join("|");

/**
 * What the server gives the booking page's first-view renderer (src/web/ssr.tsx, built to
 * dist/ssr/ssr.js and loaded by src/server/lib/first-view.ts).
 */
export interface FirstViewRequest {
  /** The page's path and query, as the browser asked for them. */
  pathname: string;
  search: string;
  /** The zone the answers are in (the browser's from an earlier visit, else the host's), and the server's clock. */
  zone: string;
  now: number;
  /** The page's first answers, keyed by firstAnswerKey. */
  answers: Record<string, unknown>;
  /** The page's language and its compiled catalogue (issue 27), as inlined into the page. */
  language: { locale: Locale; messages: Record<string, unknown> };
}
