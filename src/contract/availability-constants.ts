/** Weekdays, defaults and limits of schedules, without zod (availability.ts re-exports them with the schemas). */
/** The slot engine's weekdays (Sunday first), kept in one place: domain/availability/types.ts. */
export { WEEKDAYS, type Weekday } from "../domain/availability/types.js";
export const DAY_CODES = ["S", "M", "T", "W", "T", "F", "S"] as const;

export const DEFAULT_SCHEDULE_NAME = "Working hours (default)";
export const DEFAULT_SLOT = { startTime: "9:00am", endTime: "5:00pm" } as const;
/** Editor choices (spec section 9); the API accepts any value inside the limits below. */
export const MAXIMUM_NOTICE_OPTIONS_DAYS = [30, 60, 90, 120] as const;
/** Editor choices in hours; the API stores minimumNotice in minutes (hours * 60). */
export const MINIMUM_NOTICE_OPTIONS_HOURS = [1, 2, 4, 8, 24] as const;
export const DEFAULT_MAXIMUM_NOTICE_DAYS = 60;
export const LIMITS = {
  bufferMinutesMax: 1440,
  minimumNoticeMinutesMax: 525_600,
  maximumNoticeDaysMin: 1,
  maximumNoticeDaysMax: 730,
  slotsPerDayMax: 24,
  overridesMax: 500,
  nameMax: 100,
  reasonMax: 200,
} as const;
