import { and, eq, inArray, sql } from "drizzle-orm";
import type { Interval } from "../../../domain/intervals.js";
import type { DbOrTx } from "../../db/client.js";
import {
  type CalendarAccountRow,
  type CalendarCalendarRow,
  calendarAccounts,
  calendarBusyCache,
  calendarCalendars,
  calendarSettings,
} from "../../db/schema/index.js";

/** Busy times a provider gave for [from, to), epoch ms, as the cache table keeps them. */
export interface CachedBusy {
  from: number;
  to: number;
  intervals: Interval[];
  fetchedAt: number;
  stale: boolean;
}

/** A calendar whose busy times a slot lookup reads, with its cached busy times for the lookup's range. */
export type BusyCalendarSource = Pick<CalendarCalendarRow, "id" | "remoteId" | "allDayBusy"> & {
  cached: CachedBusy[];
};

/** The calendars of one account that block slots: what the account needs to ask for their busy times. */
export interface BusySource {
  account: CalendarAccountRow;
  calendars: BusyCalendarSource[];
}

/** Rows are kept per range; older than this they are replaced by any newer answer covering them. */
const KEEP_MS = 86_400_000;

/** The busy-time cache of connected calendars (schema: calendarBusyCache). */
export function createBusyCacheRepo(db: DbOrTx) {
  return {
    /**
     * The host's calendars that block slots, grouped by account (active accounts, calendars checked
     * for conflicts, and only when the sync setting checkForConflicts is on, the default), each with
     * its cached busy times overlapping [from, to) for `zone`: one statement for the whole lookup.
     */
    async sources(userId: string, zone: string, from: number, to: number): Promise<BusySource[]> {
      const cached = sql<CachedRow[]>`coalesce((
        select json_agg(json_build_object(
          'from', extract(epoch from b.range_from) * 1000,
          'to', extract(epoch from b.range_to) * 1000,
          'intervals', b.intervals,
          'fetchedAt', extract(epoch from b.fetched_at) * 1000,
          'stale', b.stale))
        from ${calendarBusyCache} b
        where b.calendar_id = ${calendarCalendars.id} and b.zone = ${zone}
          and b.range_from < ${new Date(to).toISOString()}::timestamptz
          and b.range_to > ${new Date(from).toISOString()}::timestamptz
      ), '[]'::json)`;
      const rows = await db
        .select({
          account: calendarAccounts,
          calendar: {
            id: calendarCalendars.id,
            remoteId: calendarCalendars.remoteId,
            allDayBusy: calendarCalendars.allDayBusy,
          },
          cached,
        })
        .from(calendarCalendars)
        .innerJoin(calendarAccounts, eq(calendarAccounts.id, calendarCalendars.accountId))
        .leftJoin(calendarSettings, eq(calendarSettings.userId, calendarCalendars.userId))
        .where(
          and(
            eq(calendarCalendars.userId, userId),
            eq(calendarCalendars.checkConflicts, true),
            eq(calendarAccounts.isActive, true),
            sql`coalesce((${calendarSettings.sync}->>'checkForConflicts')::boolean, true)`,
          ),
        );
      const byAccount = new Map<string, BusySource>();
      for (const row of rows) {
        const source = byAccount.get(row.account.id) ?? { account: row.account, calendars: [] };
        source.calendars.push({ ...row.calendar, cached: parseCached(row.cached) });
        byAccount.set(row.account.id, source);
      }
      return [...byAccount.values()];
    },

    /**
     * Keeps a provider's answer for [from, to): replaces the row of the same range unless it holds a
     * newer answer, and drops rows it covers and rows older than a day. One statement.
     */
    async store(
      calendarId: string,
      zone: string,
      entry: { from: number; to: number; intervals: Interval[]; fetchedAt: number; stale: boolean },
    ): Promise<void> {
      const from = new Date(entry.from).toISOString();
      const to = new Date(entry.to).toISOString();
      const fetchedAt = new Date(entry.fetchedAt).toISOString();
      const keepAfter = new Date(entry.fetchedAt - KEEP_MS).toISOString();
      const intervals = JSON.stringify(entry.intervals.map((i) => [i.start, i.end]));
      await db.execute(sql`
        with dropped as (
          delete from ${calendarBusyCache}
          where calendar_id = ${calendarId} and zone = ${zone}
            and not (range_from = ${from}::timestamptz and range_to = ${to}::timestamptz)
            and ((range_from >= ${from}::timestamptz and range_to <= ${to}::timestamptz)
              or fetched_at < ${keepAfter}::timestamptz)
        )
        insert into ${calendarBusyCache} (calendar_id, zone, range_from, range_to, intervals, fetched_at, stale)
        values (${calendarId}, ${zone}, ${from}::timestamptz, ${to}::timestamptz, ${intervals}::jsonb,
          ${fetchedAt}::timestamptz, ${entry.stale})
        on conflict (calendar_id, zone, range_from, range_to) do update
          set intervals = excluded.intervals, fetched_at = excluded.fetched_at, stale = excluded.stale
          where ${calendarBusyCache}.fetched_at <= excluded.fetched_at`);
    },

    /** Our write (or a setting) changed these calendars: their busy times must be asked for again. */
    async markStale(calendarIds: string[]): Promise<void> {
      if (calendarIds.length === 0) return;
      await db
        .update(calendarBusyCache)
        .set({ stale: true })
        .where(inArray(calendarBusyCache.calendarId, calendarIds));
    },
  };
}

interface CachedRow {
  from: number;
  to: number;
  intervals: [number, number][];
  fetchedAt: number;
  stale: boolean;
}

/** json_agg comes back parsed from pg and PGlite alike; numbers may be numeric strings from extract(). */
function parseCached(rows: CachedRow[] | string): CachedBusy[] {
  const list = (typeof rows === "string" ? JSON.parse(rows) : rows) as CachedRow[];
  return list.map((r) => ({
    from: Number(r.from),
    to: Number(r.to),
    fetchedAt: Number(r.fetchedAt),
    stale: r.stale,
    intervals: r.intervals.map(([start, end]) => ({ start, end })),
  }));
}
