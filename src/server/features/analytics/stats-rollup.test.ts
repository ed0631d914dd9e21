import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DashboardStats } from "../../../contract/analytics.js";
import {
  availabilitySchedules,
  bookingStatsBuilds,
  bookingStatsChanges,
  bookings,
  eventTypes,
} from "../../db/schema/index.js";
import { bearer, createTestApp, type TestApp } from "../../testing/app.js";
import { eventType, type Host, hostIn, NOW } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";

/**
 * The dashboard reads a daily rollup (booking_stats) that a trigger keeps exact by recording the
 * days whose bookings changed. After every kind of booking write, the dashboard must say what a
 * rollup built afresh from the bookings says (the hand-computed figures of analytics.test.ts check
 * the built rollup itself).
 */
describe.each(dbKinds)("dashboard rollup on %s", (kind) => {
  let t: TestApp;
  let host: Host;
  let other: Host;
  const typeIds: string[] = [];
  const statuses = ["confirmed", "confirmed", "confirmed", "no_show", "cancelled"] as const;
  // A fixed sequence (a linear congruential generator): every run writes the same bookings.
  let seed = 42;
  const random = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };

  const read = async (token: string, period: string): Promise<DashboardStats> => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/analytics/dashboard?period=${period}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  /** Every period as the rollup (kept up to date from recorded changes) gives it... */
  const allPeriods = async () => ({
    d7: await read(host.token, "7d"),
    d30: await read(host.token, "30d"),
    d90: await read(host.token, "90d"),
  });
  /** ...must equal what a rollup built afresh gives. */
  async function expectSameAsRebuilt(what: string) {
    const kept = await allPeriods();
    await t.database.db.delete(bookingStatsBuilds).where(eq(bookingStatsBuilds.hostUserId, host.userId));
    const rebuilt = await allPeriods();
    expect(kept, what).toEqual(rebuilt);
  }

  async function insert(h: Host, startTime: Date, o: { typeId?: string | null; email?: string } = {}) {
    const id = randomUUID();
    await t.database.db.insert(bookings).values({
      id,
      uid: randomUUID().replaceAll("-", ""),
      hostUserId: h.userId,
      eventTypeId: o.typeId === undefined ? typeIds[random(typeIds.length)] : o.typeId,
      eventTitle: `Title ${random(3)}`,
      eventColor: "#10B981",
      eventSlug: "snapshot",
      startTime,
      endTime: new Date(startTime.getTime() + (15 + 15 * random(4)) * 60_000),
      status: statuses[random(statuses.length)],
      // One slot key for all: as seats of one slot, they may overlap (the test is not about that).
      slotKey: "rollup-test",
      attendeeName: "Someone",
      attendeeEmail: o.email ?? `person${random(25)}@example.com`,
      attendeePhone: "5551234567",
      attendeeTimezone: "Europe/Berlin",
      hostTimezone: "America/New_York",
      manageTokenHash: "x".repeat(64),
    });
    return id;
  }
  /** Somewhere in the 190 days around now, at any quarter hour (so across midnights in every zone). */
  const someTime = () => new Date(NOW.getTime() + (random(190 * 96) - 180 * 96) * 15 * 60_000);
  const someBooking = async () => {
    const rows = await t.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.hostUserId, host.userId))
      .orderBy(bookings.id);
    return rows[random(rows.length)].id;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
    host = await hostIn(t.app, "America/New_York", "Rollup Host");
    other = await hostIn(t.app, "America/New_York", "Other Host");
    for (const title of ["Intro", "Review", "Deep dive"]) {
      typeIds.push((await eventType(t.app, host, { title }))._id);
    }
    for (let i = 0; i < 150; i++) await insert(host, someTime());
    await insert(other, someTime(), { typeId: null });
  });
  afterAll(() => t.close());

  it("builds on the first read; each read takes out the changes recorded since", async () => {
    const before = await read(host.token, "90d");
    expect(before.overview.totalBookings.value).toBeGreaterThan(0);
    const changes = () =>
      t.database.db
        .select({ host: bookingStatsChanges.hostUserId })
        .from(bookingStatsChanges)
        .where(eq(bookingStatsChanges.hostUserId, other.userId));
    // Recorded before the first build too (a write racing that build is not lost).
    expect(await changes()).toHaveLength(1);
    await read(other.token, "7d");
    expect(await changes()).toHaveLength(0);
    await insert(other, someTime(), { typeId: null });
    expect(await changes()).toHaveLength(1);
    await read(other.token, "7d");
    expect(await changes()).toHaveLength(0);
  });

  it("stays exact through new, cancelled, no-show, moved, re-addressed and deleted bookings", async () => {
    await allPeriods();
    const db = t.database.db;
    for (let round = 0; round < 4; round++) {
      await insert(host, someTime());
      await insert(host, new Date(NOW.getTime() + (30 + 15 * round) * 60_000)); // upcoming today
      await db
        .update(bookings)
        .set({ status: "cancelled" })
        .where(eq(bookings.id, await someBooking()));
      await db
        .update(bookings)
        .set({ status: "no_show" })
        .where(eq(bookings.id, await someBooking()));
      // Off the quarter hours, a minute per round: no other booking starts there (the idempotency key).
      const moved = new Date(someTime().getTime() + (1 + round) * 60_000);
      await db
        .update(bookings)
        .set({ startTime: moved, endTime: new Date(moved.getTime() + 45 * 60_000) })
        .where(eq(bookings.id, await someBooking()));
      await db
        .update(bookings)
        .set({ attendeeEmail: `new${round}@example.com` })
        .where(eq(bookings.id, await someBooking()));
      await db.delete(bookings).where(eq(bookings.id, await someBooking()));
      await expectSameAsRebuilt(`round ${round}`);
    }
  });

  it("stays exact when an event type is deleted: its bookings go under their booked titles", async () => {
    await allPeriods();
    const [deleted] = typeIds.splice(0, 1);
    await t.database.db.delete(eventTypes).where(eq(eventTypes.id, deleted));
    const after = await read(host.token, "90d");
    expect(after.popularEventTypes.some((p) => p.eventTypeId === deleted)).toBe(false);
    await expectSameAsRebuilt("event type deleted");
  });

  it("is rebuilt in the host's new zone when their default schedule's zone changes", async () => {
    const inNewYork = await read(host.token, "90d");
    expect(inNewYork.timezone).toBe("America/New_York");
    await t.database.db
      .update(availabilitySchedules)
      .set({ timezone: "Asia/Kathmandu" })
      .where(and(eq(availabilitySchedules.userId, host.userId), eq(availabilitySchedules.isDefault, true)));
    const inKathmandu = await read(host.token, "90d");
    expect(inKathmandu.timezone).toBe("Asia/Kathmandu");
    const [build] = await t.database.db
      .select()
      .from(bookingStatsBuilds)
      .where(eq(bookingStatsBuilds.hostUserId, host.userId));
    expect(build.zone).toBe("Asia/Kathmandu");
    // Days cut at Kathmandu's midnight (UTC+5:45): the quarter-hour bookings fall otherwise.
    expect(inKathmandu.dailyTrends).not.toEqual(inNewYork.dailyTrends);
    await insert(host, someTime());
    await expectSameAsRebuilt("after the zone change");
  });

  it("leaves nothing behind when the host's account is deleted", async () => {
    await read(other.token, "7d");
    await t.database.db.execute(sql`delete from users where id = ${other.userId}`);
    const left = await t.database.db.execute(
      sql`select (select count(*) from booking_stats_changes where host_user_id = ${other.userId})
        + (select count(*) from booking_stats where host_user_id = ${other.userId}) as n`,
    );
    expect(Number((left as unknown as { rows: { n: number }[] }).rows[0].n)).toBe(0);
  });
});
