import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { bookings } from "../../db/schema/index.js";

export interface UpcomingRows {
  week: { bookings: number; minutes: number };
  month: { bookings: number; minutes: number };
  next: {
    id: string;
    title: string;
    color: string;
    startTime: Date;
    endTime: Date;
    attendeeName: string;
  } | null;
}

/** A meeting longer than this is not looked for as "in progress" (slots are at most 8 hours). */
const LONGEST_MEETING = "1 day";

/**
 * The dashboard's look ahead, kept apart from the period query (repo.ts). Both parts read the host's
 * confirmed bookings from bookings_host_status_start_idx (host, status, start_time, id, end_time) by a
 * bounded range of start times: the counts are an index-only scan of the next 30 days, the next meeting
 * one index probe plus one row.
 */
export function createUpcomingRepo(db: DbOrTx) {
  return {
    async upcoming(hostId: string, now: Date): Promise<UpcomingRows> {
      const at = sql`${now.toISOString()}::timestamptz`;
      const week = sql`${at} + interval '7 days'`;
      const length = sql`extract(epoch from ${bookings.endTime} - ${bookings.startTime}) / 60`;
      const totals = (await db.execute(sql`
        select
          count(*) filter (where ${bookings.startTime} < ${week})::int as week_n,
          coalesce(sum(${length}) filter (where ${bookings.startTime} < ${week}), 0)::float8 as week_m,
          count(*)::int as month_n,
          coalesce(sum(${length}), 0)::float8 as month_m
        from ${bookings}
        where ${bookings.hostUserId} = ${hostId} and ${bookings.status} = 'confirmed'
          and ${bookings.startTime} >= ${at} and ${bookings.startTime} < ${at} + interval '30 days'`)) as unknown as {
        rows: { week_n: number; week_m: number; month_n: number; month_m: number }[];
      };
      const [next] = await db
        .select({
          id: bookings.id,
          title: bookings.eventTitle,
          color: bookings.eventColor,
          startTime: bookings.startTime,
          endTime: bookings.endTime,
          attendeeName: bookings.attendeeName,
        })
        .from(bookings)
        .where(
          sql`${bookings.hostUserId} = ${hostId} and ${bookings.status} = 'confirmed'
            and ${bookings.startTime} > ${at} - interval '${sql.raw(LONGEST_MEETING)}' and ${bookings.endTime} > ${at}`,
        )
        .orderBy(bookings.startTime, bookings.id)
        .limit(1);
      const t = totals.rows[0];
      return {
        week: { bookings: Number(t.week_n), minutes: Number(t.week_m) },
        month: { bookings: Number(t.month_n), minutes: Number(t.month_m) },
        next: next ?? null,
      };
    },
  };
}
