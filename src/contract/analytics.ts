import { z } from "zod";
import { ANALYTICS_PERIODS, type AnalyticsPeriod } from "./analytics-periods.js";

/**
 * Analytics API (spec sections 2 'Host dashboard', 3 'Dashboard stats', 7 'Analytics and profile').
 * Paths are under /api; host only (Authorization: Bearer), computed from the caller's own data only.
 *
 * - GET /analytics/dashboard?period=7d|30d|90d   -> DashboardStats   (period defaults to 7d; other values 400)
 *
 * Definitions (the server computes everything in SQL, in the host's zone):
 * - Host zone: the zone of the host's default availability schedule, else the profile's timezone.
 *   It is echoed as `timezone`; every date below is a calendar date of that zone.
 * - Period: the last N whole days of the host's zone, today included: [today-(N-1) 00:00, tomorrow 00:00).
 *   So a meeting later today counts. The previous period is the N days just before it.
 * - A booking counts when its start falls in the period and it was held or is still on: stored status
 *   confirmed (upcoming or completed) or no_show. Cancelled bookings never count (they appear only in
 *   `statusCounts.cancelled`).
 * - hours: the sum of the counted bookings' durations (end - start), in hours rounded to 0.1.
 * - uniqueAttendees: distinct attendee emails among the counted bookings.
 * - activeEventTypes: the host's event types that are on (isActive) now. Its `previous` is how many of
 *   those already existed when the period began (on/off history is not kept), so its growth reads
 *   "new active event types this period".
 * - bookingsMade: bookings created in the period (by the booking's creation instant, whatever its
 *   meeting date) and not cancelled since; its `previous` is the same for the previous period. The
 *   Total Bookings card shows it beside totalBookings, each labelled, so a host booked today for next
 *   week sees the booking at once.
 * - growth (percent, one decimal): (value - previous) / previous * 100. When previous is 0: 0 if value is
 *   also 0, else null ("new": nothing to compare with; show it as positive, e.g. green "New").
 *   The stat cards colour growth >= 0 (or null) green, < 0 red.
 *
 * Recent Bookings on the dashboard come from the bookings list: GET /bookings?when=upcoming&limit=5
 * (see contract/bookings.ts). The 'Get started' panel's "Don't show again" is PUT /users/preferences
 * {hideGetStarted: true} (contract/users.ts), read back from GET /users/profile; copying the booking
 * link from the panel saves {sharedBookingLink: true} the same way. The panel ticks each step done
 * (an event type, a schedule saved since it was made, a connected calendar, the link copied or any
 * booking) and is not shown once all four are.
 */

// The periods live apart, without zod, for the dashboard's first load (issue 30).
export * from "./analytics-periods.js";

export const dashboardQuery = z.object({
  period: z.enum(ANALYTICS_PERIODS, { message: "Period must be 7d, 30d or 90d" }).default("7d"),
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;

/** One stat card: this period's value, the previous period's, and the growth between them. */
export interface StatWithGrowth {
  value: number;
  previous: number;
  /** Percent with one decimal (12.5 means +12.5%); null when previous is 0 and value is not. */
  growth: number | null;
}

/** A calendar range of the host's zone: dates inclusive, instants half-open [startsAt, endsAt). */
export interface DateRange {
  from: string;
  to: string;
  startsAt: string;
  endsAt: string;
}

/** One day of the Booking Trends chart. `_id` and `count` are the spec's names for `date` and `bookings`. */
export interface DailyTrend {
  /** YYYY-MM-DD in the host's zone. */
  date: string;
  bookings: number;
  /** Hours booked that day, rounded to 0.1. */
  hours: number;
  _id: string;
  count: number;
}

/** A bar of Popular Event Types. `name` and `count` are the spec's names for `title` and `bookings`. */
export interface PopularEventType {
  /** Null for bookings of an event type deleted since (grouped under their snapshot title). */
  eventTypeId: string | null;
  title: string;
  color: string;
  bookings: number;
  hours: number;
  /** Share of the period's counted bookings, percent with one decimal. */
  share: number;
  name: string;
  count: number;
}

export interface DashboardStats {
  period: AnalyticsPeriod;
  /** The host's zone the days are cut in. */
  timezone: string;
  range: DateRange;
  previousRange: DateRange;
  overview: {
    /** Counted bookings whose meeting starts in the period (what took place, or is still on today). */
    totalBookings: StatWithGrowth;
    /** Bookings made in the period, whenever they meet, not cancelled since (what was booked). */
    bookingsMade: StatWithGrowth;
    totalHours: StatWithGrowth;
    uniqueAttendees: StatWithGrowth;
    activeEventTypes: StatWithGrowth & { /** All the host's event types, on or off. */ total: number };
  };
  /** Every day of the period, oldest first (7, 30 or 90 entries), days without bookings as 0. */
  dailyTrends: DailyTrend[];
  /** Up to 5 event types with the most counted bookings in the period, most first (ties by title). */
  popularEventTypes: PopularEventType[];
  /** Bookings starting in the period by status (completed = confirmed and ended, upcoming = not ended). */
  statusCounts: { upcoming: number; completed: number; noShow: number; cancelled: number };
}

/** What lies ahead: confirmed meetings starting within a window from now. */
export interface UpcomingWindow {
  bookings: number;
  /** Hours booked, rounded to 0.1. */
  hours: number;
}

/**
 * GET /analytics/upcoming: the dashboard's look ahead (a host whose bookings are all still to come
 * sees them here; the period cards count what has happened). Windows start now.
 */
export interface UpcomingStats {
  timezone: string;
  next7Days: UpcomingWindow;
  next30Days: UpcomingWindow;
  /** The next confirmed meeting not yet over (one in progress counts), or null. */
  nextMeeting: {
    _id: string;
    title: string;
    color: string;
    startTime: string;
    endTime: string;
    attendeeName: string;
  } | null;
}
