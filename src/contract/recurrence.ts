import { z } from "zod";
import { MAX_OCCURRENCES, MIN_OCCURRENCES, RECURRENCE_FREQUENCIES } from "../domain/recurrence-rules.js";

export {
  describeSeries,
  RECURRENCE_FREQUENCIES,
  type RecurrenceFrequency,
} from "../domain/recurrence-rules.js";

/**
 * Recurring event (issue 28 item 3): an event type's bookings may be a series repeating weekly, every
 * 2 weeks or monthly, of up to `maxOccurrences` meetings (the invitee chooses how many). Null: off.
 * One-on-one event types only; a series is never a request (confirmation must be off).
 */
export const recurrenceSchema = z
  .object({
    frequency: z.enum(RECURRENCE_FREQUENCIES, { message: "Choose weekly, every 2 weeks or monthly" }),
    maxOccurrences: z
      .number({ message: "Enter a number of occurrences" })
      .int("Whole occurrences")
      .min(MIN_OCCURRENCES, `At least ${MIN_OCCURRENCES} occurrences`)
      .max(MAX_OCCURRENCES, `At most ${MAX_OCCURRENCES} occurrences`),
  })
  .nullable();
export type RecurrenceSettings = z.infer<typeof recurrenceSchema>;

export const RECURRENCE_KIND_MESSAGE = "Only one-on-one event types can recur";
export const RECURRENCE_CONFIRMATION_MESSAGE = "A recurring event cannot require confirmation";
export const SERIES_OFF_MESSAGE = "This event does not recur";
/** The start of the 409 SERIES_CONFLICT message; the dates follow, in the invitee's zone. */
export const SERIES_CONFLICT_MESSAGE = "Some occurrences are not available";
