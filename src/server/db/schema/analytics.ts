import { bigint, date, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.js";

/**
 * The dashboard's daily rollup of a host's bookings (features/analytics/repo-stats.ts): one row per
 * local day of the host's zone, stored status and event type, so a 90-day dashboard folds a few
 * hundred rows instead of thousands of bookings. Kept exact: a trigger on bookings records which
 * days changed (bookingStatsChanges) and the next dashboard read recomputes those days first.
 */
export const bookingStats = pgTable(
  "booking_stats",
  {
    hostUserId: uuid("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The zone `day` is cut in: the host's dashboard zone when the rollup was built. */
    zone: text("zone").notNull(),
    day: date("day").notNull(),
    status: text("status").notNull(),
    /** Null for bookings of event types deleted since: they go by their booked title and color. */
    eventTypeId: uuid("event_type_id"),
    eventTitle: text("event_title").notNull().default(""),
    eventColor: text("event_color").notNull().default(""),
    bookings: integer("bookings").notNull(),
    seconds: bigint("seconds", { mode: "number" }).notNull(),
    /**
     * For unique attendees without a set of e-mails: element t (0-based, t < STATS_LOOKBACK_DAYS) counts
     * this row's counted bookings that are their attendee's first of the day and whose attendee's
     * previous counted booking is more than t days earlier, or none. A period of days F..L then has
     * the sum over its days d of element d - F as its unique attendees: each attendee is counted on
     * their first day in the period, and only there.
     */
    newAttendees: integer("new_attendees").array().notNull(),
  },
  (t) => [index("booking_stats_host_day_idx").on(t.hostUserId, t.zone, t.day)],
);

/** Which zone a host's rollup is built in (one per host: a new dashboard zone rebuilds it). */
export const bookingStatsBuilds = pgTable("booking_stats_builds", {
  hostUserId: uuid("host_user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  zone: text("zone").notNull(),
  builtAt: timestamp("built_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The longest dashboard period in days: how far back newAttendees looks. */
export const STATS_LOOKBACK_DAYS = 90;

/**
 * Start times and attendees of bookings written since the host's rollup was last brought up to date
 * (filled by the trigger bookings_stats_changes for every host; taken out by the next dashboard read,
 * or by the build). The trigger records nothing for bookings a deleted account's cascade removes, so
 * the foreign key never sees a row of a host being deleted; rows recorded before go with the account.
 */
export const bookingStatsChanges = pgTable(
  "booking_stats_changes",
  {
    hostUserId: uuid("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    startTime: timestamp("start_time", { withTimezone: true }).notNull(),
    /** The booking's attendee: their next booking's day changes too (see newAttendees). */
    attendeeEmail: text("attendee_email").notNull(),
  },
  (t) => [index("booking_stats_changes_host_idx").on(t.hostUserId)],
);
