import { type SQL, sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { Answer } from "../../../contract/bookings.js";
import type { Attribution } from "../../../contract/embed.js";
import type { Location } from "../../../contract/event-types.js";
import { bookingSeries } from "./booking-series.js";
import { eventTypes } from "./event-types.js";
import { users } from "./users.js";

/** Stored statuses; 'completed' is computed on read from a confirmed booking whose end has passed. */
/**
 * 'pending' is a request awaiting its host (it holds its slot like a confirmed booking); 'declined'
 * and 'expired' are requests the host refused or left unanswered (they hold nothing).
 */
export type StoredBookingStatus = "confirmed" | "cancelled" | "no_show" | "pending" | "declined" | "expired";

/** The statuses that hold a slot: the exclusion constraints, the slot engine and limits count them. */
export const HOLDING_STATUSES = ["confirmed", "pending"] as const;

/**
 * One booking. Double booking is ruled out by the database: a trigger (custom migration) writes
 * the booking's host row in booking_hosts in the same statement, where the exclusion constraint
 * booking_hosts_no_overlap refuses two confirmed or pending rows of one host whose times overlap,
 * unless they share slot_key, which group events set to `${eventTypeId}/${startISO}` so seats can
 * share a slot (their count is checked under a row lock on the event type).
 */
export const bookings = pgTable(
  "bookings",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    /** Public id for links and the calendar UID; random. */
    uid: text("uid").notNull(),
    hostUserId: uuid("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Null once the event type is deleted; the booking keeps the snapshot below. */
    eventTypeId: uuid("event_type_id").references(() => eventTypes.id, { onDelete: "set null" }),
    eventTitle: text("event_title").notNull(),
    eventColor: text("event_color").notNull(),
    eventSlug: text("event_slug").notNull(),
    startTime: timestamp("start_time", { withTimezone: true }).notNull(),
    endTime: timestamp("end_time", { withTimezone: true }).notNull(),
    status: text("status").$type<StoredBookingStatus>().notNull().default("confirmed"),
    slotKey: text("slot_key").notNull(),
    attendeeName: text("attendee_name").notNull(),
    /** Lower-case. */
    attendeeEmail: text("attendee_email").notNull(),
    attendeePhone: text("attendee_phone").notNull(),
    attendeeTimezone: text("attendee_timezone").notNull(),
    /** The invitee's language when they booked (issue 27): every mail and invite to them speaks it. */
    language: text("language").notNull().default("en"),
    /** The zone of the host's schedule when booked: the calendar invite is written in it. */
    hostTimezone: text("host_timezone").notNull(),
    location: jsonb("location").$type<Location | null>(),
    answers: jsonb("answers").$type<Answer[]>().notNull().default([]),
    guests: jsonb("guests").$type<string[]>().notNull().default([]),
    message: text("message").notNull().default(""),
    /** UTM parameters and metadata of the page the booking was made through (issue 25), or null. */
    attribution: jsonb("attribution").$type<Attribution | null>(),
    /** sha256 of the invitee's manage token; the token itself is only in the mails and the create answer. */
    manageTokenHash: text("manage_token_hash").notNull(),
    /**
     * Hashes of manage tokens sent before the current one. A host's move mails the invitee fresh links
     * (the server never holds the old token to reuse), and the links in earlier mails keep working.
     */
    earlierManageTokenHashes: text("earlier_manage_token_hashes").array().notNull().default([]),
    /** iCalendar SEQUENCE: bumped on every reschedule and on cancel. */
    icsSequence: integer("ics_sequence").notNull().default(0),
    rescheduleCount: integer("reschedule_count").notNull().default(0),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    cancelNote: text("cancel_note"),
    cancelledBy: text("cancelled_by").$type<"host" | "invitee">(),
    /** A pending request: when it expires unanswered (its expiry job runs then). */
    requestExpiresAt: timestamp("request_expires_at", { withTimezone: true }),
    /**
     * sha256 of the token in the host's new-request mail (confirm and decline links); cleared when the
     * request is answered, so a link works once.
     */
    approvalTokenHash: text("approval_token_hash"),
    /** A recurring booking's occurrence (issue 28 item 3): its series and place in it (0 the first). */
    seriesId: uuid("series_id").references(() => bookingSeries.id, { onDelete: "set null" }),
    seriesIndex: integer("series_index"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the Meetings search looks in, lower-cased: attendee name, email, phone and the event title
     * booked, one per line. Kept by the database; its trigram index answers `like '%...%'`.
     */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`lower(${bookings.attendeeName} || chr(10) || ${bookings.attendeeEmail} || chr(10) || ${bookings.attendeePhone} || chr(10) || ${bookings.eventTitle})`,
      ),
  },
  (t) => [
    uniqueIndex("bookings_uid_key").on(t.uid),
    // The Meetings list and the dashboard read one host's bookings in start order: with these columns
    // as keys, paging, capped counts and the dashboard's sums are index-only scans. search_text lets a
    // search for a common word (an email domain, an event title) walk the host's bookings in order
    // and stop at the page, without a table read per candidate; rare words go by the trigram index.
    index("bookings_host_start_cover_idx").on(
      t.hostUserId,
      t.startTime,
      t.id,
      t.endTime,
      t.status,
      t.eventTypeId,
      t.attendeeEmail,
      t.searchText,
    ),
    // Status filters (Cancelled, No Show, Completed) seek straight to their bookings.
    index("bookings_host_status_start_idx").on(t.hostUserId, t.status, t.startTime, t.id, t.endTime),
    index("bookings_search_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    // A search for a fairly rare word among a host's upcoming bookings ANDs the trigram index's bitmap
    // with this one's (a few pages for a year of bookings) instead of testing every upcoming booking's
    // text along the wide covering index: on 8,000 upcoming bookings, 0.7 ms in place of 2 ms.
    index("bookings_host_start_idx").on(t.hostUserId, t.startTime),
    index("bookings_event_type_start_idx").on(t.eventTypeId, t.startTime),
    // The dashboard counts the bookings made in a period (by creation, whatever the meeting date).
    index("bookings_host_created_idx").on(t.hostUserId, t.createdAt),
    index("bookings_series_idx").on(t.seriesId, t.seriesIndex).where(sql`${t.seriesId} is not null`),
    // A retried request finds its booking instead of a conflict; one invitee holds one seat per slot.
    uniqueIndex("bookings_idempotency_key")
      .on(t.eventTypeId, t.startTime, t.attendeeEmail)
      .where(sql`${t.status} in ('confirmed', 'pending')`),
    check("bookings_time_check", sql`${t.endTime} > ${t.startTime}`),
    check(
      "bookings_status_check",
      sql`${t.status} in ('confirmed', 'cancelled', 'no_show', 'pending', 'declined', 'expired')`,
    ),
  ],
);

export type BookingRow = typeof bookings.$inferSelect;
export type NewBookingRow = typeof bookings.$inferInsert;
