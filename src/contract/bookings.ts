import { z } from "zod";
import { attributionSchema } from "./attribution.js";
import { dateSchema, isValidDate, scheduleTimeZoneSchema } from "./availability.js";
import {
  BOOKING_STATUSES,
  type BookingStatus,
  CANCEL_REASONS,
  HOST_CANCEL_REASONS,
  MAX_GUESTS,
} from "./booking-constants.js";
import { DEFAULT_TIMEZONE } from "./common.js";
import type { Attribution } from "./embed.js";
import { type EventKind, type Location, locationSchema, SLUG_PATTERN } from "./event-types.js";
import { LOCALES } from "./languages.js";
import type { BookingSeriesInfo } from "./series.js";

/**
 * Bookings API (spec sections 3, 4, 5, 7). Paths are under /api:
 *
 * Public (no sign-in):
 * - GET  /bookings/availability/:eventTypeIdOrSlug?date=YYYY-MM-DD&timezone=Zone -> Slot[]
 * - GET  /bookings/availability/:eventTypeIdOrSlug?month=YYYY-MM&timezone=Zone   -> SlotDays
 *   (timezone defaults to Asia/Kolkata; the id may be the event type's _id or its slug;
 *   unknown or inactive event type 404 'Event type not found'; bad zone/date 400 with the field)
 *   Moving a booking: add `&reschedule={uid}&token={manageToken}` (invitee) or `&excludeBookingId={_id}`
 *   (host, with the Bearer header) and that booking's own time counts as free, so it shows among the
 *   slots. The exclusion is silently ignored unless the token matches or the caller owns the booking.
 * - POST /bookings (rate limited per client) -> 201 CreatedBooking, or 200 with the existing booking
 *   when the same invitee retries the same slot: with manageToken only when the retry carries the
 *   `Idempotency-Key` header of the request that created it (see createBookingHeaders), so a client
 *   whose first answer was lost can still show the manage links. Failures: 404 'Event type not found',
 *   409 SLOT_UNAVAILABLE (not a bookable time), 409 SLOT_TAKEN (someone was faster), 400 VALIDATION_ERROR.
 * - GET  /bookings/public/:uid?token=...            -> BookingDto (404 without the right token)
 * - GET  /bookings/public/:uid/ics?token=...        -> text/calendar download (invite.ics)
 * - POST /bookings/public/:uid/cancel      {token, reason, note?}    -> BookingDto
 * - POST /bookings/public/:uid/reschedule  {token, startTime, scope?} -> BookingDto (same booking, new time)
 *
 * Host (Authorization: Bearer; anything not yours is 404):
 * - GET  /bookings?when=&status=&search=&eventTypeId=&from=&to=&page=&limit=   -> BookingDto[] plus `pagination`
 *   when=upcoming: not yet ended, soonest first; when=past: ended, latest first; when=all (default):
 *   upcoming ones (soonest first) then past ones (latest first). See listBookingsQuery. Counting stops at
 *   1,000 matches (200 with a search): then `pagination.totalCapped` is true and `total` a lower bound.
 * - GET  /bookings/:id                                      -> BookingDto
 * - PUT  /bookings/:id/cancel   {reason, note?}             -> BookingDto
 * - PUT  /bookings/:id/cancel-meeting {reason, note?}       -> BookingDto: a group meeting's every seat
 *   cancelled at once (each attendee told), :id any seat of it; a booking without seats is cancelled alone.
 * - PUT  /bookings/:id/no-show  {noShow?: boolean}          -> BookingDto (only once the meeting has started)
 * - PUT  /bookings/:id/reschedule {startTime}               -> BookingDto: the host moves the booking (same
 *   _id, uid and links) to another free slot of its event type; the old time is freed, the invite's
 *   SEQUENCE goes up and both sides get a 'Rescheduled' mail with the updated invite. Failures: 404 (not
 *   yours), 409 SLOT_TAKEN / SLOT_UNAVAILABLE (offer fresh slots), 409 BOOKING_CLOSED (cancelled or
 *   already started), 404 'Event type not found' (deleted or turned off), 400 VALIDATION_ERROR.
 *
 * Web links built from a booking (the mails carry the same):
 * - view:       /booking-confirmed?uid={uid}&token={manageToken}
 * - reschedule: /{host.username}/{eventType.slug}?reschedule={uid}&token={manageToken}
 * - cancel:     /booking-confirmed?uid={uid}&token={manageToken}&action=cancel
 */

export {
  BOOKING_STATUSES,
  type BookingStatus,
  CANCEL_REASONS,
  type CancelReason,
  HOST_CANCEL_REASONS,
  type HostCancelReason,
  MAX_GUESTS,
} from "./booking-constants.js";

