import { fetchPublicEventType, fetchSlotDays, fetchSlots, movingFrom } from "./bookingApi";
import { dateInZone, detectTimeZone } from "./time";

/**
 * Slots should show within 500 ms of navigation. The public app's tiny entry (book.tsx) calls this
 * before the app chunk has arrived, so the first three requests (event type, the month's open
 * days, today's times) run while the code loads, in parallel with each other.
 * The page's queries take these promises once; every later fetch goes to the network as usual.
 */
const pending = new Map<string, { promise: Promise<unknown>; at: number }>();
/** Older answers are not worth showing: times move as others book. */
const FRESH_MS = 10_000;

const key = (parts: readonly string[]) => parts.join("|");

let started = false;

/** Once per page load: the public app's entry calls it, and so does the booking chunk (host app). */
export function startEarlyFetches(location: { pathname: string; search: string }): void {
  const match = location.pathname.match(/^\/book\/([^/]+)\/?$/);
  if (!match || started) return;
  started = true;
  const slug = decodeURIComponent(match[1]).toLowerCase();
  const moving = movingFrom(new URLSearchParams(location.search));
  const zone = detectTimeZone();
  const today = dateInZone(Date.now(), zone);
  const month = today.slice(0, 7);
  const keep = (k: string, p: Promise<unknown>) => {
    p.catch(() => undefined); // Unused failures must not surface as unhandled rejections.
    pending.set(k, { promise: p, at: Date.now() });
  };
  keep(key(["event-type", slug]), fetchPublicEventType(slug));
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
