import { sql } from "drizzle-orm";
import {
  boolean,
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
import type { ConfirmationSettings } from "../../../contract/approval.js";
import type { BookingLimits } from "../../../contract/booking-limits.js";
import type { EventTypeTranslations } from "../../../contract/event-type-translations.js";
import type {
  BookingSettings,
  EventKind,
  Location,
  PhoneFieldMode,
  Question,
} from "../../../contract/event-types.js";
import type { RecurrenceSettings } from "../../../contract/recurrence.js";
import { availabilitySchedules } from "./availability.js";
import { users } from "./users.js";

export const eventTypes = pgTable(
  "event_types",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    kind: text("kind").$type<EventKind>().notNull(),
    duration: integer("duration").notNull(),
    description: text("description").notNull().default(""),
    color: text("color").notNull(),
    /**
     * Public booking path /{username}/{slug}; unique per host. /book/{slug} finds the oldest event type
     * with the slug, so the links made while slugs were unique across the product keep working.
     */
    slug: text("slug").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    locations: jsonb("locations").$type<Location[]>().notNull().default([]),
    bookingSettings: jsonb("booking_settings").$type<BookingSettings>().notNull(),
    questions: jsonb("questions").$type<Question[]>().notNull().default([]),
    /** The invitee's phone on the booking form: required (default), optional or hidden. */
    phoneField: text("phone_field").$type<PhoneFieldMode>().notNull().default("required"),
    /** A fixed language for the booking page and its mails (issue 27); null: the invitee's own. */
    language: text("language"),
    /** The title and description in other languages (issue 27); {} is none. */
    translations: jsonb("translations").$type<EventTypeTranslations>().notNull().default({}),
    maxInvitees: integer("max_invitees").notNull().default(1),
    /** Requires confirmation (issue 28): bookings are requests the host confirms or declines. */
    confirmation: jsonb("confirmation")
      .$type<ConfirmationSettings>()
      .notNull()
      .default({ required: false, noticeHours: null, expiryHours: 24 }),
    /** Booking limits of this event type (issue 28, item 4); {} is none. */
    bookingLimits: jsonb("booking_limits").$type<BookingLimits>().notNull().default({}),
    /** Recurring event (issue 28 item 3): the frequency and most occurrences offered; null is off. */
    recurrence: jsonb("recurrence").$type<RecurrenceSettings>(),
    /** Null means "the host's default schedule", whichever that is at booking time. */
    availabilityScheduleId: uuid("availability_schedule_id").references(() => availabilitySchedules.id, {
      onDelete: "set null",
    }),
    googleAccountId: text("google_account_id"),
    /** Round robin and collective: the team whose members host it (event_type_hosts names them). */
    teamId: uuid("team_id"),
    /** One-off and meeting poll: the offered or proposed starts (ISO instants); empty = the host's availability. */
    fixedTimes: jsonb("fixed_times").$type<string[]>().notNull().default([]),
    /** One-off: the link stops working at this instant. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** One-off booked, or meeting poll booked or closed: the link shows "no longer available". */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** Meeting poll: the booking the host made from it. */
    pollBookingId: uuid("poll_booking_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("event_types_user_slug_key").on(t.userId, t.slug),
    index("event_types_slug_idx").on(t.slug, t.createdAt),
    index("event_types_user_idx").on(t.userId),
    index("event_types_team_idx").on(t.teamId),
    check("event_types_duration_check", sql`${t.duration} between 5 and 480`),
    check("event_types_max_invitees_check", sql`${t.maxInvitees} >= 1`),
    check("event_types_phone_field_check", sql`${t.phoneField} in ('required', 'optional', 'hidden')`),
  ],
);

export type EventTypeRow = typeof eventTypes.$inferSelect;
