import { Temporal } from "temporal-polyfill";
import type { RecurrenceFrequency } from "./recurrence-rules.js";

export * from "./recurrence-rules.js";

/**
 * Recurring bookings (issue 28 item 3): a series repeats the first meeting's local wall time in the
 * invitee's zone, so 9:00 New York stays 9:00 New York after a clock change. The rules follow
 * RFC 5545, so that the ICS RRULE a calendar app expands gives the same instants:
 * - weekly / every 2 weeks: the same weekday, 7 or 14 local days apart;
 * - monthly: the same day of the month; a month without that day (the 31st in April) is skipped and
 *   does not count towards the occurrences (RFC 5545 3.3.10: invalid dates are ignored);
 * - a wall time that a clock change skips (2:30 on the spring-forward night) is moved later by the
 *   gap's length, a repeated one (autumn) is its first instant (RFC 5545 3.3.5, Temporal 'compatible').
 */
/** A month without the start's day is skipped; this many in a row means no month has it (never for 1-31). */
const MAX_MONTH_SCAN = 12 * 8;

/**
 * The starts (epoch ms) of `count` occurrences of a series whose first meeting starts at `start`,
 * repeated by wall time in `zone`. The first is `start` itself.
 */
export function expandOccurrences(
  start: number,
  zone: string,
  frequency: RecurrenceFrequency,
  count: number,
): number[] {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`Not a count of occurrences: ${count}`);
  const first = Temporal.Instant.fromEpochMilliseconds(start).toZonedDateTimeISO(zone);
  const wall = first.toPlainDateTime();
  const at = (date: Temporal.PlainDate): number =>
    date.toPlainDateTime(wall.toPlainTime()).toZonedDateTime(zone, { disambiguation: "compatible" })
      .epochMilliseconds;
  const out = [start];
  if (frequency !== "monthly") {
    const days = frequency === "weekly" ? 7 : 14;
    for (let i = 1; i < count; i++) out.push(at(wall.toPlainDate().add({ days: days * i })));
    return out;
  }
  const month = Temporal.PlainYearMonth.from({ year: wall.year, month: wall.month });
  for (let k = 1, misses = 0; out.length < count; k++) {
    const ym = month.add({ months: k });
    if (wall.day > ym.daysInMonth) {
      if (++misses > MAX_MONTH_SCAN) throw new RangeError("No month has this day");
      continue;
    }
    misses = 0;
    out.push(at(Temporal.PlainDate.from({ year: ym.year, month: ym.month, day: wall.day })));
  }
  return out;
}
