import type { UpcomingStats } from "../../../contract/analytics.js";
import type { Db } from "../../db/client.js";
import type { UserRow } from "../../db/schema/index.js";
import { createUpcomingRepo } from "./repo-upcoming.js";
import type { AnalyticsDeps } from "./service.js";

const hours = (minutes: number) => Math.round((minutes / 60) * 10) / 10;

/** The dashboard's look ahead: the next 7 and 30 days from now, and the next meeting. */
export function createUpcomingService(db: Db, deps: AnalyticsDeps) {
  const repo = createUpcomingRepo(db);
  return {
    async upcoming(user: UserRow): Promise<UpcomingStats> {
      const [rows, timezone] = await Promise.all([repo.upcoming(user.id, deps.now()), deps.hostZone(user)]);
      const next = rows.next;
      return {
        timezone,
        next7Days: { bookings: rows.week.bookings, hours: hours(rows.week.minutes) },
        next30Days: { bookings: rows.month.bookings, hours: hours(rows.month.minutes) },
        nextMeeting: next
          ? {
              _id: next.id,
              title: next.title,
              color: next.color,
              startTime: next.startTime.toISOString(),
              endTime: next.endTime.toISOString(),
              attendeeName: next.attendeeName,
            }
          : null,
      };
    },
  };
}

export type UpcomingService = ReturnType<typeof createUpcomingService>;
