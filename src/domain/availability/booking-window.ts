import { formatDate, parseDate, weekdayIndex } from "./calendar-days.js";
import type { BookingWindow } from "./types.js";

/** Inclusive range of epoch day numbers; an open end is +/-Infinity. */
export interface DayRange {
  first: number;
  last: number;
}

/**
 * Host-zone local dates an event type can be booked on, given today's local date (day number),
 * or null when there are none. Dates before today are never inside.
 * - rolling, unit 'days': today .. today + daysAhead - 1.
 * - rolling, unit 'weekdays': today .. the daysAhead-th Monday-Friday date counting today when it is
 *   one; weekend dates in between are inside (they are bookable if the host works them).
 * - rolling without a daysAhead: no limit. daysAhead < 1: no dates.
 * - within: withinStart .. withinEnd. A start without an end is that one day (the date range picker
 *   stores a same-day pick so, spec section 5); an end without a start is open before it; an unreadable
 *   bound gives no dates.
 * - indefinite: no limit.
 */
export function bookingWindowDays(window: BookingWindow, today: number): DayRange | null {
  let first = today;
  let last = Number.POSITIVE_INFINITY;
  if (window.mode === "rolling" && window.daysAhead !== undefined) {
    const n = Math.floor(window.daysAhead);
    if (!(n >= 1)) return null;
    last = window.unit === "weekdays" ? nthWeekday(today, n) : today + n - 1;
  } else if (window.mode === "within") {
    const start = window.withinStart ? parseDate(window.withinStart) : Number.NEGATIVE_INFINITY;
    const end = window.withinEnd ? parseDate(window.withinEnd) : start;
    if (start === undefined || end === undefined) return null;
    first = Math.max(first, start);
    last = end;
  }
  return first <= last ? { first, last } : null;
}

/** The n-th Monday-Friday date on or after a day (n >= 1). */
function nthWeekday(from: number, n: number): number {
  const weekday = weekdayIndex(from);
  // Move to the first weekday on or after `from`, then whole weeks of five.
  const firstWeekday = weekday === 6 ? from + 2 : weekday === 0 ? from + 1 : from;
  const offsetInWeek = weekdayIndex(firstWeekday) - 1; // Monday = 0
  const k = offsetInWeek + (n - 1);
  return firstWeekday - offsetInWeek + Math.floor(k / 5) * 7 + (k % 5);
}

/**
 * The same range as 'YYYY-MM-DD' strings for the API and the calendar (end null = no limit),
 * or null when nothing can be booked. `today` is the host-zone local date.
 */
export function bookingWindowDates(
  window: BookingWindow,
  today: string,
): { start: string; end: string | null } | null {
  const day = parseDate(today);
  if (day === undefined) throw new RangeError(`Not a date: ${today}`);
  const range = bookingWindowDays(window, day);
  if (!range) return null;
  return { start: formatDate(range.first), end: Number.isFinite(range.last) ? formatDate(range.last) : null };
}
