import { z } from "zod";
import { isValidDate as isCalendarDate } from "../domain/availability/calendar-days.js";
import { formatTimeLabel, isValidTimeZone, parseTimeLabel } from "../domain/time-labels.js";
import { DAY_CODES, DEFAULT_SLOT, LIMITS, WEEKDAYS, type Weekday } from "./availability-constants.js";

/** A real calendar date as YYYY-MM-DD (2026-02-30 is refused), in a sane range of years. */
export function isValidDate(value: string): boolean {
  if (!isCalendarDate(value)) return false;
  const year = Number(value.slice(0, 4));
  return year >= 1970 && year <= 2200;
}
export const dateSchema = z.string().refine(isValidDate, { message: "Use a date like 2026-07-04" });

/**
 * A zone the slot engine can compute in: an IANA name with rules. Stricter
 * than common.ts's timeZoneSchema, which lets fixed offsets such as '+05:30' through.
 */
export const scheduleTimeZoneSchema = z.string().refine(isValidTimeZone, { message: "Unknown timezone" });

// The plain constants live apart, without zod, for screens that load only them (issue 30).
export * from "./availability-constants.js";

/** A time label, normalised to the canonical '9:00am' form; as an end, '12:00am' is the end of the day. */
export const timeLabelSchema = z
  .string()
  .refine((s) => parseTimeLabel(s) !== undefined, { message: "Use a time like 9:00am" })
  .transform((s) => formatTimeLabel(parseTimeLabel(s) as number));

export const timeSlotSchema = z.object({ startTime: timeLabelSchema, endTime: timeLabelSchema });
export type TimeSlot = z.infer<typeof timeSlotSchema>;

/** Adds an issue at `path` for each inverted slot and each slot that overlaps an earlier one. */
function checkSlots(slots: TimeSlot[], path: (string | number)[], ctx: z.RefinementCtx): void {
  const ranges = slots
    .map((s, i) => ({ i, start: parseTimeLabel(s.startTime), end: parseTimeLabel(s.endTime, "end") }))
    .filter(
      (r): r is { i: number; start: number; end: number } => r.start !== undefined && r.end !== undefined,
    );
  for (const r of ranges) {
    if (r.end <= r.start) {
      ctx.addIssue({
        code: "custom",
        path: [...path, r.i, "endTime"],
        message: "End time must be after start time",
      });
    }
  }
  const valid = ranges.filter((r) => r.end > r.start).sort((a, b) => a.start - b.start || a.i - b.i);
  for (let k = 1; k < valid.length; k++) {
    const prev = valid[k - 1];
    const cur = valid[k];
    if (cur.start < prev.end) {
      const later = Math.max(prev.i, cur.i);
      ctx.addIssue({
        code: "custom",
        path: [...path, later, "startTime"],
        message: "Time slots overlap",
      });
    }
  }
}

const slotList = z.array(timeSlotSchema).max(LIMITS.slotsPerDayMax, "Too many time slots");

export const dayScheduleSchema = z
  .object({
    day: z.enum(WEEKDAYS, { message: "Use a weekday name such as monday" }),
    /** Ignored on input; the server derives it from `day`. */
    dayCode: z.string().optional(),
    isAvailable: z.boolean(),
    timeSlots: slotList.default([]),
  })
  .superRefine((d, ctx) => checkSlots(d.timeSlots, ["timeSlots"], ctx));

/** Seven entries, one per weekday in any order; stored and answered Sunday first. */
export const weeklyScheduleSchema = z
  .array(dayScheduleSchema)
  .length(7, "The schedule needs one entry per weekday")
  .superRefine((days, ctx) => {
    const seen = new Set<string>();
    days.forEach((d, i) => {
      if (seen.has(d.day))
        ctx.addIssue({ code: "custom", path: [i, "day"], message: "Each weekday appears once" });
      seen.add(d.day);
    });
  });

export const dateOverrideSchema = z
  .object({
    /** Accepted and ignored: overrides are keyed by date. */
    _id: z.string().optional(),
    id: z.string().optional(),
    date: dateSchema,
    isAvailable: z.boolean(),
    reason: z.string().trim().max(LIMITS.reasonMax).nullish(),
    /** Required (at least one) when isAvailable; dropped when not. */
    timeSlots: slotList.default([]),
  })
  .superRefine((o, ctx) => {
    if (o.isAvailable && o.timeSlots.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["timeSlots"],
        message: "Add at least one time slot or mark the date unavailable",
      });
    }
    if (o.isAvailable) checkSlots(o.timeSlots, ["timeSlots"], ctx);
  });
export type DateOverrideInput = z.infer<typeof dateOverrideSchema>;

const overrideList = z
  .array(dateOverrideSchema)
  .max(LIMITS.overridesMax, "Too many date overrides")
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((o, i) => {
      if (seen.has(o.date))
        ctx.addIssue({ code: "custom", path: [i, "date"], message: "This date already has an override" });
      seen.add(o.date);
    });
  });

