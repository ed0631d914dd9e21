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

import { dateInZone, detectTimeZone } from "./time";

/**
 * Slots should show within 500 ms of navigation. The public app's tiny entry (book.tsx) calls this
 * before the app chunk has arrived, so the first three requests (event type, the month's open
 * days, today's times) run while the code loads, in parallel with each other.
 * The page's queries take these promises once; every later fetch goes to the network as usual.
 */
const pending = new Map<string, { promise: Promise<unknown>; at: number; settled?: { data: unknown } }>();
/** Older answers are not worth showing: times move as others book. */
const FRESH_MS = 10_000;

const key = (parts: readonly string[]) => parts.join("|");

let started = false;

/** Once per page load: the public app's entry calls it, and so does the booking chunk (host app). */
export function startEarlyFetches(location: { pathname: string; search: string }): void {
  if (started) return;
  const slug = bookingRefOf(location.pathname);
  const profile = slug ? null : profileRefOf(location.pathname);
  if (!slug && !profile) return;
  started = true;
  const keep = (k: string, p: Promise<unknown>) => {
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
    keep(key(["profile", profile]), fetchPublicProfile(profile));
    return;
  }
  if (!slug) return;
  // The event type needs no zone: it goes first, while the browser loads its time zone data (the
  // first Intl call costs 15-30 ms).
  keep(key(["event-type", slug]), fetchPublicEventType(slug));
  const moving = movingFrom(new URLSearchParams(location.search));
  const zone = detectTimeZone();
  const today = dateInZone(Date.now(), zone);
  const month = today.slice(0, 7);
  keep(key(["month", slug, month, zone, moving?.uid ?? ""]), fetchSlotDays(slug, month, zone, moving));
  // Often the first open day is today; if not, this costs one small request.
  keep(key(["day", slug, today, zone, moving?.uid ?? ""]), fetchSlots(slug, today, zone, moving));
}

/** The early promise for these parts, once; otherwise the fallback call. */
export function takeEarly<T>(parts: readonly string[], fallback: () => Promise<T>): Promise<T> {
  const k = key(parts);
  const hit = pending.get(k);
  pending.delete(k);
  return hit && Date.now() - hit.at < FRESH_MS ? (hit.promise as Promise<T>) : fallback();
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
