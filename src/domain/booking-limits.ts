import type { BookingLimits, LimitField } from "../contract/booking-limits.js";
import {
  civilFromDays,
  daysFromCivil,
  formatDate,
  parseDate,
  weekdayIndex,
} from "./availability/calendar-days.js";
import { localDateRange } from "./availability/present.js";

/**
 * Booking limits (issue 28, item 4), pure: which bookings fall in the day, week or month of a start,
 * in the host's zone (weeks start on the host's week start), and whether one more booking of
 * `duration` minutes would pass a limit of the event type or of the host. The slot engine filters
 * slots with it and the booking transaction checks it again under its lock, on the same rows.
 */

/** A booking that counts: [start ms, minutes, event type id, booking id]. Confirmed and pending ones. */
export type LimitRow = [start: number, minutes: number, eventTypeId: string | null, id: string];

export interface LimitRules {
  eventTypeId: string;
  eventType: BookingLimits;
  host: BookingLimits;
  zone: string;
  weekStart: "sunday" | "monday";
  /** Minutes of the meeting being booked. */
  duration: number;
}

type Period = "day" | "week" | "month";
const PERIOD_OF: Record<LimitField, Period> = {
  perDay: "day",
  perWeek: "week",
  perMonth: "month",
  minutesPerDay: "day",
  minutesPerWeek: "week",
};
const MINUTES: ReadonlySet<LimitField> = new Set(["minutesPerDay", "minutesPerWeek"]);

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The local day number (days since 1970-01-01) of an instant in a zone. */
function localDay(t: number, zone: string): number {
  let f = dayFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    dayFormats.set(zone, f);
  }
  return parseDate(f.format(t)) as number;
}

/** The instants [from, to) of the period of `t` in the zone. */
export function periodRange(
  period: Period,
  t: number,
  zone: string,
  weekStart: "sunday" | "monday",
): { from: number; to: number } {
  const day = localDay(t, zone);
  let first = day;
  let end = day + 1;
  if (period === "week") {
    const offset = (weekdayIndex(day) - (weekStart === "monday" ? 1 : 0) + 7) % 7;
    first = day - offset;
    end = first + 7;
  } else if (period === "month") {
    const { year, month } = civilFromDays(day);
    first = daysFromCivil(year, month, 1);
    end = month === 12 ? daysFromCivil(year + 1, 1, 1) : daysFromCivil(year, month + 1, 1);
  }
  return {
    from: localDateRange(formatDate(first), zone).from,
    to: localDateRange(formatDate(end), zone).from,
  };
}

/** How far back and ahead of a lookup the counted bookings must reach: a month and a little. */
export const LIMIT_MARGIN_MS = 32 * 86_400_000;

/**
 * The first limit one more booking at `t` would pass, or null. `rows` must cover the periods of `t`
 * (LIMIT_MARGIN_MS around it). `cache` may be shared across the starts of one lookup.
 */
export function limitReached(
  rows: readonly LimitRow[],
  t: number,
  rules: LimitRules,
  cache: Map<string, { count: number; minutes: number }> = new Map(),
): LimitField | null {
  for (const [scope, limits] of [
    ["eventType", rules.eventType],
    ["host", rules.host],
  ] as const) {
    for (const field of Object.keys(PERIOD_OF) as LimitField[]) {
      const max = limits[field];
      if (typeof max !== "number") continue;
      const range = periodRange(PERIOD_OF[field], t, rules.zone, rules.weekStart);
      const key = `${scope}|${PERIOD_OF[field]}|${range.from}`;
      let used = cache.get(key);
      if (!used) {
        used = { count: 0, minutes: 0 };
        for (const [start, minutes, eventTypeId] of rows) {
          if (start < range.from || start >= range.to) continue;
          if (scope === "eventType" && eventTypeId !== rules.eventTypeId) continue;
          used.count += 1;
          used.minutes += minutes;
        }
        cache.set(key, used);
      }
      const over = MINUTES.has(field) ? used.minutes + rules.duration > max : used.count + 1 > max;
      if (over) return field;
    }
  }
  return null;
}
