import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { keptStatement, preparedSql } from "../../db/prepared.js";
import { bookingStats, bookings, eventTypes } from "../../db/schema/index.js";

/** The period: its instants [from, to) (and the clock), and the local dates of it and the one before. */
export interface PeriodBounds {
  /** The previous period's first instant. */
  previousFrom: Date;
  from: Date;
  to: Date;
  now: Date;
  /** Local dates, YYYY-MM-DD: the previous period's first, the period's first (day numbers below count from it) and last. */
  previousFirstDate: string;
  firstDate: string;
  lastDate: string;
}

export interface PeriodTotals {
  bookings: number;
  minutes: number;
  attendees: number;
}

export interface DashboardRows {
  current: PeriodTotals;
  previous: PeriodTotals;
  /** Bookings made (created) in the period and the one before, whenever they meet; not cancelled since. */
  made: { current: number; previous: number };
  statusCounts: { upcoming: number; completed: number; noShow: number; cancelled: number };
  /** [day number from firstDate, bookings, minutes] for days that have counted bookings. */
  days: [number, number, number][];
  /** The most booked event types, most first, ties by title. */
  eventTypes: {
    eventTypeId: string | null;
    title: string;
    color: string;
    bookings: number;
    minutes: number;
  }[];
  eventTypeCounts: { active: number; activeBefore: number; total: number };
}

interface RawRow {
  totals: {
    bookings: number;
    seconds: number;
    prevBookings: number;
    prevSeconds: number;
    confirmed: number;
    noShow: number;
    cancelled: number;
  };
  upcoming: number;
  made: { current: number; previous: number };
  attendees: { current: number | string; previous: number | string };
  days: [number, number, number][];
  types: (Omit<DashboardRows["eventTypes"][number], "minutes"> & { seconds: number })[];
  event_types: DashboardRows["eventTypeCounts"];
}

/** The dashboard statement, with placeholders for the host, zone, period bounds and list length. */
const dashboardQuery = () => {
  const ph = sql.placeholder;
  const first = sql`${ph("firstDate")}::date`;
  const hostId = sql`${ph("hostId")}::uuid`;
  const counted = sql`status in ('confirmed', 'no_show')`;
  return sql`
    with s as not materialized (
      select day >= ${first} as cur, day, status, event_type_id, event_title, event_color, bookings, seconds,
        new_attendees
      from ${bookingStats}
      where ${bookingStats.hostUserId} = ${hostId} and ${bookingStats.zone} = ${ph("zone")}::text
        and ${bookingStats.day} >= ${ph("previousFirstDate")}::date and ${bookingStats.day} <= ${ph("lastDate")}::date
    )
    select
      (select json_build_object(
        'bookings', coalesce(sum(bookings) filter (where cur and ${counted}), 0),
        'seconds', coalesce(sum(seconds) filter (where cur and ${counted}), 0),
        'prevBookings', coalesce(sum(bookings) filter (where not cur and ${counted}), 0),
        'prevSeconds', coalesce(sum(seconds) filter (where not cur and ${counted}), 0),
        'confirmed', coalesce(sum(bookings) filter (where cur and status = 'confirmed'), 0),
        'noShow', coalesce(sum(bookings) filter (where cur and status = 'no_show'), 0),
        'cancelled', coalesce(sum(bookings) filter (where cur and status = 'cancelled'), 0)
      ) from s) as totals,
      -- Confirmed bookings of the period not over yet: live, as the clock moves (a booking lasts at
      -- most a day, so the start bound lets the index seek close to now).
      (select count(*)::int from ${bookings}
        where ${bookings.hostUserId} = ${hostId} and ${bookings.status} = 'confirmed'
          and ${bookings.startTime} >= greatest(${ph("from")}::timestamptz, ${ph("now")}::timestamptz - interval '1 day')
          and ${bookings.startTime} < ${ph("to")}::timestamptz
          and ${bookings.endTime} > ${ph("now")}::timestamptz) as upcoming,
      -- Bookings made in either period, whenever they meet (a host booked today for next week sees
      -- them here while the meeting-date figures above still read 0), by the host/created index.
      (select json_build_object(
        'current', count(*) filter (where ${bookings.createdAt} >= ${ph("from")}::timestamptz),
        'previous', count(*) filter (where ${bookings.createdAt} < ${ph("from")}::timestamptz)
      ) from ${bookings}
        where ${bookings.hostUserId} = ${hostId} and ${bookings.status} <> 'cancelled'
          and ${bookings.createdAt} >= ${ph("previousFrom")}::timestamptz
          and ${bookings.createdAt} < ${ph("to")}::timestamptz) as made,
      -- Unique attendees: each counted on the first day of the period they booked (see new_attendees).
      (select json_build_object(
        'current', coalesce(sum(new_attendees[day - ${first} + 1]) filter (where cur), 0),
        'previous', coalesce(sum(new_attendees[day - ${ph("previousFirstDate")}::date + 1]) filter (where not cur), 0)
      ) from s where ${counted}) as attendees,
      (select coalesce(json_agg(json_build_array(day, n, secs)), '[]')
        from (
          select day - ${first} as day, sum(bookings) as n, sum(seconds) as secs
          from s where cur and ${counted} group by 1
        ) d) as days,
      (select coalesce(json_agg(t), '[]')
        from (
          select g.event_type_id as "eventTypeId", ${eventTypes.title} as title, ${eventTypes.color} as color,
            g.n as bookings, g.secs as seconds
          from (
            select event_type_id, sum(bookings) as n, sum(seconds) as secs
            from s where cur and ${counted} and event_type_id is not null group by 1
          ) g
          join ${eventTypes} on ${eventTypes.id} = g.event_type_id
          union all
          -- Bookings of event types deleted since (no id) go by the title they were booked under.
          select null, event_title, max(event_color), sum(bookings), sum(seconds)
          from s where cur and ${counted} and event_type_id is null
          group by event_title
          order by 4 desc, 2, 1 nulls last
          limit ${ph("popularLimit")}::int
        ) t) as types,
      (select json_build_object(
        'active', count(*) filter (where ${eventTypes.isActive}),
        'activeBefore', count(*) filter (where ${eventTypes.isActive} and ${eventTypes.createdAt} < ${ph("from")}::timestamptz),
        'total', count(*)
      ) from ${eventTypes} where ${eventTypes.userId} = ${hostId}) as event_types`;
};