/** Error codes a booking call can answer with (besides VALIDATION_ERROR and NOT_FOUND). */
export const BOOKING_ERROR_CODES = {
  /** The start is not a bookable slot (outside hours, window, notice, a holiday, busy). Offer fresh slots. */
  SLOT_UNAVAILABLE: "SLOT_UNAVAILABLE",
  /** Someone booked this time first (or the group slot is full). Offer fresh slots. */
  SLOT_TAKEN: "SLOT_TAKEN",
  /** Cancel or reschedule of a booking that is cancelled or already over. */
  BOOKING_CLOSED: "BOOKING_CLOSED",
} as const;

export const SLOT_TAKEN_MESSAGE = "This time is no longer available. Please choose another time.";
export const SLOT_UNAVAILABLE_MESSAGE = "This time cannot be booked. Please choose another time.";

/**
 * The invitee's phone number as sent (issue 14, item 8): international ("+49 30 1234567") or national
 * with `phoneCountry` ("030 1234567" + "DE"). The server checks it with libphonenumber-js against the
 * event type's rule and stores E.164 ("+49301234567"). Empty is allowed by the schema; the event type
 * decides whether it is required (see PhoneFieldMode).
 */
export const phoneSchema = z
  .string()
  .trim()
  .max(40, "Phone number is too long")
  .regex(/^[0-9+()\-.\s/]*$/, "Phone may hold digits, spaces and + ( ) - . / only")
  .default("");

/** ISO 3166-1 alpha-2 country of a national phone number, e.g. "DE". */
export const phoneCountrySchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, "Use a two-letter country code such as DE");

const emailSchema = z
  .string()
  .trim()
  .max(254, "Email is too long")
  .pipe(z.email("Enter a valid email address"))
  .transform((s) => s.toLowerCase());

export const attendeeSchema = z.object({
  name: z.string().trim().min(1, "Name is required").max(100, "Name is too long"),
  email: emailSchema,
  /**
   * Required unless the event type's phoneField is "optional" or "hidden" (a phone-call location always
   * needs it). With "hidden" a number sent is ignored, not stored. Answers carry E.164 ("+14155550134");
   * bookings made before E.164 hold the digits the old form kept.
   */
  phone: phoneSchema,
  /**
   * The country of a number typed without "+": the booking page's country selector. Omitted: the
   * country of the invitee's zone; a number that is not valid there is read as digits with their
   * country code (what the digits-only form stored, e.g. "14155550134").
   */
  phoneCountry: phoneCountrySchema.optional(),
  /** The invitee's IANA zone (shown in mails and the confirmation). */
  timezone: scheduleTimeZoneSchema.default(DEFAULT_TIMEZONE),
});
export type Attendee = z.infer<typeof attendeeSchema>;

export const answerSchema = z.object({
  question: z.string().trim().min(1).max(300),
  answer: z.string().trim().max(5000),
});
export type Answer = z.infer<typeof answerSchema>;

/** An instant with its offset or Z, e.g. 2026-12-01T14:00:00.000Z or 2026-12-01T19:30:00+05:30. */
export const instantSchema = z.iso.datetime({
  offset: true,
  message: "Use an ISO date-time like 2026-12-01T14:00:00Z",
});

/** POST /bookings (spec section 7). */
export const createBookingBody = z.object({
  eventTypeId: z.uuid({ message: "Invalid event type" }),
  attendee: attendeeSchema,
  startTime: instantSchema,
  /**
   * One of the event type's locations. Ignored unless the event type asks the invitee
   * (ask_invitee): then `value` is where the invitee wants to meet. Omit to take the first one.
   */
  location: locationSchema.optional(),
  answers: z.array(answerSchema).max(30).default([]),
  message: z.string().trim().max(5000, "Message is too long").default(""),
  guests: z
    .array(emailSchema)
    .max(MAX_GUESTS, `At most ${MAX_GUESTS} guests`)
    .default([])
    .transform((list) => [...new Set(list)]),
  /** Accepted for compatibility; calendar accounts are chosen by the event type. */
  googleAccountId: z.string().max(100).nullish(),
  attribution: attributionSchema.optional(),
  /** The language the invitee booked in (issue 27): their mails and invites speak it. */
  language: z.enum(LOCALES, { message: "Unknown language" }).optional(),
});
export type CreateBookingBody = z.input<typeof createBookingBody>;

/**
 * POST /bookings headers. `Idempotency-Key`: a random secret the client makes per booking attempt
 * (at least 128 bits; 22-128 URL-safe characters) and sends again, unchanged, when it retries. The
 * manage token is derived from it, so a retry with the same key gets the token back, and nobody
 * without the key can.
 */
export const createBookingHeaders = z.looseObject({
  "idempotency-key": z
    .string()
    .regex(/^[A-Za-z0-9_-]{22,128}$/, "Use 22-128 letters, digits, '-' or '_'")
    .optional(),
});

