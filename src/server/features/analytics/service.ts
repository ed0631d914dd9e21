import { Temporal } from "temporal-polyfill";
import {
  type AnalyticsPeriod,
  type DashboardStats,
  type DateRange,
  PERIOD_DAYS,
  type StatWithGrowth,
} from "../../../contract/analytics.js";
import { formatDate, localDateRange, parseDate } from "../../../domain/availability/index.js";
import type { Db } from "../../db/client.js";
import type { UserRow } from "../../db/schema/index.js";
import { createAnalyticsRepo } from "./repo.js";
import { createStatsRepo, createStatsStateLookup, type StatsState } from "./repo-stats.js";

const POPULAR_LIMIT = 5;

export interface AnalyticsDeps {
  now: () => Date;
  /** The zone the host's days are cut in (their default schedule's, else their profile's). */
  hostZone: (user: UserRow) => Promise<string>;
}

export function createAnalyticsService(db: Db, deps: AnalyticsDeps) {
  const repo = createAnalyticsRepo(db);
  const statsState = createStatsStateLookup(db);

  return {
    async dashboard(user: UserRow, period: AnalyticsPeriod): Promise<DashboardStats> {
      const now = deps.now();
      const zone = await deps.hostZone(user);
      const days = PERIOD_DAYS[period];
      const today = parseDate(
        Temporal.Instant.fromEpochMilliseconds(now.getTime())
          .toZonedDateTimeISO(zone)
          .toPlainDate()
          .toString(),
      ) as number;
      const range = dateRange(today - days + 1, today, zone);
      const previousRange = dateRange(today - 2 * days + 1, today - days, zone);
      await bringStatsUpToDate(user.id, zone);
      const rows = await repo.dashboard(
        user.id,
        zone,
        {
          previousFrom: new Date(previousRange.startsAt),
          from: new Date(range.startsAt),
          to: new Date(range.endsAt),
          now,
          previousFirstDate: previousRange.from,
          firstDate: range.from,
          lastDate: range.to,
        },
        POPULAR_LIMIT,
      );

      const byDay = new Map(rows.days.map(([day, bookings, minutes]) => [day, { bookings, minutes }]));
      const dailyTrends = [];
      for (let i = 0; i < days; i++) {
        const date = formatDate(today - days + 1 + i);
        const bookings = byDay.get(i)?.bookings ?? 0;
        dailyTrends.push({
          date,
          bookings,
          hours: hours(byDay.get(i)?.minutes ?? 0),
          _id: date,
          count: bookings,
        });
      }
      const types = rows.eventTypeCounts;
      const popular = rows.eventTypes;

      const { current, previous } = rows;
      return {
        period,
        timezone: zone,
        range,
        previousRange,
        overview: {
          totalBookings: stat(current.bookings, previous.bookings),
          bookingsMade: stat(rows.made.current, rows.made.previous),
          totalHours: {
            value: hours(current.minutes),
            previous: hours(previous.minutes),
            growth: growth(current.minutes, previous.minutes),
          },
          uniqueAttendees: stat(current.attendees, previous.attendees),
          activeEventTypes: { ...stat(types.active, types.activeBefore), total: types.total },
        },
        dailyTrends,
        popularEventTypes: popular.map((p) => ({
          eventTypeId: p.eventTypeId,
          title: p.title,
          color: p.color,
          bookings: p.bookings,
          hours: hours(p.minutes),
          share: current.bookings ? round1((p.bookings / current.bookings) * 100) : 0,
          name: p.title,
          count: p.bookings,
        })),
        statusCounts: rows.statusCounts,
      };
    },
  };

  /**
   * The rollup the dashboard reads, up to date for the host's zone: built on the first read (or
   * after the zone changed), else the days with changed bookings recomputed. One look when nothing
   * changed; the work runs in a transaction under a per-host lock, and looks again once it holds the
   * lock, as a concurrent read may have done it already.
   */
  async function bringStatsUpToDate(hostUserId: string, zone: string): Promise<void> {
    const needsWork = (s: StatsState | undefined) => !s || s.zone !== zone || s.changed;
    if (!needsWork(await statsState(db, hostUserId))) return;
    await db.transaction(async (tx) => {
      const locked = createStatsRepo(tx);
      await locked.lock(hostUserId);
      const state = await statsState(tx, hostUserId);
      if (!state || state.zone !== zone) await locked.rebuild(hostUserId, zone);
      else if (state.changed) await locked.recomputeChangedDays(hostUserId, zone);
    });
  }
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

/** Local dates first..last (day numbers) of a zone as dates and the instants that bound them. */
function dateRange(first: number, last: number, zone: string): DateRange {
  const from = formatDate(first);
  const to = formatDate(last);
  return {
    from,
    to,
    startsAt: new Date(localDateRange(from, zone).from).toISOString(),
    endsAt: new Date(localDateRange(to, zone).to).toISOString(),
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const hours = (minutes: number) => round1(minutes / 60);

/** Percent change with one decimal; null when there is nothing to compare with (see the contract). */
export function growth(value: number, previous: number): number | null {
  if (previous === 0) return value === 0 ? 0 : null;
  return round1(((value - previous) / previous) * 100);
}

const stat = (value: number, previous: number): StatWithGrowth => ({
  value,
  previous,
  growth: growth(value, previous),
});
