/** Inputs of the slot engine. Instants are epoch milliseconds; local dates are 'YYYY-MM-DD' in the host zone. */

/**
 * Sunday first: index = weekday number of the engine (0 = Sunday), and the order of the spec's day codes
 * 'S','M','T','W','T','F','S'. The one list: the contract re-exports it for its schemas and the screens.
 */
export const WEEKDAYS = [
  "sunday",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** '9:00am'..'5:00pm'; as an end, '12:00am' is the end of the day. */
export interface TimeSlot {
  startTime: string;
  endTime: string;
}

export interface DaySchedule {
  day: Weekday;
  dayCode: string;
  isAvailable: boolean;
  timeSlots: TimeSlot[];
}

/**
 * Replaces that local date's hours entirely; isAvailable false blocks the date. The engine takes
 * the first override of a date listed twice (validation refuses that).
 */
export interface DateOverride {
  date: string;
  isAvailable: boolean;
  timeSlots: TimeSlot[];
  reason?: string | null;
}

/**
 * The event type's booking window on host-zone local dates.
 * - rolling: daysAhead dates counting today as day 1; unit 'weekdays' counts only Monday-Friday
 *   dates, and every date up to the last counted one is inside (a Saturday the host works is bookable).
 * - within: withinStart..withinEnd inclusive (a start alone is that one day; no start is open before the end).
 * - indefinite: no limit.
 */
export interface BookingWindow {
  mode: "rolling" | "within" | "indefinite";
  daysAhead?: number;
  unit?: "days" | "weekdays";
  withinStart?: string;
  withinEnd?: string;
}

/** Half-open [start, end) in epoch ms. */
export interface BusyInterval {
  start: number;
  end: number;
}

export interface SeatsTaken {
  capacity: number;
  /** Bookings of this group event type, by start instant. */
  taken: { start: number; count: number }[];
}

export interface SlotQuery {
  /** The host schedule's IANA zone. */
  timeZone: string;
  weekly: DaySchedule[];
  overrides: DateOverride[];
  /** Local dates in the host zone that are fully blocked. */
  holidays: string[];
  durationMinutes: number;
  /** Distance between slot starts on the wall clock; defaults to the duration. */
  stepMinutes?: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  /** A slot starts at or after now + this. */
  minimumNoticeMinutes: number;
  /** A slot starts before now + this many 24-hour days; undefined = no limit. */
  maximumNoticeDays?: number;
  window: BookingWindow;
  busy: BusyInterval[];
  seats?: SeatsTaken;
  now: number;
  /** Slots whose start is in [from, to). */
  from: number;
  to: number;
}
