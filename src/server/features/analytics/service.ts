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

const POPULAR_LIMIT = 5;

export interface AnalyticsDeps {
  now: () => Date;
  /** The zone the host's days are cut in (their default schedule's, else their profile's). */
  hostZone: (user: UserRow) => Promise<string>;
}

export function createAnalyticsService(db: Db, deps: AnalyticsDeps) {
  const repo = createAnalyticsRepo(db);

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
      const from = new Date(range.startsAt);
      const to = new Date(range.endsAt);

      const [totals, perDay, popular, types] = await Promise.all([
        repo.totals(user.id, { previousFrom: new Date(previousRange.startsAt), from, to, now }),
        repo.perDay(user.id, zone, from, to),
        repo.perEventType(user.id, from, to, POPULAR_LIMIT),
        repo.eventTypeCounts(user.id, from),
      ]);

      const byDate = new Map(perDay.map((d) => [d.date, d]));
      const dailyTrends = [];
      for (let day = today - days + 1; day <= today; day++) {
        const date = formatDate(day);
        const row = byDate.get(date);
        const bookings = row?.bookings ?? 0;
        dailyTrends.push({ date, bookings, hours: hours(row?.minutes ?? 0), _id: date, count: bookings });
      }

      const { current, previous } = totals;
      return {
        period,
        timezone: zone,
        range,
        previousRange,
        overview: {
          totalBookings: stat(current.bookings, previous.bookings),
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
        statusCounts: totals.statusCounts,
      };
    },
  };
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
