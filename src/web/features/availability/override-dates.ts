import { addDays } from "../../components/ui";
import { t } from "../../lib/i18n";
import { shortDate } from "./schedule-format";

/** How the override dialog's calendar picks: one date (editing), several dates, or a range. */
export type PickMode = "single" | "dates" | "range";

/** The dates chosen and, while a range waits for its end, the day it starts from. */
export interface DatePick {
  dates: string[];
  rangeStart: string | null;
}

/** Longest range one pick fills (a season's leave); more is a sign of a slipped click. */
export const MAX_RANGE_DAYS = 92;

/** Every day from `a` to `b`, inclusive, in order whichever comes first. */
export function daysBetween(a: string, b: string): string[] {
  const [from, to] = a <= b ? [a, b] : [b, a];
  const days: string[] = [];
  for (let d = from; d <= to && days.length < MAX_RANGE_DAYS; d = addDays(d, 1)) days.push(d);
  return days;
}

/**
 * A click on `date`. Single: that date. Dates: toggles it. Range: the first click starts a range (that
 * day alone), the second fills every day between the two, a third starts again.
 */
export function pickDate(pick: DatePick, date: string, mode: PickMode): DatePick {
  if (mode === "single") return { dates: [date], rangeStart: null };
  if (mode === "dates") {
    const dates = pick.dates.includes(date) ? pick.dates.filter((d) => d !== date) : [...pick.dates, date];
    return { dates: dates.sort(), rangeStart: null };
  }
  if (pick.rangeStart === null) return { dates: [date], rangeStart: date };
  return { dates: daysBetween(pick.rangeStart, date), rangeStart: null };
}

/** True when the dates are one unbroken run of days. */
function unbroken(dates: string[]): boolean {
  return dates.every((d, i) => i === 0 || addDays(dates[i - 1], 1) === d);
}

/** What the dialog says under the calendar: the date, the range, or the dates chosen. */
export function describeDates(dates: string[]): string {
  if (dates.length === 0) return "";
  if (dates.length === 1) return shortDate(dates[0]);
  if (unbroken(dates))
    return t("availability.describe.range", {
      start: shortDate(dates[0]),
      end: shortDate(dates[dates.length - 1]),
      count: dates.length,
    });
  if (dates.length <= 4) return dates.map(shortDate).join("; ");
  return t("availability.describe.many", {
    count: dates.length,
    start: shortDate(dates[0]),
    end: shortDate(dates[dates.length - 1]),
  });
}