/** An occurrence of a series (issue 28 item 3): cancel or move only it (default) or it and the later ones. */
const seriesScope = z.enum(["this", "following"], { message: "Choose this or following" }).optional();

export const cancelBookingBody = z.object({
  reason: z.enum(CANCEL_REASONS, { message: "Choose a reason" }),
  note: z.string().trim().max(1000).optional(),
  scope: seriesScope,
});
/** PUT /bookings/:id/cancel: the host's reasons; the invitee's are still taken from API clients that send them. */
export const hostCancelBody = z.object({
  reason: z.enum([...HOST_CANCEL_REASONS, ...CANCEL_REASONS], { message: "Choose a reason" }),
  note: z.string().trim().max(1000).optional(),
  scope: seriesScope,
});
export type CancelBookingBody = { reason: string; note?: string; scope?: "this" | "following" };

const manageToken = z.string().min(10).max(200);

export const publicCancelBody = cancelBookingBody.extend({ token: manageToken });
export type PublicCancelBody = z.infer<typeof publicCancelBody>;

/** PUT /bookings/:id/reschedule (the host's Edit on the Meetings screen). */
export const hostRescheduleBody = z.object({ startTime: instantSchema, scope: seriesScope });
export type HostRescheduleBody = z.infer<typeof hostRescheduleBody>;
export const publicRescheduleBody = hostRescheduleBody.extend({ token: manageToken });
export type PublicRescheduleBody = z.infer<typeof publicRescheduleBody>;

export const noShowBody = z.object({ noShow: z.boolean().default(true) });

export const publicTokenQuery = z.object({ token: manageToken });
export const uidParams = z.object({ uid: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, "Invalid booking") });

export const BOOKING_WHEN = ["all", "upcoming", "past"] as const;
export type BookingWhen = (typeof BOOKING_WHEN)[number];

/**
 * GET /bookings filters (the Meetings screen), combined with AND.
 * - when: upcoming = the meeting has not ended yet (end > now), soonest first; past = ended, latest first;
 *   all = upcoming then past.
 * - status: the badge's status: confirmed (= booked and not ended), completed (= confirmed and ended),
 *   cancelled, no_show; 'upcoming' and 'past' here are older spellings of when=upcoming / when=past.
 * - search: case-insensitive substring of attendee name, email, phone or event type title.
 * - from/to: start time bounds [from, to); dates are whole days of the host's zone, or instants.
 */
