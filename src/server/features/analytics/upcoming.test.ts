import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DashboardStats, UpcomingStats } from "../../../contract/analytics.js";
import { bookings } from "../../db/schema/index.js";
import { bearer, createTestApp, type TestApp } from "../../testing/app.js";
import { type Host, hostIn, NOW } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";

/**
 * The dashboard's look ahead for a new host whose bookings are all still to come. The clock is
 * 2026-10-28T12:00Z (booking-fixtures' NOW).
 */
describe.each(dbKinds)("analytics upcoming on %s", (kind) => {
  let t: TestApp;
  let host: Host;
  let other: Host;

  async function insert(h: Host, start: string, minutes: number, status = "confirmed", title = "Intro call") {
    const id = randomUUID();
    const startTime = new Date(start);
    await t.database.db.insert(bookings).values({
      id,
      uid: randomUUID().replaceAll("-", ""),
      hostUserId: h.userId,
      eventTypeId: null,
      eventTitle: title,
      eventColor: "#10B981",
      eventSlug: "intro",
      startTime,
      endTime: new Date(startTime.getTime() + minutes * 60_000),
      status: status as "confirmed",
      slotKey: id,
      attendeeName: `Invitee ${start}`,
      attendeeEmail: `${id}@example.com`,
      attendeePhone: "5551234567",
      attendeeTimezone: "Europe/Berlin",
      hostTimezone: "America/New_York",
      manageTokenHash: "x".repeat(64),
    });
    return id;
  }

  const get = async (token: string | undefined, url: string) =>
    t.app.inject({ method: "GET", url, headers: token ? bearer(token) : {} });

  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
    host = await hostIn(t.app, "America/New_York", "Nia Okafor");
    other = await hostIn(t.app, "America/New_York", "Omar Haddad");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("a host with no bookings sees zeros and no next meeting", async () => {
    const res = await get(host.token, "/api/analytics/upcoming");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json().data).toEqual({
      timezone: "America/New_York",
      next7Days: { bookings: 0, hours: 0 },
      next30Days: { bookings: 0, hours: 0 },
      nextMeeting: null,
    });
  });

  it("counts what is ahead while the period cards still read zero", async () => {
    await insert(host, "2026-10-28T11:45:00Z", 30); // in progress at NOW: the next meeting, not "upcoming"
    await insert(host, "2026-10-29T15:00:00Z", 30);
    await insert(host, "2026-11-03T15:00:00Z", 60);
    await insert(host, "2026-11-04T11:29:00Z", 30); // inside 7 days
    await insert(host, "2026-11-04T12:00:00Z", 45); // just outside 7 days
    await insert(host, "2026-11-20T09:00:00Z", 90);
    await insert(host, "2026-11-27T12:00:00Z", 30); // 30 days ahead exactly: outside
    await insert(host, "2026-11-01T15:00:00Z", 30, "cancelled");
    await insert(other, "2026-10-30T15:00:00Z", 30, "confirmed", "Someone else's");

    const up = (await get(host.token, "/api/analytics/upcoming")).json().data as UpcomingStats;
    expect(up.next7Days).toEqual({ bookings: 3, hours: 2 });
    expect(up.next30Days).toEqual({ bookings: 5, hours: 4.3 });
    expect(up.nextMeeting).toMatchObject({
      title: "Intro call",
      startTime: "2026-10-28T11:45:00.000Z",
      endTime: "2026-10-28T12:15:00.000Z",
    });

    // The period figures count what has happened: nothing yet.
    const stats = (await get(host.token, "/api/analytics/dashboard?period=7d")).json().data as DashboardStats;
    expect(stats.overview.totalBookings.value).toBe(1);
    expect(stats.statusCounts.completed).toBe(0);
  });

  it("shows each host only their own meetings, and nobody's without a session", async () => {
    const theirs = (await get(other.token, "/api/analytics/upcoming")).json().data as UpcomingStats;
    expect(theirs.next30Days.bookings).toBe(1);
    expect(theirs.nextMeeting?.title).toBe("Someone else's");
    expect((await get(undefined, "/api/analytics/upcoming")).statusCode).toBe(401);
  });
});
