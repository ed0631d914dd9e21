import { z } from "zod";
import type { BookingRequestView } from "../approval.js";
import { BOOKING_STATUSES } from "../booking-constants.js";
import type { BookingDto, CreatedBooking, Pagination, RetriedBooking, Slot, SlotDays } from "../bookings.js";
import { eventTypeTranslationsSchema } from "../event-type-translations-schema.js";
import { EVENT_KINDS } from "../event-types.js";
import { RECURRENCE_FREQUENCIES } from "../recurrence.js";
import type { ListedBooking } from "../seats.js";
import type { SeriesOccurrence } from "../series.js";
import { locationSchema } from "./event-types.js";
import { type Agrees, type AnswerData, envelope, fileResponse } from "./shared.js";

/*
 * The booking page's two hot routes (slots, POST /bookings) go through these schemas thousands of
 * times a second: plain objects and strings only, no refinements or transforms. Instants are typed
 * strings in the services (BookingDto), so they need no Date handling here.
 */

export const slotSchema = z.object({
  startTime: z.string(),
  iso: z.string(),
  seatsLeft: z.number().int().optional(),
});
true satisfies Agrees<z.input<typeof slotSchema>, Slot>;
const slotDaysSchema = z.object({ days: z.array(z.string()) });
true satisfies Agrees<z.input<typeof slotDaysSchema>, SlotDays>;

/** The part of a booking a retried POST /bookings may show (see RetriedBooking). */
const retriedBookingSchema = z.object({
  _id: z.string(),
  uid: z.string(),
  eventType: z.object({
    _id: z.string().nullable(),
    name: z.string(),
    title: z.string(),
    color: z.string(),
    slug: z.string(),
    duration: z.number(),
    type: z.enum(EVENT_KINDS).nullable(),
    translations: eventTypeTranslationsSchema.optional(),
  }),
  attendee: z.object({ name: z.string(), email: z.string(), phone: z.string(), timezone: z.string() }),
  startTime: z.string(),
  endTime: z.string(),
  status: z.enum(BOOKING_STATUSES),
  host: z.object({ name: z.string(), timezone: z.string(), username: z.string() }),
});
true satisfies Agrees<z.input<typeof retriedBookingSchema>, RetriedBooking>;

export const bookingSchema = retriedBookingSchema.extend({
  location: locationSchema.nullable(),
  meetingLink: z.string().nullable(),
  meetingIdFormatted: z.string().nullable(),
  answers: z.array(z.object({ question: z.string(), answer: z.string() })),
  guests: z.array(z.string()),
  message: z.string(),
  attribution: z
    .object({ utm: z.record(z.string(), z.string()), metadata: z.record(z.string(), z.string()) })
    .nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  cancelledBy: z.enum(["host", "invitee"]).nullable(),
  requestExpiresAt: z.string().nullable(),
  hosts: z.array(z.object({ name: z.string() })),
  otherAttendees: z.array(z.string()).optional(),
  coHosting: z.boolean().optional(),
  rescheduleCount: z.number(),
  series: z
    .object({
      id: z.string(),
      index: z.number(),
      count: z.number(),
      frequency: z.enum(RECURRENCE_FREQUENCIES),
      description: z.string(),
      occurrences: z
        .array(z.object({ index: z.number(), startTime: z.string(), status: z.string(), uid: z.string() }))
        .optional(),
    })
    .optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  delivery: z.object({ invitationMailed: z.boolean(), onHostCalendar: z.boolean() }).optional(),
});
true satisfies Agrees<z.input<typeof bookingSchema>, BookingDto>;

/** A Meetings list row: a group meeting carries its seats (ListedBooking). */
const listedBookingSchema = bookingSchema.extend({
  seats: z
    .object({
      taken: z.number(),
      capacity: z.number(),
      attendees: z.array(
        z.object({ _id: z.string(), name: z.string(), email: z.string(), status: z.enum(BOOKING_STATUSES) }),
      ),
    })
    .optional(),
});
true satisfies Agrees<z.input<typeof listedBookingSchema>, ListedBooking>;

/** The new booking with the invitee's secret for the manage links (returned only here). */
const createdBookingSchema = bookingSchema.extend({ manageToken: z.string().optional() });
true satisfies Agrees<z.input<typeof createdBookingSchema>, CreatedBooking>;

const paginationSchema = z.object({
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  totalPages: z.number(),
  totalCapped: z.boolean().optional(),
});
true satisfies Agrees<z.input<typeof paginationSchema>, Pagination>;

export const bookingsResponses = {
  /**
   * 201 a new booking. 200 a retry of one already made: with the Idempotency-Key that made it, the
   * whole booking and its manage token again; without, only what the caller already knows. The full
   * shape is tried first, so a full answer is never cut down to the retried part.
   */
  create: {
    201: envelope(createdBookingSchema),
    200: envelope(z.union([createdBookingSchema, retriedBookingSchema])),
  },
  one: { 200: envelope(bookingSchema) },
  ics: fileResponse("text/calendar", "The meeting as an iCalendar invite"),
  list: { 200: envelope(z.array(listedBookingSchema), { pagination: paginationSchema }) },
  /**
   * A day's slots, or with ?month= the days that have any; `busyTimesStale` (with a `message`) when a
   * connected calendar did not answer in time and its last known busy times were used.
   */
  slots: {
    200: envelope(z.union([z.array(slotSchema), slotDaysSchema]), { busyTimesStale: z.boolean().optional() }),
  },
  /** The host's own free starts of a day (GET /bookings/free-slots). */
  freeSlots: { 200: envelope(z.array(slotSchema)) },
};

const requestViewSchema = z.object({
  uid: z.string(),
  title: z.string(),
  attendeeName: z.string(),
  attendeeEmail: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  hostZone: z.string(),
  status: z.enum(BOOKING_STATUSES),
});
true satisfies Agrees<z.input<typeof requestViewSchema>, BookingRequestView>;

/** A booking request as its mailed link's page shows it (issue 28). */
export const requestResponses = { one: { 200: envelope(requestViewSchema) } };

type SlotsAnswer = AnswerData<typeof bookingsResponses.slots>;
/** The slots route with `?date=`: that day's slots. */
export type DaySlotsAnswer = Extract<SlotsAnswer, unknown[]>;
/** The slots route with `?month=`: the days that have any. */
export type MonthDaysAnswer = Exclude<SlotsAnswer, unknown[]>;

const occurrenceSchema = z.object({
  index: z.number(),
  startTime: z.string(),
  problem: z.string().nullable(),
});
true satisfies Agrees<z.input<typeof occurrenceSchema>, SeriesOccurrence>;

/** Recurring bookings (issue 28 item 3): a series' preview, and the series booked. */
const seriesSchema = z.object({
  id: z.string(),
  frequency: z.enum(RECURRENCE_FREQUENCIES),
  count: z.number(),
  description: z.string(),
  occurrences: z.array(occurrenceSchema),
});

export const seriesResponses = {
  preview: { 200: envelope(z.object({ description: z.string(), occurrences: z.array(occurrenceSchema) })) },
  create: {
    201: envelope(z.object({ booking: createdBookingSchema, series: seriesSchema })),
    // A retry of a series already made (issue 28 item 3): the manage token only with its Idempotency-Key.
    200: envelope(
      z.object({ booking: z.union([createdBookingSchema, retriedBookingSchema]), series: seriesSchema }),
    ),
  },
};
