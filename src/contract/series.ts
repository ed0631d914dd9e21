import { z } from "zod";
import { MAX_OCCURRENCES } from "../domain/recurrence-rules.js";

export { occurrenceLabel } from "../domain/recurrence-rules.js";

import { scheduleTimeZoneSchema } from "./availability.js";
import { createBookingBody, instantSchema } from "./bookings.js";

/*
 * Booking a recurring event's series (issue 28 item 3); the event type's setting is recurrence.ts.
 * Apart from it, so that event-types.ts (which bookings.ts imports) can take the setting's schema.
 */

/**
 * POST /bookings/series (public): a booking's fields and how many occurrences (1 up to the event
 * type's most); `skip`: starts of occurrences the invitee leaves out because they collided (the rest
 * are booked). 201: the series with the first booked occurrence (and its manage token, which manages
 * every occurrence). 409 SERIES_CONFLICT: `errors` maps each unavailable occurrence's start (ISO) to
 * why, and nothing was written. 400 SERIES_OFF_MESSAGE when the event type does not recur. A retry of a
 * series already made (same invitee, first occurrence and rule): 200 with it, the manage token only with
 * the request's Idempotency-Key; the same invitee with other details: 409 ALREADY_BOOKED.
 */
export const createSeriesBody = createBookingBody.extend({
  occurrences: z
    .number({ message: "Choose how many occurrences" })
    .int("Whole occurrences")
    .min(1, "At least 1 occurrence")
    .max(MAX_OCCURRENCES, `At most ${MAX_OCCURRENCES} occurrences`),
  skip: z.array(instantSchema).max(MAX_OCCURRENCES).default([]),
});
export type CreateSeriesBody = z.input<typeof createSeriesBody>;

/**
 * POST /bookings/series/preview (public): the occurrences a series starting at `startTime` would have,
 * each with whether it is free now, so the page lists them before the invitee confirms.
 */
export const previewSeriesBody = z.object({
  eventTypeId: z.uuid({ message: "Invalid event type" }),
  startTime: instantSchema,
  occurrences: createSeriesBody.shape.occurrences,
  timezone: scheduleTimeZoneSchema,
});
export type PreviewSeriesBody = z.input<typeof previewSeriesBody>;

/** Why an occurrence cannot be booked (the values of SERIES_CONFLICT's `errors`). */
export const OCCURRENCE_PROBLEMS = {
  taken: "Already booked",
  unavailable: "Not available",
  limit: "The host's bookings for that period are full",
} as const;

export interface SeriesOccurrence {
  /** 0 for the first. */
  index: number;
  startTime: string;
  /** Free now (preview), or booked (answer of a create); a problem's words otherwise. */
  problem: string | null;
}

/**
 * An occurrence's place in its series, in booking answers: "Occurrence 3 of 6". The invitee's page
 * (GET /bookings/public/:uid) also lists every occurrence with its status.
 */
export interface BookingSeriesInfo {
  id: string;
  /** 0 for the first. */
  index: number;
  count: number;
  /** How it repeats: pages word the rule in their own language from it. */
  frequency: "weekly" | "biweekly" | "monthly";
  description: string;
  occurrences?: { index: number; startTime: string; status: string; uid: string }[];
}
