import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bookings } from "./bookings.js";
import { users } from "./users.js";

export type CalendarProvider = "google" | "caldav";

/**
 * A connected calendar account: a Google account (OAuth tokens) or a CalDAV server (app password).
 * `secret` holds the credentials as JSON sealed with AES-256-GCM (lib/secrets.ts); it never leaves the server.
 */
export const calendarAccounts = pgTable(
  "calendar_accounts",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").$type<CalendarProvider>().notNull(),
    /** What makes the account itself: Google's subject id, or `${serverUrl} ${username}` for CalDAV. */
    externalKey: text("external_key").notNull(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    picture: text("picture"),
    /** CalDAV: the server URL the host gave, and the user name. */
    serverUrl: text("server_url"),
    username: text("username"),
    secret: text("secret").notNull(),
    /** Google: when the access token runs out. */
    tokenExpiry: timestamp("token_expiry", { withTimezone: true }),
    isPrimary: boolean("is_primary").notNull().default(false),
    /** False once the provider refused our credentials (refresh failed, password changed): reconnect. */
    isActive: boolean("is_active").notNull().default(true),
    lastError: text("last_error"),
    lastUsed: timestamp("last_used", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("calendar_accounts_identity_key").on(t.userId, t.provider, t.externalKey),
    // At most one primary account per host.
    uniqueIndex("calendar_accounts_one_primary").on(t.userId).where(sql`${t.isPrimary}`),
  ],
);

/** One calendar of an account: whether its busy times block slots, and whether bookings go into it. */
export const calendarCalendars = pgTable(
  "calendar_calendars",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    accountId: uuid("account_id")
      .notNull()
      .references(() => calendarAccounts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Google calendar id, or the CalDAV collection URL. */
    remoteId: text("remote_id").notNull(),
    name: text("name").notNull(),
    color: text("color"),
    checkConflicts: boolean("check_conflicts").notNull().default(true),
    /** All-day events count as busy (the default); off for calendars full of birthdays and reminders. */
    allDayBusy: boolean("all_day_busy").notNull().default(true),
    /** The account's calendar that receives bookings (one per account). */
    receivesBookings: boolean("receives_bookings").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("calendar_calendars_remote_key").on(t.accountId, t.remoteId),
    uniqueIndex("calendar_calendars_one_target").on(t.accountId).where(sql`${t.receivesBookings}`),
    index("calendar_calendars_user_idx").on(t.userId),
  ],
);

export type CalendarEventState = "pending" | "synced" | "failed";

/**
 * The calendar event written for a booking. The sync job makes the remote side match the booking
 * (create, move, delete) and records here where the event lives and how the last attempt went.
 */
export const calendarEvents = pgTable(
  "calendar_events",
  {
    bookingId: uuid("booking_id")
      .primaryKey()
      .references(() => bookings.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Null once the account is disconnected. */
    accountId: uuid("account_id").references(() => calendarAccounts.id, { onDelete: "set null" }),
    calendarRemoteId: text("calendar_remote_id"),
    /** Google event id or CalDAV object URL; null until created, and again once deleted. */
    remoteId: text("remote_id"),
    /** A Google Meet link the provider created for this booking. */
    meetLink: text("meet_link"),
    /**
     * A seat of a group slot (issue 28): the slot whose one event `remoteId` names (all its seats' rows
     * name it); null for other bookings. A seat moved to another slot leaves the old slot's event.
     */
    slotKey: text("slot_key"),
    /**
     * An occurrence of a recurring booking held on its rule's date (issue 28 item 3): the series whose
     * one recurring event `remoteId` names (every such occurrence's row names it); null otherwise.
     */
    seriesId: uuid("series_id"),
    /** Whether the remote event exists and should (false after a cancel was written). */
    deleted: boolean("deleted").notNull().default(false),
    state: text("state").$type<CalendarEventState>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("calendar_events_user_idx").on(t.userId)],
);

/**
 * The last busy times a calendar's provider gave for a range of whole UTC days, read with all-day
 * events in `zone`. Slot lookups answer from a fresh row without asking the provider; when the provider
 * is slow or down they answer from whatever rows there are, fresh or not. Our own writes to the calendar
 * (and settings that change what counts as busy) mark its rows stale instead of deleting them, so an
 * outage right after a booking still knows the host's other meetings. In the database, not in a
 * process: it outlives restarts and every instance on one PostgreSQL shares it.
 */
export const calendarBusyCache = pgTable(
  "calendar_busy_cache",
  {
    calendarId: uuid("calendar_id")
      .notNull()
      .references(() => calendarCalendars.id, { onDelete: "cascade" }),
    zone: text("zone").notNull(),
    rangeFrom: timestamp("range_from", { withTimezone: true }).notNull(),
    rangeTo: timestamp("range_to", { withTimezone: true }).notNull(),
    /** Busy stretches as [start, end) epoch milliseconds. */
    intervals: jsonb("intervals").$type<[number, number][]>().notNull(),
    /** When the request that brought them started (the app's clock). */
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull(),
    /** Known to be out of date (we wrote to the calendar since): ask again, but keep for outages. */
    stale: boolean("stale").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.calendarId, t.zone, t.rangeFrom, t.rangeTo] })],
);

export type CalendarAccountRow = typeof calendarAccounts.$inferSelect;
export type CalendarCalendarRow = typeof calendarCalendars.$inferSelect;
export type CalendarEventRow = typeof calendarEvents.$inferSelect;
