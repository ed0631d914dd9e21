import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { RecurrenceFrequency } from "../../../domain/recurrence.js";
import { eventTypes } from "./event-types.js";
import { users } from "./users.js";

/**
 * A recurring booking (issue 28 item 3): the rule the invitee booked. Each occurrence is a booking row
 * with `series_id` and `series_index` (0 the first), so the no-overlap constraint covers every one;
 * an occurrence skipped when booking (it collided) has no row, and `count` still counts it, so the
 * ICS's RRULE;COUNT with EXDATEs gives the same dates.
 */
export const bookingSeries = pgTable(
  "booking_series",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    hostUserId: uuid("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventTypeId: uuid("event_type_id").references(() => eventTypes.id, { onDelete: "set null" }),
    frequency: text("frequency").$type<RecurrenceFrequency>().notNull(),
    /** Occurrences of the rule, booked or skipped. */
    count: integer("count").notNull(),
    /** The invitee's zone, whose wall time the occurrences repeat. */
    timezone: text("timezone").notNull(),
    /** The first occurrence's start (the rule's DTSTART), even when it was skipped. */
    startTime: timestamp("start_time", { withTimezone: true }).notNull(),
    /**
     * Bumped by every change that rewrites the series' invite without cancelling an occurrence (one
     * moved off its date, the series cut short by "this and following"); the invite's SEQUENCE is this
     * plus the occurrences cancelled, so it only goes up.
     */
    sequence: integer("sequence").notNull().default(0),
    /**
     * "This and following" moved (issue 28 item 3): the series whose later occurrences this one holds
     * now; that one ends where this one's occurrences were taken from.
     */
    rescheduledFromId: uuid("rescheduled_from_id").references((): AnyPgColumn => bookingSeries.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("booking_series_host_idx").on(t.hostUserId),
    check("booking_series_frequency_check", sql`${t.frequency} in ('weekly', 'biweekly', 'monthly')`),
    check("booking_series_count_check", sql`${t.count} between 1 and 24`),
  ],
);

export type BookingSeriesRow = typeof bookingSeries.$inferSelect;
