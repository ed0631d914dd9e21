import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { bookings, eventTypes } from "../../db/schema/index.js";

/** Half-open instant ranges [from, to) of the period and the one before it. */
export interface PeriodBounds {
  previousFrom: Date;
  from: Date;
  to: Date;
  now: Date;
}

export interface PeriodTotals {
  bookings: number;
  minutes: number;
  attendees: number;
}

export interface DayRow {
  date: string;
  bookings: number;
  minutes: number;
}

export interface EventTypeRow {
  eventTypeId: string | null;
  title: string;
  color: string;
  bookings: number;
  minutes: number;
}

/** Bookings that were held or are still on: a cancelled one never counts. */
const counted = sql`${bookings.status} in ('confirmed', 'no_show')`;
const minutes = sql`extract(epoch from (${bookings.endTime} - ${bookings.startTime})) / 60`;

/**
 * Every query reads one host's bookings by (host_user_id, start_time) over the two periods; the
 * covering index bookings_host_start_stats_idx answers them without touching the table.
 */
export function createAnalyticsRepo(db: DbOrTx) {
  const inRange = (hostId: string, from: Date, to: Date) =>
    and(eq(bookings.hostUserId, hostId), gte(bookings.startTime, from), lt(bookings.startTime, to));

  return {
    /** Both periods' totals and the current period's status split, in one pass. */
    async totals(hostId: string, p: PeriodBounds) {
      const cur = sql`${bookings.startTime} >= ${p.from.toISOString()}::timestamptz`;
      const prev = sql`${bookings.startTime} < ${p.from.toISOString()}::timestamptz`;
      const nowIso = p.now.toISOString();
      const [row] = await db
        .select({
          bookings: sql<number>`(count(*) filter (where ${cur} and ${counted}))::int`,
          minutes: sql<number>`coalesce(sum(${minutes}) filter (where ${cur} and ${counted}), 0)::float8`,
          attendees: sql<number>`(count(distinct ${bookings.attendeeEmail}) filter (where ${cur} and ${counted}))::int`,
          prevBookings: sql<number>`(count(*) filter (where ${prev} and ${counted}))::int`,
          prevMinutes: sql<number>`coalesce(sum(${minutes}) filter (where ${prev} and ${counted}), 0)::float8`,
          prevAttendees: sql<number>`(count(distinct ${bookings.attendeeEmail}) filter (where ${prev} and ${counted}))::int`,
          upcoming: sql<number>`(count(*) filter (where ${cur} and ${bookings.status} = 'confirmed' and ${bookings.endTime} > ${nowIso}::timestamptz))::int`,
          completed: sql<number>`(count(*) filter (where ${cur} and ${bookings.status} = 'confirmed' and ${bookings.endTime} <= ${nowIso}::timestamptz))::int`,
          noShow: sql<number>`(count(*) filter (where ${cur} and ${bookings.status} = 'no_show'))::int`,
          cancelled: sql<number>`(count(*) filter (where ${cur} and ${bookings.status} = 'cancelled'))::int`,
        })
        .from(bookings)
        .where(inRange(hostId, p.previousFrom, p.to));
      const r = row ?? {
        bookings: 0,
        minutes: 0,
        attendees: 0,
        prevBookings: 0,
        prevMinutes: 0,
        prevAttendees: 0,
        upcoming: 0,
        completed: 0,
        noShow: 0,
        cancelled: 0,
      };
      return {
        current: { bookings: r.bookings, minutes: r.minutes, attendees: r.attendees } as PeriodTotals,
        previous: {
          bookings: r.prevBookings,
          minutes: r.prevMinutes,
          attendees: r.prevAttendees,
        } as PeriodTotals,
        statusCounts: {
          upcoming: r.upcoming,
          completed: r.completed,
          noShow: r.noShow,
          cancelled: r.cancelled,
        },
      };
    },

    /** Counted bookings per calendar date of `zone` (only dates that have some). */
    async perDay(hostId: string, zone: string, from: Date, to: Date): Promise<DayRow[]> {
      const day = sql<string>`to_char((${bookings.startTime} at time zone ${zone}::text)::date, 'YYYY-MM-DD')`;
      return db
        .select({
          date: day,
          bookings: sql<number>`count(*)::int`,
          minutes: sql<number>`sum(${minutes})::float8`,
        })
        .from(bookings)
        .where(and(inRange(hostId, from, to), counted))
        .groupBy(sql`1`)
        .orderBy(sql`1`);
    },

    /**
     * Counted bookings per event type, most first. Bookings of a deleted event type (null id) are
     * grouped by their snapshot title; a live one shows its current title and colour.
     */
    async perEventType(hostId: string, from: Date, to: Date, limit: number): Promise<EventTypeRow[]> {
      const grouped = db
        .select({
          eventTypeId: bookings.eventTypeId,
          snapshotTitle:
            sql<string>`case when ${bookings.eventTypeId} is null then ${bookings.eventTitle} end`.as(
              "snapshot_title",
            ),
          title: sql<string>`max(${bookings.eventTitle})`.as("booked_title"),
          color: sql<string>`max(${bookings.eventColor})`.as("booked_color"),
          bookings: sql<number>`count(*)::int`.as("n"),
          minutes: sql<number>`sum(${minutes})::float8`.as("minutes"),
        })
        .from(bookings)
        .where(and(inRange(hostId, from, to), counted))
        .groupBy(bookings.eventTypeId, sql`2`)
        .as("g");
      return db
        .select({
          eventTypeId: grouped.eventTypeId,
          title: sql<string>`coalesce(${eventTypes.title}, ${grouped.title})`,
          color: sql<string>`coalesce(${eventTypes.color}, ${grouped.color})`,
          bookings: grouped.bookings,
          minutes: grouped.minutes,
        })
        .from(grouped)
        .leftJoin(eventTypes, eq(eventTypes.id, grouped.eventTypeId))
        .orderBy(sql`${grouped.bookings} desc`, sql`2`, sql`1 nulls last`)
        .limit(limit);
    },

    /** Event types on now, all of them, and those on now that existed before `since`. */
    async eventTypeCounts(hostId: string, since: Date) {
      const [row] = await db
        .select({
          active: sql<number>`(count(*) filter (where ${eventTypes.isActive}))::int`,
          activeBefore: sql<number>`(count(*) filter (where ${eventTypes.isActive} and ${eventTypes.createdAt} < ${since.toISOString()}::timestamptz))::int`,
          total: sql<number>`count(*)::int`,
        })
        .from(eventTypes)
        .where(eq(eventTypes.userId, hostId));
      return row ?? { active: 0, activeBefore: 0, total: 0 };
    },
  };
}

export type AnalyticsRepo = ReturnType<typeof createAnalyticsRepo>;
