import { firstAnswerKey as key } from "../../../contract/first-answers";
import { matchUserPath } from "../../../contract/usernames";
import {
  eventRefOf,
  fetchPublicEventType,
  fetchPublicProfile,
  fetchSlotDays,
  fetchSlots,
  movingFrom,
} from "./bookingApi";

/** The host a profile page's address names (/{username} or /user/{id}), or null for other pages. */
function profileRefOf(pathname: string): string | null {
  const byId = pathname.match(/^\/user\/([^/]+)\/?$/);
  if (byId) return byId[1].toLowerCase();
  const user = matchUserPath(pathname);
  return user && !user.slug ? user.username : null;
}

/** The event type a booking page's address names (see eventRefOf), or null for other pages. */
function bookingRefOf(pathname: string): string | null {
  const legacy = pathname.match(/^\/book\/([^/]+)\/?$/);
  if (legacy) {
    try {
      return eventRefOf(undefined, decodeURIComponent(legacy[1]));
    } catch {
      return null;
    }
  }
  const user = matchUserPath(pathname);
  return user?.slug ? eventRefOf(user.username, user.slug) : null;
}

import { embed, embedZone } from "./embed";
import { dateInZone, detectTimeZone } from "./time";

/**
 * Slots should show within 500 ms of navigation (1.5 s on a slow phone network). The server puts
 * the page's first answers into its HTML when it can (the event type, and in the zone this browser
 * reported on an earlier visit, else the host's: the month's open days and the first days' times);
 * the public app's tiny entry (book.tsx) calls this before the app chunk has arrived, and what was
 * not inlined (event type, the month's open days, today's times) is requested at once, in parallel,
 * while the code loads. The page's queries take these answers once; later fetches go to the network.
 */
const pending = new Map<string, { promise: Promise<unknown>; at: number; settled?: { data: unknown } }>();
/** Older answers are not worth showing: times move as others book. */
const FRESH_MS = 10_000;

/** The element the server puts the page's first answers in (src/server/lib/web-pages.ts). */
const FIRST_ANSWERS_ID = "kairos-first-answers";
/** The server reads the browser's zone from this cookie to inline times in it on the next visit. */
const ZONE_COOKIE = "kairos_tz";

/** The answers the server inlined into the page, by key; read once. */
function inlinedAnswers(): Record<string, unknown> {
  const element = typeof document === "undefined" ? null : document.getElementById(FIRST_ANSWERS_ID);
  if (!element?.textContent) return {};
  element.remove();
  try {
    return JSON.parse(element.textContent) as Record<string, unknown>;
  } catch {
    return {};
  }
}

let started = false;

/** Once per page load: the public app's entry calls it, and so does the booking chunk (host app). */
export function startEarlyFetches(location: { pathname: string; search: string }): void {
  if (started) return;
  const slug = bookingRefOf(location.pathname);
  const profile = slug ? null : profileRefOf(location.pathname);
  if (!slug && !profile) return;
  started = true;
  const inlined = inlinedAnswers();
  const at = Date.now();
  for (const [k, data] of Object.entries(inlined)) {
    pending.set(k, { promise: Promise.resolve(data), at, settled: { data } });
  }
  const keep = (k: string, fetcher: () => Promise<unknown>) => {
    if (pending.has(k)) return;
    const p = fetcher();
    const entry: { promise: Promise<unknown>; at: number; settled?: { data: unknown } } = {
      promise: p,
      at: Date.now(),
    };
    p.then(
      (data) => {
        entry.settled = { data };
      },
      () => undefined, // Unused failures must not surface as unhandled rejections.
    );
    pending.set(k, entry);
  };
  // The public profile: one call, started with the app chunk as the booking page's are.
  if (profile) {
    keep(key(["profile", profile]), () => fetchPublicProfile(profile));
    return;
  }
  if (!slug) return;
  // The event type needs no zone: it goes first, while the browser loads its time zone data (the
  // first Intl call costs 15-30 ms).
  keep(key(["event-type", slug]), () => fetchPublicEventType(slug));
  const moving = movingFrom(new URLSearchParams(location.search));
  const zone = embedZone ?? detectTimeZone();
  // Embedded, the page writes no cookie (it may be blocked; the frame keeps its state in memory).
  if (!embed) {
    // biome-ignore lint/suspicious/noDocumentCookie: one fixed-name cookie written before any module loads (the Cookie Store API is not in every browser this page supports)
    document.cookie = `${ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
  }
  const today = dateInZone(Date.now(), zone);
  const month = today.slice(0, 7);
  keep(key(["month", slug, month, zone, moving?.uid ?? ""]), () => fetchSlotDays(slug, month, zone, moving));
  // Often the first open day is today; if not, this costs one small request.
  keep(key(["day", slug, today, zone, moving?.uid ?? ""]), () => fetchSlots(slug, today, zone, moving));
}

/** The early promise for these parts, once; otherwise the fallback call. */
export function takeEarly<T>(parts: readonly string[], fallback: () => Promise<T>): Promise<T> {
  const k = key(parts);
  const hit = pending.get(k);
  pending.delete(k);
  return hit && Date.now() - hit.at < FRESH_MS ? (hit.promise as Promise<T>) : fallback();
}

/** The early answer for these parts if it has already arrived, left for its query to take. */
export function peekEarly<T>(parts: readonly string[]): T | undefined {
  const hit = pending.get(key(parts));
  return hit?.settled && Date.now() - hit.at < FRESH_MS ? (hit.settled.data as T) : undefined;
}

/**
 * Runs `render` (synchronous: the server's first view of a page, ssr.tsx) with `answers` as the
 * page's early answers, and forgets them afterwards, so one request's answers never reach another's.
 */
export function withFirstAnswers<T>(answers: Record<string, unknown>, render: () => T): T {
  const at = Date.now();
  for (const [k, data] of Object.entries(answers)) {
    pending.set(k, { promise: Promise.resolve(data), at, settled: { data } });
  }
  try {
    return render();
  } finally {
    pending.clear();
  }
}

/**
 * The early answer for these parts if it has already arrived (once), for a query's `initialData`:
 * the page then renders with it at once instead of passing through a loading state.
 */
export function earlyData<T>(parts: readonly string[]): T | undefined {
  const k = key(parts);
  const hit = pending.get(k);
  if (!hit?.settled || Date.now() - hit.at >= FRESH_MS) return undefined;
  pending.delete(k);
  return hit.settled.data as T;
}
