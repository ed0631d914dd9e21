import { isoInstant, localDateRange } from "./present.js";
import { computeSlots } from "./slots.js";
import { type DaySchedule, type SlotQuery, WEEKDAYS } from "./types.js";

/** Helpers of the slot engine's example tests (slots.test.ts, slots.zones.test.ts). */

export const MIN = 60_000;
export const z = (iso: string) => Date.parse(iso);

/** Every weekday works the given slots. */
export function everyDay(...slots: [string, string][]): DaySchedule[] {
  return WEEKDAYS.map((day) => ({
    day,
    dayCode: day[0].toUpperCase(),
    isAvailable: true,
    timeSlots: slots.map(([startTime, endTime]) => ({ startTime, endTime })),
  }));
}

/** Monday to Friday work the given slots. */
export function weekdaysOnly(...slots: [string, string][]): DaySchedule[] {
  return everyDay(...slots).map((d, i) =>
    i === 0 || i === 6 ? { ...d, isAvailable: false, timeSlots: [] } : d,
  );
}

/** A New York query, every day 9:00am-5:00pm, 30-minute slots, no limits. */
export function query(over: Partial<SlotQuery> & Pick<SlotQuery, "from" | "to">): SlotQuery {
  return {
    timeZone: "America/New_York",
    weekly: everyDay(["9:00am", "5:00pm"]),
    overrides: [],
    holidays: [],
    durationMinutes: 30,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    minimumNoticeMinutes: 0,
    window: { mode: "indefinite" },
    busy: [],
    now: z("2026-01-01T00:00:00Z"),
    ...over,
  };
}

/** Slots of a range, as UTC ISO strings. */
export const slots = (over: Partial<SlotQuery> & Pick<SlotQuery, "from" | "to">) =>
  computeSlots(query(over)).map(isoInstant);

/** The instants of a local date in the host zone. */
export const around = (date: string, zone = "America/New_York") => localDateRange(date, zone);
