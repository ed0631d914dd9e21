import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DashboardStats } from "../../../contract/analytics.js";
import { bookings, eventTypes } from "../../db/schema/index.js";
import { bearer, createTestApp, type TestApp } from "../../testing/app.js";
import { eventType, type Host, hostIn, NOW } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";

/**
 * The clock is Wednesday 2026-10-28 12:00Z = 08:00 in New York (EDT, UTC-4), so "Last 7 days" is
 * 2026-10-22..2026-10-28 there: [2026-10-22T04:00Z, 2026-10-29T04:00Z); the 7 days before start at
 * 2026-10-15T04:00Z. Several bookings sit on the other side of midnight in UTC than in New York.
 */
describe.each(dbKinds)("analytics dashboard on %s", (kind) => {
  let t: TestApp;
  let host: Host;
  let other: Host;
  const ids: Record<string, string> = {};

  const dashboard = (token: string | undefined, query = "") =>
    t.app.inject({
      method: "GET",
      url: `/api/analytics/dashboard${query}`,
      headers: token ? bearer(token) : {},
    });
  const stats = async (token: string, query = ""): Promise<DashboardStats> => {
    const res = await dashboard(token, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  async function insert(
    h: Host,
    start: string,
    minutes: number,
    o: {
      eventTypeId?: string | null;
      title?: string;
      email: string;
      status?: "confirmed" | "cancelled" | "no_show";
      /** When it was booked; the database's clock (after the pinned NOW) unless given. */
      createdAt?: string;
    },
  ) {
    const id = randomUUID();
    const startTime = new Date(start);
    await t.database.db.insert(bookings).values({
      id,
      uid: randomUUID().replaceAll("-", ""),
      hostUserId: h.userId,
      eventTypeId: o.eventTypeId ?? null,
      eventTitle: o.title ?? "Snapshot title",
      eventColor: "#10B981",
      eventSlug: "snapshot",
      startTime,
      endTime: new Date(startTime.getTime() + minutes * 60_000),
      status: o.status ?? "confirmed",
      slotKey: id,
      attendeeName: o.email.split("@")[0],
      attendeeEmail: o.email,
      attendeePhone: "5551234567",
      attendeeTimezone: "Europe/Berlin",
      hostTimezone: "America/New_York",
      manageTokenHash: "x".repeat(64),
      ...(o.createdAt ? { createdAt: new Date(o.createdAt) } : {}),
    });
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
    host = await hostIn(t.app, "America/New_York", "Grace Hopper");
    other = await hostIn(t.app, "America/New_York", "Alan Turing");
    const discovery = await eventType(t.app, host, { title: "Discovery call", color: "#3B82F6" });
    const strategy = await eventType(t.app, host, { title: "Strategy session", color: "#F59E0B" });
    const archived = await eventType(t.app, host, { title: "Archived", isActive: false });
    const foreign = await eventType(t.app, other, { title: "Foreign call" });
    ids.discovery = discovery._id;
    ids.strategy = strategy._id;
    // Created before the period, during it, and (off) before it.
    const setCreated = (id: string, at: string) =>
      t.database.db
        .update(eventTypes)
        .set({ createdAt: new Date(at) })
        .where(eq(eventTypes.id, id));
    await setCreated(discovery._id, "2026-10-01T00:00:00Z");
    await setCreated(strategy._id, "2026-10-25T00:00:00Z");
    await setCreated(archived._id, "2026-09-01T00:00:00Z");

    const a = { eventTypeId: discovery._id, title: "Discovery call" };
    const b = { eventTypeId: strategy._id, title: "Strategy session" };
    // 2026-10-21 23:30 New York: previous period, although its UTC date is the 22nd.
    await insert(host, "2026-10-22T03:30:00Z", 30, { ...a, email: "dora@example.com" });
    // 2026-10-22 00:00 New York: the first instant of the period.
    await insert(host, "2026-10-22T04:00:00Z", 60, { ...a, email: "ann@example.com" });
    // 2026-10-25 10:00, a no-show of the same attendee: counts, once among attendees.
    await insert(host, "2026-10-25T14:00:00Z", 30, { ...a, email: "ann@example.com", status: "no_show" });
    // 2026-10-26 10:00, cancelled: never counts.
    await insert(host, "2026-10-26T14:00:00Z", 60, { ...a, email: "carl@example.com", status: "cancelled" });
    // 2026-10-27 09:00, of an event type deleted since: grouped under its snapshot title.
    await insert(host, "2026-10-27T13:00:00Z", 30, { title: "Old call", email: "cleo@example.com" });
    // 2026-10-28 20:00 New York (UTC date 29th): later today, still upcoming.
    await insert(host, "2026-10-29T00:00:00Z", 45, { ...b, email: "bob@example.com" });
    // 2026-10-29 00:15 New York: tomorrow, outside the period.
    await insert(host, "2026-10-29T04:15:00Z", 30, { ...a, email: "zed@example.com" });
    // 2026-10-16 10:00: previous period.
    await insert(host, "2026-10-16T14:00:00Z", 30, { ...b, email: "eve@example.com" });
    // The other host's booking, with an attendee of ours: theirs alone.
    await insert(other, "2026-10-27T15:00:00Z", 120, {
      eventTypeId: foreign._id,
      title: "Foreign call",
      email: "ann@example.com",
    });
  });
  afterAll(() => t.close());

  it("counts the last 7 days of the host's zone against the 7 before, with hand-computed figures", async () => {
    const s = await stats(host.token, "?period=7d");
    expect(s.period).toBe("7d");
    expect(s.timezone).toBe("America/New_York");
    expect(s.range).toEqual({
      from: "2026-10-22",
      to: "2026-10-28",
      startsAt: "2026-10-22T04:00:00.000Z",
      endsAt: "2026-10-29T04:00:00.000Z",
    });
    expect(s.previousRange).toEqual({
      from: "2026-10-15",
      to: "2026-10-21",
      startsAt: "2026-10-15T04:00:00.000Z",
      endsAt: "2026-10-22T04:00:00.000Z",
    });
    // Current: 60 + 30 (no-show) + 30 (deleted type) + 45 = 165 min over 4 bookings, attendees ann, cleo, bob.
    // Previous: 30 + 30 = 60 min over 2 bookings, attendees dora, eve.
    expect(s.overview).toEqual({
      totalBookings: { value: 4, previous: 2, growth: 100 },
      // Every booking above was made after the clock's today (the database stamps them): none made in either period.
      bookingsMade: { value: 0, previous: 0, growth: 0 },
      totalHours: { value: 2.8, previous: 1, growth: 175 },
      uniqueAttendees: { value: 3, previous: 2, growth: 50 },
      activeEventTypes: { value: 2, previous: 1, growth: 100, total: 3 },
    });
    expect(s.statusCounts).toEqual({ upcoming: 1, completed: 2, noShow: 1, cancelled: 1 });
  });

  it("gives every day of the period, cut at midnight in the host's zone", async () => {
    const s = await stats(host.token, "?period=7d");
    expect(s.dailyTrends.map((d) => [d.date, d.bookings, d.hours])).toEqual([
      ["2026-10-22", 1, 1],
      ["2026-10-23", 0, 0],
      ["2026-10-24", 0, 0],
      ["2026-10-25", 1, 0.5],
      ["2026-10-26", 0, 0],
      ["2026-10-27", 1, 0.5],
      ["2026-10-28", 1, 0.8],
    ]);
    for (const d of s.dailyTrends) {
      expect(d._id).toBe(d.date);
      expect(d.count).toBe(d.bookings);
    }
  });

  it("ranks popular event types by counted bookings, ties by title, a deleted type under its snapshot", async () => {
    const s = await stats(host.token, "?period=7d");
    expect(s.popularEventTypes).toEqual([
      {
        eventTypeId: ids.discovery,
        title: "Discovery call",
        name: "Discovery call",
        color: "#3B82F6",
        bookings: 2,
        count: 2,
        hours: 1.5,
        share: 50,
      },
      {
        eventTypeId: null,
        title: "Old call",
        name: "Old call",
        color: "#10B981",
        bookings: 1,
        count: 1,
        hours: 0.5,
        share: 25,
      },
      {
        eventTypeId: ids.strategy,
        title: "Strategy session",
        name: "Strategy session",
        color: "#F59E0B",
        bookings: 1,
        count: 1,
        hours: 0.8,
        share: 25,
      },
    ]);
  });

  it("a longer period takes in more days; growth is null when the previous period had nothing", async () => {
    const s = await stats(host.token, "?period=30d");
    expect(s.range.from).toBe("2026-09-29");
    expect(s.dailyTrends).toHaveLength(30);
    expect(s.dailyTrends[0].date).toBe("2026-09-29");
    expect(s.dailyTrends.at(-1)?.date).toBe("2026-10-28");
    expect(s.overview.totalBookings).toEqual({ value: 6, previous: 0, growth: null });
    expect(s.overview.totalHours).toEqual({ value: 3.8, previous: 0, growth: null });
    expect(s.overview.uniqueAttendees).toEqual({ value: 5, previous: 0, growth: null });
    const q = await stats(host.token, "?period=90d");
    expect(q.dailyTrends).toHaveLength(90);
    expect(q.range.from).toBe("2026-07-31");
    expect(q.overview.totalBookings.value).toBe(6);
  });

  it("defaults to 7 days and refuses other periods with the field", async () => {
    expect((await stats(host.token)).period).toBe("7d");
    const bad = await dashboard(host.token, "?period=1y");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty("period");
    expect((await dashboard(undefined, "?period=7d")).statusCode).toBe(401);
  });

  it("another host sees only their own data", async () => {
    const s = await stats(other.token, "?period=7d");
    expect(s.overview).toEqual({
      totalBookings: { value: 1, previous: 0, growth: null },
      bookingsMade: { value: 0, previous: 0, growth: 0 },
      totalHours: { value: 2, previous: 0, growth: null },
      uniqueAttendees: { value: 1, previous: 0, growth: null },
      activeEventTypes: { value: 1, previous: 0, growth: null, total: 1 },
    });
    expect(s.popularEventTypes.map((p) => p.title)).toEqual(["Foreign call"]);
    expect(s.dailyTrends.filter((d) => d.bookings > 0).map((d) => d.date)).toEqual(["2026-10-27"]);

    const fresh = await hostIn(t.app, "Asia/Tokyo");
    const empty = await stats(fresh.token, "?period=7d");
    expect(empty.overview.totalBookings).toEqual({ value: 0, previous: 0, growth: 0 });
    expect(empty.popularEventTypes).toEqual([]);
    expect(empty.dailyTrends.every((d) => d.bookings === 0)).toBe(true);
    // Tokyo (UTC+9) is already on Wednesday evening: the period ends with the 28th there.
    expect(empty.range).toMatchObject({ to: "2026-10-28", endsAt: "2026-10-28T15:00:00.000Z" });
  });

  it("counts the bookings made in the period, whatever their meeting date, beside the meetings held", async () => {
    const ahead = await hostIn(t.app, "America/New_York", "Booked Ahead");
    const type = await eventType(t.app, ahead, { title: "Intro" });
    const o = { eventTypeId: type._id, title: "Intro" };
    // Two booked this morning for next week, one cancelled since; one booked in the previous period.
    await insert(ahead, "2026-11-04T15:00:00Z", 30, {
      ...o,
      email: "a@example.com",
      createdAt: "2026-10-28T10:00:00Z",
    });
    await insert(ahead, "2026-11-05T15:00:00Z", 30, {
      ...o,
      email: "b@example.com",
      createdAt: "2026-10-28T11:00:00Z",
    });
    await insert(ahead, "2026-11-06T15:00:00Z", 30, {
      ...o,
      email: "c@example.com",
      createdAt: "2026-10-28T11:30:00Z",
      status: "cancelled",
    });
    await insert(ahead, "2026-11-09T15:00:00Z", 30, {
      ...o,
      email: "d@example.com",
      createdAt: "2026-10-20T10:00:00Z",
    });
    // Made after the period ends (tomorrow in New York): not counted.
    await insert(ahead, "2026-11-10T15:00:00Z", 30, {
      ...o,
      email: "e@example.com",
      createdAt: "2026-10-29T05:00:00Z",
    });
    const s = await stats(ahead.token, "?period=7d");
    expect(s.overview.totalBookings).toEqual({ value: 0, previous: 0, growth: 0 });
    expect(s.overview.bookingsMade).toEqual({ value: 2, previous: 1, growth: 100 });
    // The 30 days before take in the previous period's booking too.
    const month = await stats(ahead.token, "?period=30d");
    expect(month.overview.bookingsMade).toEqual({ value: 3, previous: 0, growth: null });
  });
});
