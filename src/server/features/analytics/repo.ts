import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { keptStatement, preparedSql } from "../../db/prepared.js";
import { bookings, eventTypes } from "../../db/schema/index.js";

/** Half-open instant ranges [from, to) of the period and of the one before it ([previousFrom, from)). */
export interface PeriodBounds {
  previousFrom: Date;
  from: Date;
  to: Date;
  now: Date;
  /** The period's first local date, YYYY-MM-DD: day numbers below count from it. */
  firstDate: string;
}

export interface PeriodTotals {
  bookings: number;
  minutes: number;
  attendees: number;
}

export interface DashboardRows {
  current: PeriodTotals;
  previous: PeriodTotals;
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
  totals: Omit<PeriodTotals, "attendees"> & {
    prevBookings: number;
    prevMinutes: number;
    upcoming: number;
    completed: number;
    noShow: number;
    cancelled: number;
  };
  attendees: { current: number; previous: number };
  days: [number, number, number][];
  types: DashboardRows["eventTypes"];
  event_types: DashboardRows["eventTypeCounts"];
}

/** The dashboard statement, with placeholders for the host, zone, period bounds and list length. */
const dashboardQuery = () => {
  const ph = sql.placeholder;
  const from = sql`${ph("from")}::timestamptz`;
  const to = sql`${ph("to")}::timestamptz`;
  const now = sql`${ph("now")}::timestamptz`;
  const hostId = sql`${ph("hostId")}::uuid`;
  return sql`
    with b as not materialized (
      select
        ${bookings.startTime} >= ${from} as cur,
        ${bookings.status} in ('confirmed', 'no_show') as counted,
        ${bookings.status} as status,
        ${bookings.startTime} as start_time,
        ${bookings.endTime} as end_time,
        ${bookings.eventTypeId} as event_type_id,
        ${bookings.attendeeEmail} as attendee_email,
        ${bookings.endTime} - ${bookings.startTime} as length
      from ${bookings}
      where ${bookings.hostUserId} = ${hostId}
        and ${bookings.startTime} >= ${ph("previousFrom")}::timestamptz
        and ${bookings.startTime} < ${to}
    )
    select
      (select json_build_object(
        'bookings', count(*) filter (where cur and counted),
        'minutes', coalesce(extract(epoch from sum(length) filter (where cur and counted)) / 60, 0),
        'prevBookings', count(*) filter (where not cur and counted),
        'prevMinutes', coalesce(extract(epoch from sum(length) filter (where not cur and counted)) / 60, 0),
        'upcoming', count(*) filter (where cur and status = 'confirmed' and end_time > ${now}),
        'completed', count(*) filter (where cur and status = 'confirmed' and end_time <= ${now}),
        'noShow', count(*) filter (where cur and status = 'no_show'),
        'cancelled', count(*) filter (where cur and status = 'cancelled')
      ) from b) as totals,
      json_build_object(
        'current', (select count(*) from (select distinct attendee_email from b where cur and counted) a),
        'previous', (select count(*) from (select distinct attendee_email from b where not cur and counted) a)
      ) as attendees,
      (select coalesce(json_agg(json_build_array(day, n, m)), '[]')
        from (
          select ((start_time at time zone ${ph("zone")}::text)::date - ${ph("firstDate")}::date) as day,
            count(*) as n, extract(epoch from sum(length)) / 60 as m
          from b where cur and counted group by 1
        ) d) as days,
      (select coalesce(json_agg(t), '[]')
        from (
          select g.event_type_id as "eventTypeId", ${eventTypes.title} as title, ${eventTypes.color} as color,
            g.n as bookings, g.m as minutes
          from (
            select event_type_id, count(*) as n, extract(epoch from sum(length)) / 60 as m
            from b where cur and counted and event_type_id is not null group by 1
          ) g
          join ${eventTypes} on ${eventTypes.id} = g.event_type_id
          union all
          -- Bookings of event types deleted since (no id) go by the title they were booked under.
          select null, ${bookings.eventTitle}, max(${bookings.eventColor}), count(*),
            extract(epoch from sum(${bookings.endTime} - ${bookings.startTime})) / 60
          from ${bookings}
          where ${bookings.hostUserId} = ${hostId} and ${bookings.eventTypeId} is null
            and ${bookings.startTime} >= ${from} and ${bookings.startTime} < ${to}
            and ${bookings.status} in ('confirmed', 'no_show')
          group by ${bookings.eventTitle}
          order by 4 desc, 2, 1 nulls last
          limit ${ph("popularLimit")}::int
        ) t) as types,
      (select json_build_object(
        'active', count(*) filter (where ${eventTypes.isActive}),
        'activeBefore', count(*) filter (where ${eventTypes.isActive} and ${eventTypes.createdAt} < ${from}),
        'total', count(*)
      ) from ${eventTypes} where ${eventTypes.userId} = ${hostId}) as event_types`;
};

/**
 * The whole dashboard in one statement. The host's bookings of both periods come from the covering
 * index bookings_host_start_cover_idx (index-only scans: no table rows), folded into totals, days of
 * the host's zone (AT TIME ZONE) and event types. `b` is inlined into each part, not materialized:
 * copying ~4,000 rows into a tuple store and reading it five times cost more than five index range
 * scans, each narrowed to its period (pgbench, 10 clients, 100k bookings: 250-290 -> 315-350
 * statements/s). A booking counts when it was held or is still on (confirmed or no_show); cancelled
 * ones only show in the status counts.
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
        previousFrom: p.previousFrom.toISOString(),
        from: p.from.toISOString(),
        to: p.to.toISOString(),
        now: p.now.toISOString(),
        firstDate: p.firstDate,
        popularLimit,
      });
      const row = result.rows[0];
      const t = row.totals;
      return {
        current: { bookings: t.bookings, minutes: Number(t.minutes), attendees: row.attendees.current },
        previous: {
          bookings: t.prevBookings,
          minutes: Number(t.prevMinutes),
          attendees: row.attendees.previous,
        },
        statusCounts: {
          upcoming: t.upcoming,
          completed: t.completed,
          noShow: t.noShow,
          cancelled: t.cancelled,
        },
        days: row.days.map(([day, n, m]) => [day, n, Number(m)]),
        eventTypes: row.types.map((e) => ({ ...e, minutes: Number(e.minutes) })),
        eventTypeCounts: row.event_types,
      };
    },
  };
}

export type AnalyticsRepo = ReturnType<typeof createAnalyticsRepo>;
