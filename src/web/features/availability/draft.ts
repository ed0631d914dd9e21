import {
  type AvailabilitySchedule,
  type DaySchedule,
  DEFAULT_SLOT,
  type TimeSlot,
  type UpdateScheduleBody,
  updateScheduleBody,
} from "../../../contract/availability";
import { formatTimeLabel, MINUTES_PER_DAY, parseTimeLabel } from "../../../domain/time-labels";

/** An override as the editor holds it: keyed by date (the server upserts by date). */
export interface DraftOverride {
  date: string;
  isAvailable: boolean;
  reason: string;
  timeSlots: TimeSlot[];
}

/** Everything the editor changes; the name is renamed from the schedule list. */
export interface EditorDraft {
  timezone: string;
  schedule: DaySchedule[];
  dateOverrides: DraftOverride[];
  bufferTimeBefore: number;
  bufferTimeAfter: number;
  minimumNotice: number;
  maximumNotice: number;
}

/** Field path -> message, the same keys as the server's `errors` ('schedule.6.timeSlots.0.endTime'). */
export type FieldErrors = Record<string, string>;

export function draftFrom(s: AvailabilitySchedule): EditorDraft {
  return {
    timezone: s.timezone,
    schedule: s.schedule.map((d) => ({ ...d, timeSlots: d.timeSlots.map((t) => ({ ...t })) })),
    dateOverrides: s.dateOverrides.map((o) => ({
      date: o.date,
      isAvailable: o.isAvailable,
      reason: o.reason ?? "",
      timeSlots: o.timeSlots.map((t) => ({ ...t })),
    })),
    bufferTimeBefore: s.bufferTimeBefore,
    bufferTimeAfter: s.bufferTimeAfter,
    minimumNotice: s.minimumNotice,
    maximumNotice: s.maximumNotice,
  };
}

/** The PUT /availability/:id body for a draft. */
export function payloadOf(d: EditorDraft): UpdateScheduleBody {
  return {
    timezone: d.timezone,
    schedule: d.schedule.map((day) => ({
      day: day.day,
      isAvailable: day.isAvailable,
      timeSlots: day.isAvailable ? day.timeSlots : [],
    })),
    dateOverrides: d.dateOverrides.map((o) => ({
      date: o.date,
      isAvailable: o.isAvailable,
      reason: o.reason.trim() || null,
      timeSlots: o.isAvailable ? o.timeSlots : [],
    })),
    bufferTimeBefore: d.bufferTimeBefore,
    bufferTimeAfter: d.bufferTimeAfter,
    minimumNotice: d.minimumNotice,
    maximumNotice: d.maximumNotice,
  };
}

export function sameDraft(a: EditorDraft, b: EditorDraft): boolean {
  return JSON.stringify(payloadOf(a)) === JSON.stringify(payloadOf(b));
}

/** The contract's own rules (overlapping, inverted slots...) with the server's messages and keys. */
export function validateDraft(d: EditorDraft): FieldErrors {
  const result = updateScheduleBody.safeParse(payloadOf(d));
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) errors[issue.path.join(".")] ??= issue.message;
  return errors;
}

/** Messages under one slot: the start's and the end's. */
export function slotErrors(errors: FieldErrors, prefix: string): string[] {
  return [errors[`${prefix}.startTime`], errors[`${prefix}.endTime`]].filter((m): m is string => Boolean(m));
}

export function hasErrorsUnder(errors: FieldErrors, prefix: string): boolean {
  return Object.keys(errors).some((k) => k === prefix || k.startsWith(`${prefix}.`));
}

/** The slot the + button adds: an hour after the last one ends, kept inside the day. */
export function nextSlot(slots: TimeSlot[]): TimeSlot {
  const last = slots[slots.length - 1];
  if (!last) return { ...DEFAULT_SLOT };
  const lastEnd = parseTimeLabel(last.endTime, "end") ?? 0;
  const start = Math.min(lastEnd + 60, MINUTES_PER_DAY - 60);
  const end = Math.min(start + 60, MINUTES_PER_DAY);
  return { startTime: formatTimeLabel(start), endTime: formatTimeLabel(end) };
}

export function sortOverrides(list: DraftOverride[]): DraftOverride[] {
  return [...list].sort((a, b) => a.date.localeCompare(b.date));
}
