import { z } from "zod";
import { ANALYTICS_PERIODS, type DashboardStats, type UpcomingStats } from "../analytics.js";
import { type Agrees, envelope } from "./shared.js";

const statWithGrowth = z.object({ value: z.number(), previous: z.number(), growth: z.number().nullable() });
const dateRange = z.object({ from: z.string(), to: z.string(), startsAt: z.string(), endsAt: z.string() });

const dashboardSchema = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  timezone: z.string(),
  range: dateRange,
  previousRange: dateRange,
  overview: z.object({
    totalBookings: statWithGrowth,
    bookingsMade: statWithGrowth,
    totalHours: statWithGrowth,
    uniqueAttendees: statWithGrowth,
    activeEventTypes: statWithGrowth.extend({ total: z.number() }),
  }),
  dailyTrends: z.array(
    z.object({
      date: z.string(),
      bookings: z.number(),
      hours: z.number(),
      _id: z.string(),
      count: z.number(),
    }),
  ),
  popularEventTypes: z.array(
    z.object({
      eventTypeId: z.string().nullable(),
      title: z.string(),
      color: z.string(),
      bookings: z.number(),
      hours: z.number(),
      share: z.number(),
      name: z.string(),
      count: z.number(),
    }),
  ),
  statusCounts: z.object({
    upcoming: z.number(),
    completed: z.number(),
    noShow: z.number(),
    cancelled: z.number(),
  }),
});
true satisfies Agrees<z.input<typeof dashboardSchema>, DashboardStats>;

const upcomingWindow = z.object({ bookings: z.number(), hours: z.number() });
const upcomingSchema = z.object({
  timezone: z.string(),
  next7Days: upcomingWindow,
  next30Days: upcomingWindow,
  nextMeeting: z
    .object({
      _id: z.string(),
      title: z.string(),
      color: z.string(),
      startTime: z.string(),
      endTime: z.string(),
      attendeeName: z.string(),
    })
    .nullable(),
});
true satisfies Agrees<z.input<typeof upcomingSchema>, UpcomingStats>;

export const analyticsResponses = {
  dashboard: { 200: envelope(dashboardSchema) },
  upcoming: { 200: envelope(upcomingSchema) },
};
