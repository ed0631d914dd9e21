import { eq } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoHost, type DemoHost, insertDemoBookings } from "../../../../scripts/lib/demo-data.js";
import type { DashboardStats } from "../../../contract/analytics.js";
import { checkPhone } from "../../../domain/phone.js";
import { bookings } from "../../db/schema/index.js";
import { bearer, createTestApp, type TestApp } from "../../testing/app.js";
import { dbKinds } from "../../testing/database.js";

const NOW = new Date("2026-10-28T12:00:00Z");
const ZONE = "Europe/Berlin";

/**
 * The demo data of `npm run seed`, checked against figures recomputed here in plain TypeScript from
 * its rows: the dashboard's SQL and the list's filters must agree with them, and the generator must
 * give what the seed promises (statuses, both sides of now, no overlapping confirmed bookings).
 */
describe.each(dbKinds)("the seeded demo host on %s", (kind) => {
  let t: TestApp;
  let host: DemoHost;
  let rows: {
    start: Date;
    end: Date;
    status: string;
    email: string;
    phone: string;
    eventTypeId: string | null;
  }[];

  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
    host = await createDemoHost(t.app, {
      name: "Demo",
      email: "demo@example.com",
      password: "demo-password",
      timezone: ZONE,
    });
    await insertDemoBookings(t.database.db, host, { size: 300, now: NOW });
    rows = (
      await t.database.db
        .select({
          start: bookings.startTime,
          end: bookings.endTime,
          status: bookings.status,
          email: bookings.attendeeEmail,
          phone: bookings.attendeePhone,
          eventTypeId: bookings.eventTypeId,
        })
        .from(bookings)
        .where(eq(bookings.hostUserId, host.userId))
    ).sort((a, b) => a.start.getTime() - b.start.getTime());
  });
  afterAll(() => t.close());

  const localDate = (d: Date) =>
    Temporal.Instant.from(d.toISOString()).toZonedDateTimeISO(ZONE).toPlainDate();

  it("makes 300 bookings in office hours on weekdays, on both sides of now, in every status", () => {
    expect(rows).toHaveLength(300);
    const statuses = new Set(rows.map((r) => r.status));
    expect([...statuses].sort()).toEqual(["cancelled", "confirmed", "no_show"]);
    expect(rows.some((r) => r.end > NOW && r.status === "confirmed")).toBe(true);
    expect(rows.some((r) => r.end <= NOW && r.status === "confirmed")).toBe(true);
    for (const r of rows) {
      const start = Temporal.Instant.from(r.start.toISOString()).toZonedDateTimeISO(ZONE);
      const end = Temporal.Instant.from(r.end.toISOString()).toZonedDateTimeISO(ZONE);
      expect(start.dayOfWeek).toBeLessThanOrEqual(5);
      expect(start.hour).toBeGreaterThanOrEqual(9);
      expect(end.hour * 60 + end.minute).toBeLessThanOrEqual(17 * 60);
      if (r.status === "no_show") expect(r.end <= NOW).toBe(true);
    }
    for (let i = 1; i < rows.length; i++) expect(rows[i].start >= rows[i - 1].end).toBe(true);
    // Phones as bookings store them (E.164), so hosts see them formatted like real ones.
    for (const r of rows) expect(checkPhone(r.phone, undefined)).toMatchObject({ ok: true, e164: r.phone });
    // Regulars: fewer people than bookings.
    expect(new Set(rows.map((r) => r.email)).size).toBeLessThan(300);
  });

  it("shows on the dashboard exactly what its rows add up to", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/analytics/dashboard?period=30d",
      headers: bearer(host.token),
    });
    const s: DashboardStats = res.json().data;
    const today = localDate(NOW);
    const first = today.subtract({ days: 29 });
    const prevFirst = first.subtract({ days: 30 });
    const counted = rows.filter((r) => r.status !== "cancelled");
    const within = (from: Temporal.PlainDate, to: Temporal.PlainDate) => (r: (typeof rows)[number]) => {
      const d = localDate(r.start);
      return Temporal.PlainDate.compare(d, from) >= 0 && Temporal.PlainDate.compare(d, to) <= 0;
    };
    const current = counted.filter(within(first, today));
    const previous = counted.filter(within(prevFirst, first.subtract({ days: 1 })));
    const minutes = (list: typeof rows) =>
      list.reduce((m, r) => m + (r.end.getTime() - r.start.getTime()) / 60_000, 0);
    expect(current.length).toBeGreaterThan(20);
    expect(s.overview.totalBookings.value).toBe(current.length);
    expect(s.overview.totalBookings.previous).toBe(previous.length);
    expect(s.overview.totalHours.value).toBe(Math.round(minutes(current) / 6) / 10);
    expect(s.overview.uniqueAttendees.value).toBe(new Set(current.map((r) => r.email)).size);
    expect(s.overview.uniqueAttendees.previous).toBe(new Set(previous.map((r) => r.email)).size);
    expect(s.overview.activeEventTypes).toMatchObject({ value: 4, previous: 4, growth: 0, total: 5 });
    expect(s.statusCounts.cancelled).toBe(
      rows.filter((r) => r.status === "cancelled" && within(first, today)(r)).length,
    );

    for (const day of s.dailyTrends) {
      const date = Temporal.PlainDate.from(day.date);
      expect(day.bookings, day.date).toBe(current.filter(within(date, date)).length);
    }
    expect(s.dailyTrends.reduce((n, d) => n + d.bookings, 0)).toBe(current.length);
    const byType = new Map<string, number>();
    for (const r of current) byType.set(r.eventTypeId ?? "", (byType.get(r.eventTypeId ?? "") ?? 0) + 1);
    for (const p of s.popularEventTypes) expect(p.bookings).toBe(byType.get(p.eventTypeId ?? ""));
    expect(s.popularEventTypes.reduce((n, p) => n + p.bookings, 0)).toBe(current.length);
  });

  it("lists what its rows say is upcoming, past and cancelled", async () => {
    const total = async (query: string) => {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/bookings?${query}`,
        headers: bearer(host.token),
      });
      return res.json().pagination.total;
    };
    expect(await total("when=upcoming")).toBe(rows.filter((r) => r.end > NOW).length);
    expect(await total("when=past")).toBe(rows.filter((r) => r.end <= NOW).length);
    expect(await total("status=cancelled")).toBe(rows.filter((r) => r.status === "cancelled").length);
    expect(await total("status=completed")).toBe(
      rows.filter((r) => r.status === "confirmed" && r.end <= NOW).length,
    );
  });
});