export const listBookingsQuery = z.object({
  when: z.enum(BOOKING_WHEN, { message: "Use all, upcoming or past" }).default("all"),
  status: z.enum([...BOOKING_STATUSES, "all", "upcoming", "past"]).default("all"),
  search: z.string().trim().max(200).optional(),
  eventTypeId: z.uuid({ message: "Invalid event type" }).optional(),
  from: z.union([dateSchema, instantSchema]).optional(),
  to: z.union([dateSchema, instantSchema]).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ListBookingsQuery = z.infer<typeof listBookingsQuery>;

/** Slot lookups: exactly one of date or month. */
export const slotsQuery = z
  .object({
    date: dateSchema.optional(),
    month: z
      .string()
      .refine((m) => /^\d{4}-\d{2}$/.test(m) && isValidDate(`${m}-01`) && isValidDate(`${m}-28`), {
        message: "Use a month like 2026-12",
      })
      .optional(),
    timezone: scheduleTimeZoneSchema.default(DEFAULT_TIMEZONE),
    /** With a slug: the host's username (/{username}/{slug}); without it the slug means /book/{slug}. */
    user: z.string().trim().toLowerCase().max(60).optional(),
    /** Invitee moving their booking: its uid and manage token (both, or neither). */
    reschedule: uidParams.shape.uid.optional(),
    token: manageToken.optional(),
    /** Host moving a booking (Bearer header required; ignored for anyone but its host). */
    excludeBookingId: z.uuid({ message: "Invalid booking" }).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.reschedule && !q.token)
      ctx.addIssue({ code: "custom", path: ["token"], message: "The booking's token is required" });
    if (!q.date && !q.month) ctx.addIssue({ code: "custom", path: ["date"], message: "Choose a date" });
    if (q.date && q.month)
      ctx.addIssue({ code: "custom", path: ["month"], message: "Give a date or a month, not both" });
  });
export type SlotsQuery = z.infer<typeof slotsQuery>;

/**
 * GET /bookings/free-slots (the host's own): their free starts of a day for a meeting of `duration`
 * minutes on a schedule (default: their default schedule), with a new event type's default rules.
 * The create dialog picks a poll's proposed times and a one-off's offered times from them before
 * the event type exists.
 */
export const freeSlotsQuery = z.object({
  date: dateSchema,
  timezone: scheduleTimeZoneSchema.default(DEFAULT_TIMEZONE),
  duration: z.coerce.number().int().min(5).max(480),
  scheduleId: z.uuid().optional(),
});
export type FreeSlotsQuery = z.infer<typeof freeSlotsQuery>;

/** The event type's _id or its slug. */
export const eventTypeRefParams = z.object({
  eventTypeId: z
    .string()
    .trim()
    .toLowerCase()
    .max(80)
    .refine((s) => SLUG_PATTERN.test(s) || z.uuid().safeParse(s).success, { message: "Invalid event type" }),
});

// ---- responses ----

/** One bookable start: label in the requested zone ('9:00am') and the exact instant. */
export interface Slot {
  startTime: string;
  iso: string;
  /** Group events (seats): how many seats are still free at this start. */
  seatsLeft?: number;
}

/** ?month=: the invitee-zone dates of that month with at least one slot, ascending. */
export interface SlotDays {
  days: string[];
}

export interface BookingEventType {
  /** Null when the event type was deleted after booking. */
  _id: string | null;
  name: string;
  title: string;
  color: string;
  slug: string;
  duration: number;
  type: EventKind | null;
  translations?: import("./event-type-translations.js").EventTypeTranslations; // its invitee's pages read theirs
}

export interface BookingDto {
  _id: string;
  /** Public id used in links and as the calendar UID (`{uid}@kairos`). */
  uid: string;
  eventType: BookingEventType;
  /** phone: E.164, "" when none was asked or given, or the digits of a booking from before E.164. */
  attendee: Omit<Attendee, "phoneCountry">;
  /** ISO instants (UTC). */
  startTime: string;
  endTime: string;
  /** 'confirmed' whose end has passed reads 'completed'. */
  status: BookingStatus;
  location: Location | null;
  /** Joinable URL when the location is an online meeting with a link. */
  meetingLink: string | null;
  /** Meeting id for display, e.g. '123 456 7890' (Zoom) or 'abc-defg-hij' (Google Meet). */
  meetingIdFormatted: string | null;
  answers: Answer[];
  guests: string[];
  message: string;
  /** UTM and metadata the booking came with (issue 25), or null. */
  attribution: Attribution | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  cancelledBy: "host" | "invitee" | null;
  /** A pending request (status 'pending'): when it expires unanswered; else null. */
  requestExpiresAt: string | null;
  /** The host's name and the zone of their schedule (the calendar invite's zone). */
  host: { name: string; timezone: string; username: string };
  /** Everyone hosting: the assigned host (round robin) or all hosts (collective); first is `host`. */
  hosts: { name: string }[];
  /** A seat's other confirmed attendees, by name only, when the host shows them (issue 28 item 2). */
  otherAttendees?: string[];
  /**
   * In a host's Meetings list: true for a collective meeting another host owns that occupies this
   * host too. They see it; its main host (`host`) moves, cancels and marks it.
   */
  coHosting?: boolean;
  /** Times the booking was moved. */
  rescheduleCount: number;
  /** An occurrence of a recurring booking (issue 28 item 3): its place in the series. */
  series?: BookingSeriesInfo;
  createdAt: string;
  updatedAt: string;
  /**
   * Only in the invitee's answers (GET /bookings/public/:uid, their cancel and reschedule): what the
   * confirmation page may promise. invitationMailed: this server sends mail (else the invite is there
   * to download); onHostCalendar: the booking was written to a calendar of the host's (so a cancel
   * removes it from there).
   */
  delivery?: { invitationMailed: boolean; onHostCalendar: boolean };
}

/** POST /bookings 201: the booking plus the invitee's secret for the manage links (returned only here). */
export interface CreatedBooking extends BookingDto {
  manageToken?: string;
}

/**
 * POST /bookings 200 to a retry without the Idempotency-Key of the request that made the booking:
 * only what the caller already knows (what they sent, and what the booking page shows), never the
 * answers, message, guests or location of a booking anyone who knows an invitee's name, email and
 * phone could otherwise read.
 */
export type RetriedBooking = Pick<
  BookingDto,
  "_id" | "uid" | "eventType" | "attendee" | "startTime" | "endTime" | "status" | "host"
>;

/** What POST /bookings answers: the booking with its manage token, or the retried part. */
export type CreateBookingAnswer = CreatedBooking | RetriedBooking;

export interface Pagination {
  page: number;
  limit: number;
  /** Matching bookings; a lower bound when `totalCapped`. */
  total: number;
  totalPages: number;
  /**
   * GET /bookings counts no further than 1,000 matches, 200 with a search (or the end of the page
   * asked for, when further), so huge lists stay fast: true means more match than `total` (show
   * "1,000+", "Page 2 of 50+"); asking for a later page counts further.
   */
  totalCapped?: boolean;
}