const minutes = (max: number, label: string) =>
  z
    .number({ message: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} is too large`);

const scheduleFields = {
  name: z.string().trim().min(1, "Name is required").max(LIMITS.nameMax),
  timezone: scheduleTimeZoneSchema,
  schedule: weeklyScheduleSchema,
  dateOverrides: overrideList,
  /** Minutes kept free before each booking. */
  bufferTimeBefore: minutes(LIMITS.bufferMinutesMax, "Buffer"),
  /** Minutes kept free after each booking. */
  bufferTimeAfter: minutes(LIMITS.bufferMinutesMax, "Buffer"),
  /** Minutes between now and the earliest bookable start. */
  minimumNotice: minutes(LIMITS.minimumNoticeMinutesMax, "Minimum notice"),
  /** Days ahead that can be booked. */
  maximumNotice: z
    .number({ message: "Maximum notice must be a number" })
    .int("Maximum notice must be a whole number of days")
    .min(LIMITS.maximumNoticeDaysMin, "Maximum notice must be at least 1 day")
    .max(LIMITS.maximumNoticeDaysMax, "Maximum notice is too large"),
};

/**
 * POST /availability. Only `name` is required; missing fields take the defaults:
 * timezone = the host's zone, Mon-Fri 9:00am-5:00pm, buffers and minimum notice
 * from calendar settings, maximumNotice 60. isDefault true makes it the default.
 */
export const createScheduleBody = z
  .object({
    name: scheduleFields.name,
    timezone: scheduleFields.timezone.optional(),
    schedule: scheduleFields.schedule.optional(),
    dateOverrides: scheduleFields.dateOverrides.optional(),
    bufferTimeBefore: scheduleFields.bufferTimeBefore.optional(),
    bufferTimeAfter: scheduleFields.bufferTimeAfter.optional(),
    minimumNotice: scheduleFields.minimumNotice.optional(),
    maximumNotice: scheduleFields.maximumNotice.optional(),
    isDefault: z.boolean().optional(),
  })
  .strict();
export type CreateScheduleBody = z.infer<typeof createScheduleBody>;

/** PUT /availability/:id. Every field optional (partial update); dateOverrides, when given, replaces them all. */
export const updateScheduleBody = z
  .object({
    name: scheduleFields.name.optional(),
    timezone: scheduleFields.timezone.optional(),
    schedule: scheduleFields.schedule.optional(),
    dateOverrides: scheduleFields.dateOverrides.optional(),
    bufferTimeBefore: scheduleFields.bufferTimeBefore.optional(),
    bufferTimeAfter: scheduleFields.bufferTimeAfter.optional(),
    minimumNotice: scheduleFields.minimumNotice.optional(),
    maximumNotice: scheduleFields.maximumNotice.optional(),
    // Read-only fields the editor may echo back; ignored (use set-default).
    _id: z.string().optional(),
    isDefault: z.boolean().optional(),
    eventTypeCount: z.number().optional(),
    createdAt: z.string().optional(),
    updatedAt: z.string().optional(),
  })
  .strict();
export type UpdateScheduleBody = z.infer<typeof updateScheduleBody>;

/** POST /availability/:id/date-override: adds one, or replaces the one on the same date. */
export const dateOverrideBody = dateOverrideSchema;
export type DateOverrideBody = z.infer<typeof dateOverrideBody>;

export const overrideParams = z.object({
  id: z.uuid({ message: "Invalid id" }),
  overrideId: z.uuid({ message: "Invalid id" }),
});

// ---- responses ----

export interface DaySchedule {
  day: Weekday;
  dayCode: string;
  isAvailable: boolean;
  timeSlots: TimeSlot[];
}

export interface DateOverride {
  _id: string;
  date: string;
  isAvailable: boolean;
  reason: string | null;
  timeSlots: TimeSlot[];
}

/** GET /availability/:id, and every write answers with this. */
export interface AvailabilitySchedule {
  _id: string;
  name: string;
  timezone: string;
  isDefault: boolean;
  /** Seven entries, Sunday first. */
  schedule: DaySchedule[];
  /** Sorted by date. */
  dateOverrides: DateOverride[];
  bufferTimeBefore: number;
  bufferTimeAfter: number;
  /** Minutes. */
  minimumNotice: number;
  /** Days. */
  maximumNotice: number;
  /** Event types that use this schedule ('Apply to {n} event types'). */
  eventTypeCount: number;
  createdAt: string;
  updatedAt: string;
}

/** GET /availability: data is AvailabilitySchedule[], default first, then by name. */
export type AvailabilityList = AvailabilitySchedule[];

/** The default week: Sunday and Saturday off, Monday to Friday 9:00am-5:00pm. */
export function defaultWeek(): DaySchedule[] {
  return WEEKDAYS.map((day, i) => {
    const isAvailable = i >= 1 && i <= 5;
    return { day, dayCode: DAY_CODES[i], isAvailable, timeSlots: isAvailable ? [{ ...DEFAULT_SLOT }] : [] };
  });
}
