import { eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.js";
import { keptStatement, preparedSql } from "../../db/prepared.js";
import {
  bookingStats,
  bookingStatsBuilds,
  bookingStatsChanges,
  bookings,
  STATS_LOOKBACK_DAYS,
} from "../../db/schema/index.js";

/**
 * The dashboard's daily rollup (schema/analytics.ts): built in full for a host's zone on the first
 * read, then brought up to date from the days the bookings trigger recorded. The service brings it
 * up to date (bringStatsUpToDate) in a transaction before each dashboard read.
 */
export interface StatsState {
  /** The zone the host's rollup is built in. */
  zone: string;
  /** Whether bookings changed since it was last brought up to date. */
  changed: boolean;
}

/**
 * Where a host's rollup stands (undefined: none built yet). Every dashboard read asks first, so it is
 * kept prepared (db/prepared.ts); run it on the database or on a transaction of it. One per database.
 */
export function createStatsStateLookup(
  db: Db,
): (handle: DbOrTx, hostUserId: string) => Promise<StatsState | undefined> {
  const host = sql`${sql.placeholder("hostUserId")}::uuid`;
  const run = keptStatement(db, "analytics_stats_state", (h) =>
    preparedSql<StatsState>(
      h,
      sql`select ${bookingStatsBuilds.zone} as zone,
          exists (select 1 from ${bookingStatsChanges} where ${bookingStatsChanges.hostUserId} = ${host}) as changed
        from ${bookingStatsBuilds} where ${bookingStatsBuilds.hostUserId} = ${host}`,
      "analytics_stats_state",
    ),
  );
  return async (handle, hostUserId) => (await run(handle, { hostUserId })).rows[0];
}

export function createStatsRepo(db: DbOrTx) {
  const counted = (alias: string) => sql.raw(`${alias}.status in ('confirmed', 'no_show')`);

  /**
   * Writes the rollup rows of the host's bookings (all, or those of some local days), grouped as the
   * table is. Each counted booking is looked at beside its attendee's previous counted booking (the
   * (host, attendee, start) index): whether it is their first of the day, and how many days since.
   */
  async function writeRows(hostUserId: string, zone: string, days: string[] | null): Promise<void> {
    const z = sql`${zone}::text`;
    const day = (alias: string) => sql`(${sql.raw(alias)}.start_time at time zone ${z})::date`;
    const columns = sql`${day("b")} as day, b.status, b.event_type_id,
      case when b.event_type_id is null then b.event_title else '' end as title,
      case when b.event_type_id is null then b.event_color else '' end as color,
      extract(epoch from b.end_time - b.start_time) as seconds, ${counted("b")} as counted`;
    // Each booking with the local day of its attendee's previous counted booking (prev_day). A full
    // build takes it from one sort of all the host's bookings; some days, from the (host, attendee,
    // start) index per booking.
    const withPrevious = days
      ? sql`select ${columns}, p.day as prev_day
          from ${bookings} b
          join unnest(${`{${days.join(",")}}`}::date[]) as d(day)
            on b.start_time >= (d.day::timestamp at time zone ${z})
            and b.start_time < ((d.day + 1)::timestamp at time zone ${z})
          left join lateral (
            select ${day("p")} as day from ${bookings} p
            where ${counted("b")} and p.host_user_id = b.host_user_id and p.attendee_email = b.attendee_email
              and ${counted("p")} and p.start_time <= b.start_time
              and (p.start_time < b.start_time or p.id < b.id)
            order by p.start_time desc, p.id desc
            limit 1
          ) p on true
          where b.host_user_id = ${hostUserId}::uuid`
      : sql`select ${columns},
            -- Within one attendee's counted bookings (the other partition is never a first visit).
            lag(${day("b")}) over (
              partition by b.attendee_email, ${counted("b")} order by b.start_time, b.id
            ) as prev_day
          from ${bookings} b
          where b.host_user_id = ${hostUserId}::uuid`;
    await db.execute(sql`
      insert into ${bookingStats}
        (host_user_id, zone, day, status, event_type_id, event_title, event_color, bookings, seconds, new_attendees)
      select ${hostUserId}::uuid, ${z}, day, status, event_type_id, title, color, bookings, seconds,
        -- Element t: how many of the first visits came more than t days after the previous one.
        (select array_agg(n order by t) from (
          select t, count(g)::int as n
          from generate_series(0, ${STATS_LOOKBACK_DAYS - 1}) t left join unnest(gaps) g on g > t
          group by t
        ) c)
      from (
        select day, status, event_type_id, title, max(color) as color, count(*) as bookings,
          sum(seconds)::bigint as seconds,
          -- A first visit: counted, and no counted booking of the attendee earlier that day. Its gap
          -- is the days since the previous one (never booked before: as if long ago).
          array_agg(coalesce(day - prev_day, ${NEVER_BEFORE}))
            filter (where counted and (prev_day is null or prev_day < day)) as gaps
        from (${withPrevious}) x
        group by day, status, event_type_id, title
      ) grouped`);
  }

  return {
    /** Holds off any other writer of this host's rollup until the transaction ends. */
    async lock(hostUserId: string): Promise<void> {
      await db.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`booking_stats:${hostUserId}`}, 0))`,
      );
    },

    /**
     * Builds the host's rollup afresh in `zone` (their first dashboard read, or a new zone). The
     * change records are taken out before the bookings are read: one committed in between stays for
     * the next read (recomputing a day is idempotent), none is lost.
     */
    async rebuild(hostUserId: string, zone: string): Promise<void> {
      await db.delete(bookingStatsChanges).where(eq(bookingStatsChanges.hostUserId, hostUserId));
      await db.delete(bookingStats).where(eq(bookingStats.hostUserId, hostUserId));
      await writeRows(hostUserId, zone, null);
      await db
        .insert(bookingStatsBuilds)
        .values({ hostUserId, zone })
        .onConflictDoUpdate({ target: bookingStatsBuilds.hostUserId, set: { zone, builtAt: new Date() } });
    },

    /**
     * Recomputes the days whose bookings changed since the last read (the trigger's records, taken
     * out here): those days' rows are replaced by what the bookings say now.
     */
    async recomputeChangedDays(hostUserId: string, zone: string): Promise<void> {
      // The changed bookings' days, and the day of each one's attendee's next counted booking, whose
      // "days since the previous booking" the change may have moved.
      const taken = (await db.execute(sql`
        with taken as (
          delete from ${bookingStatsChanges} where ${bookingStatsChanges.hostUserId} = ${hostUserId}
          returning start_time, attendee_email
        ),
        touched as (
          select start_time from taken
          union all
          select n.start_time from taken c cross join lateral (
            select b.start_time from ${bookings} b
            where b.host_user_id = ${hostUserId}::uuid and b.attendee_email = c.attendee_email
              and ${counted("b")} and b.start_time > c.start_time
            order by b.start_time limit 1
          ) n
        )
        select coalesce(array_agg(distinct (start_time at time zone ${zone}::text)::date::text), '{}') as days
        from touched`)) as unknown as { rows: { days: string[] }[] };
      const { days } = taken.rows[0];
      if (days.length === 0) return;
      await db.execute(sql`
        delete from ${bookingStats}
        where ${bookingStats.hostUserId} = ${hostUserId} and ${bookingStats.zone} = ${zone}
          and ${bookingStats.day} = any(${`{${days.join(",")}}`}::date[])`);
      await writeRows(hostUserId, zone, days);
    },
  };
}

/** The gap of an attendee's first booking: beyond any period. */
const NEVER_BEFORE = 1_000_000;