/**
 * The whole dashboard in one statement, from the daily rollup (booking_stats, brought up to date
 * just before by repo-stats.ts): a 90-day dashboard folds some 1,500 rollup rows of both periods
 * where it used to fold some 4,000 bookings five times over; unique attendees too, by the rows'
 * new_attendees (schema/analytics.ts), where a set of e-mails was the costliest part. A
 * booking counts when it was held or is still on (confirmed or no_show); cancelled ones only show
 * in the status counts.
 */
export function createAnalyticsRepo(db: Db) {
  // Kept prepared (db/prepared.ts): PGlite parses and plans it once, PostgreSQL keeps it named per
  // connection; drizzle no longer rebuilds this long statement on every call either.
  const query = keptStatement(db, "analytics_dashboard", (h) =>
    preparedSql<RawRow>(h, dashboardQuery(), "analytics_dashboard"),
  );
  return {
    async dashboard(
      hostId: string,
      zone: string,
      p: PeriodBounds,
      popularLimit: number,
    ): Promise<DashboardRows> {
      const result = await query(db, {
        hostId,
        zone,
        previousFirstDate: p.previousFirstDate,
        firstDate: p.firstDate,
        lastDate: p.lastDate,
        previousFrom: p.previousFrom.toISOString(),
        from: p.from.toISOString(),
        to: p.to.toISOString(),
        now: p.now.toISOString(),
        popularLimit,
      });
      const row = result.rows[0];
      const t = row.totals;
      const minutes = (seconds: number | string) => Number(seconds) / 60;
      return {
        current: {
          bookings: Number(t.bookings),
          minutes: minutes(t.seconds),
          attendees: Number(row.attendees.current),
        },
        previous: {
          bookings: Number(t.prevBookings),
          minutes: minutes(t.prevSeconds),
          attendees: Number(row.attendees.previous),
        },
        made: { current: Number(row.made.current), previous: Number(row.made.previous) },
        statusCounts: {
          upcoming: row.upcoming,
          completed: Number(t.confirmed) - row.upcoming,
          noShow: Number(t.noShow),
          cancelled: Number(t.cancelled),
        },
        days: row.days.map(([day, n, secs]) => [day, Number(n), minutes(secs)]),
        eventTypes: row.types.map(({ seconds, ...e }) => ({
          ...e,
          bookings: Number(e.bookings),
          minutes: minutes(seconds),
        })),
        eventTypeCounts: row.event_types,
      };
    },
  };
}

export type AnalyticsRepo = ReturnType<typeof createAnalyticsRepo>;
