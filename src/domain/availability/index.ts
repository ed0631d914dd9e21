/**
 * The availability slot engine: pure functions, `now` and zones are parameters.
 *
 * Decisions the API layer relies on:
 * - Labels: '12:00am' is minute 0 as a start and the end of the day (1440) as an end.
 * - Slots walk in wall-clock steps from each (merged) window start; a start label the clocks skip
 *   gives no slot, a repeated one gives one slot at the earlier instant; meetings last real minutes
 *   and end by the window's end instant.
 * - maximumNoticeDays counts 24-hour days from now; the booking window counts host-zone dates.
 * - Seats: a start with `capacity` bookings is full; other starts overlapping a group booking
 *   (with buffers) are blocked.
 * - Bad labels or inverted slots inside computeSlots are skipped, not thrown: validate first with
 *   validateSchedule. An unknown zone throws RangeError.
 */
export { bookingWindowDates, bookingWindowDays, type DayRange } from "./booking-window.js";
export { formatDate, isValidDate, parseDate, weekdayIndex } from "./calendar-days.js";
export {
  daysWithSlots,
  daysWithSlotsOf,
  groupByLocalDate,
  isoInstant,
  localDateRange,
  type PresentedSlot,
  type SlotSource,
  slotsForLocalDate,
  slotsForLocalDateOf,
} from "./present.js";
export {
  type ValidationProblem,
  validateOverrides,
  validateSchedule,
  validateTimeSlots,
  validateWeekly,
} from "./schedule-validation.js";
export { computeSlots } from "./slots.js";
export { type HostQuery, hostsFreeAt, slotsAllOf, slotsAnyOf } from "./team-slots.js";
export * from "./types.js";
