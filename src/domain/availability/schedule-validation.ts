import { parseTimeLabel } from "../time-labels.js";
import { parseDate } from "./calendar-days.js";
import { type DateOverride, type DaySchedule, type TimeSlot, WEEKDAYS } from "./types.js";

/**
 * One problem of a schedule, at a dotted path of the request body such as
 * 'schedule.1.timeSlots.0.endTime' (the form the API's `errors` object uses).
 */
export interface ValidationProblem {
  path: string;
  message: string;
}

export const MESSAGES = {
  weekLength: "The schedule needs one entry per weekday",
  weekday: "Use a weekday name such as monday",
  weekdayTwice: "Each weekday appears once",
  boolean: "Must be true or false",
  slotList: "Must be a list of time slots",
  time: "Use a time like 9:00am",
  endBeforeStart: "End time must be after start time",
  overlap: "Time slots overlap",
  overrideList: "Must be a list of date overrides",
  date: "Use a date like 2026-07-04",
  dateTwice: "This date already has an override",
  noSlots: "Add at least one time slot or mark the date unavailable",
} as const;

/** Problems of a weekly schedule and its overrides; empty when both are valid. */
export function validateSchedule(
  weekly: readonly DaySchedule[],
  overrides: readonly DateOverride[],
): ValidationProblem[] {
  return [...validateWeekly(weekly), ...validateOverrides(overrides)];
}

/** Seven entries, each weekday once, valid non-overlapping slots (checked on unavailable days too). */
export function validateWeekly(weekly: readonly DaySchedule[], prefix = "schedule"): ValidationProblem[] {
  if (!Array.isArray(weekly)) return [{ path: prefix, message: MESSAGES.weekLength }];
  const problems: ValidationProblem[] = [];
  if (weekly.length !== 7) problems.push({ path: prefix, message: MESSAGES.weekLength });
  const seen = new Set<string>();
  weekly.forEach((d, i) => {
    const at = `${prefix}.${i}`;
    if (!d || typeof d !== "object") {
      problems.push({ path: at, message: MESSAGES.weekday });
      return;
    }
    if (!WEEKDAYS.includes(d.day)) problems.push({ path: `${at}.day`, message: MESSAGES.weekday });
    else if (seen.has(d.day)) problems.push({ path: `${at}.day`, message: MESSAGES.weekdayTwice });
    else seen.add(d.day);
    if (typeof d.isAvailable !== "boolean")
      problems.push({ path: `${at}.isAvailable`, message: MESSAGES.boolean });
    problems.push(...validateTimeSlots(d.timeSlots, `${at}.timeSlots`));
  });
  return problems;
}

/** Real, distinct dates; an available override needs at least one valid slot and no overlaps. */
export function validateOverrides(
  overrides: readonly DateOverride[],
  prefix = "dateOverrides",
): ValidationProblem[] {
  if (!Array.isArray(overrides)) return [{ path: prefix, message: MESSAGES.overrideList }];
  const problems: ValidationProblem[] = [];
  const seen = new Set<number>();
  overrides.forEach((o, i) => {
    const at = `${prefix}.${i}`;
    if (!o || typeof o !== "object") {
      problems.push({ path: at, message: MESSAGES.date });
      return;
    }
    const day = parseDate(o.date);
    if (day === undefined) problems.push({ path: `${at}.date`, message: MESSAGES.date });
    else if (seen.has(day)) problems.push({ path: `${at}.date`, message: MESSAGES.dateTwice });
    else seen.add(day);
    if (typeof o.isAvailable !== "boolean")
      problems.push({ path: `${at}.isAvailable`, message: MESSAGES.boolean });
    if (o.isAvailable === true) {
      if (Array.isArray(o.timeSlots) && o.timeSlots.length === 0) {
        problems.push({ path: `${at}.timeSlots`, message: MESSAGES.noSlots });
      } else {
        problems.push(...validateTimeSlots(o.timeSlots, `${at}.timeSlots`));
      }
    }
  });
  return problems;
}

/**
 * Each slot's labels, end after start ('12:00am' as an end is midnight at the end of the day),
 * and no two slots sharing a minute; slots that only touch (5:00pm / 5:00pm) are fine. An
 * overlap is reported on the start time of the later-listed slot of the pair.
 */
export function validateTimeSlots(slots: readonly TimeSlot[], prefix: string): ValidationProblem[] {
  if (!Array.isArray(slots)) return [{ path: prefix, message: MESSAGES.slotList }];
  const problems: ValidationProblem[] = [];
  const ranges: { i: number; start: number; end: number }[] = [];
  slots.forEach((slot, i) => {
    const at = `${prefix}.${i}`;
    const start = parseTimeLabel(slot?.startTime);
    const end = parseTimeLabel(slot?.endTime, "end");
    if (start === undefined) problems.push({ path: `${at}.startTime`, message: MESSAGES.time });
    if (end === undefined) problems.push({ path: `${at}.endTime`, message: MESSAGES.time });
    if (start === undefined || end === undefined) return;
    if (end <= start) problems.push({ path: `${at}.endTime`, message: MESSAGES.endBeforeStart });
    else ranges.push({ i, start, end });
  });
  ranges.sort((a, b) => a.start - b.start || a.i - b.i);
  const reported = new Set<number>();
  let reach = ranges[0];
  for (let k = 1; k < ranges.length; k++) {
    const cur = ranges[k];
    if (cur.start < reach.end) {
      const later = Math.max(reach.i, cur.i);
      if (!reported.has(later)) {
        reported.add(later);
        problems.push({ path: `${prefix}.${later}.startTime`, message: MESSAGES.overlap });
      }
    }
    if (cur.end > reach.end) reach = cur;
  }
  return problems;
}
