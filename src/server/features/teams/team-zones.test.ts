import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingHosts } from "../../db/schema/index.js";
import { bearer, createTestApp, signUp, type TestApp } from "../../testing/app.js";
import { book, bookingSettings, eventType, type Host, NOW } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";

/**
 * Issue 23, item 1: team event types whose hosts live in different zones. Every host keeps the
 * default Mon-Fri 9:00am-5:00pm of their own zone; the grid of starts is the owner's (Rita's, UTC).
 */

type SlotList = { startTime: string; iso: string }[];

/** Starts from `first` every `step` minutes while a meeting of `duration` ends by `end` (UTC 'HH:MM'). */
function utcGrid(date: string, first: string, end: string, step: number, duration = step): string[] {
  const out: string[] = [];
  const stop = Date.parse(`${date}T${end}:00Z`);
  for (let t = Date.parse(`${date}T${first}:00Z`); t + duration * 60_000 <= stop; t += step * 60_000)
    out.push(new Date(t).toISOString().replace(".000Z", "Z"));
  return out;
}

describe.each(dbKinds)("team event types across zones on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
  }, 180_000);
  afterAll(() => t.close());

  const call = (method: "GET" | "PUT" | "POST", url: string, token?: string, payload?: object) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });

  /** A team of an owner and members in the given zones, and an event type of `type` hosted by all. */
  async function teamEvent(type: "round-robin" | "collective", zones: string[], duration: number) {
    const hosts: Host[] = [];
    for (const [i, timezone] of zones.entries())
      hosts.push(await signUp(t.app, { timezone, name: ["Rita", "Mark", "Asha"][i] }));
    const [owner, ...members] = hosts;
    const team = (await call("POST", "/api/teams", owner.token, { name: "Across zones" })).json().data;
    for (const m of members) {
      const res = await call("POST", `/api/teams/${team._id}/invites`, owner.token, { email: m.email });
      const token = /team-invite\/([^/]+)$/.exec(res.json().data.link)?.[1];
      expect((await call("POST", `/api/team-invites/${token}/accept`, m.token)).statusCode).toBe(200);
    }
    // A year ahead, so July 2027 is inside the booking window of the pinned clock (2026-10-28).
    const et = await eventType(t.app, owner, {
      type,
      duration,
      bookingSettings: bookingSettings({ daysAhead: 365 }),
    });
    const res = await call("PUT", `/api/event-types/${et._id}/hosts`, owner.token, {
      teamId: team._id,
      hosts: hosts.map((h) => ({ userId: h.userId, weight: 1 })),
    });
    expect(res.statusCode, res.body).toBe(200);
    return { hosts, et };
  }

  const isos = async (id: string, date: string, zone = "UTC") => {
    const res = await call("GET", `/api/bookings/availability/${id}?date=${date}&timezone=${zone}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as SlotList).map((s) => s.iso);
  };
  const days = async (id: string, month: string, zone = "UTC") => {
    const res = await call("GET", `/api/bookings/availability/${id}?month=${month}&timezone=${zone}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.days as string[];
  };

  it("collective UTC + Berlin, 45 minutes, 2026-12-15: the common 09:00-16:00 UTC on one grid; the month has days", async () => {
    const { et } = await teamEvent("collective", ["UTC", "Europe/Berlin"], 45);
    expect(await isos(et._id, "2026-12-15")).toEqual(utcGrid("2026-12-15", "09:00", "16:00", 45));
    const december = await days(et._id, "2026-12");
    expect(december).toContain("2026-12-15");
    // Every weekday of December 2026: the rolling year from the pinned clock holds the month.
    expect(december).toHaveLength(23);
  });

  it("collective UTC + Berlin, 50 minutes, in winter and in summer (Berlin on CEST: common 09:00-15:00 UTC)", async () => {
    const { et } = await teamEvent("collective", ["UTC", "Europe/Berlin"], 50);
    expect(await isos(et._id, "2026-12-15")).toEqual(utcGrid("2026-12-15", "09:00", "16:00", 50));
    expect(await isos(et._id, "2027-07-15")).toEqual(utcGrid("2027-07-15", "09:00", "15:00", 50));
    expect(await days(et._id, "2027-07")).toContain("2027-07-15");
  });

  it("collective UTC + Berlin, 45 minutes, in summer", async () => {
    const { et } = await teamEvent("collective", ["UTC", "Europe/Berlin"], 45);
    expect(await isos(et._id, "2027-07-15")).toEqual(utcGrid("2027-07-15", "09:00", "15:00", 45));
    expect((await days(et._id, "2027-07")).length).toBeGreaterThan(15);
  });

  it("collective UTC + Kolkata, 60 minutes: the common 09:00-11:30 UTC offers 9:00 and 10:00", async () => {
    const { et } = await teamEvent("collective", ["UTC", "Asia/Kolkata"], 60);
    expect(await isos(et._id, "2026-12-15")).toEqual(["2026-12-15T09:00:00Z", "2026-12-15T10:00:00Z"]);
    // Labelled in Kolkata, the same instants read 2:30pm and 3:30pm.
    const res = await call(
      "GET",
      `/api/bookings/availability/${et._id}?date=2026-12-15&timezone=Asia/Kolkata`,
    );
    expect((res.json().data as SlotList).map((s) => s.startTime)).toEqual(["2:30pm", "3:30pm"]);
    expect(await days(et._id, "2026-12")).toContain("2026-12-15");
  });

  it("collective: booking an offered start succeeds, holds both hosts, and the start is gone", async () => {
    const { et, hosts } = await teamEvent("collective", ["UTC", "Europe/Berlin"], 45);
    const start = "2026-12-15T09:45:00.000Z";
    const res = await book(t.app, et._id, start);
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json().data;
    expect(booking.hosts.map((h: { name: string }) => h.name).sort()).toEqual(["Mark", "Rita"]);
    const rows = await t.database.db
      .select()
      .from(bookingHosts)
      .where(eq(bookingHosts.bookingId, booking._id));
    expect(rows.map((r) => r.hostUserId).sort()).toEqual(hosts.map((h) => h.userId).sort());
    const after = await isos(et._id, "2026-12-15");
    expect(after).not.toContain("2026-12-15T09:45:00Z");
    expect(after).toContain("2026-12-15T10:30:00Z");
    // A start off the grid is not bookable.
    expect((await book(t.app, et._id, "2026-12-15T11:00:00.000Z")).statusCode).toBe(409);
  });

  it("round robin UTC + Berlin, 45 minutes: one grid from the first host's 08:00 UTC, booked on a host free then", async () => {
    const { et } = await teamEvent("round-robin", ["UTC", "Europe/Berlin"], 45);
    // Mark works 08:00-16:00 UTC, Rita 09:00-17:00: any host free covers 08:00-17:00 UTC.
    const offered = await isos(et._id, "2026-12-15");
    expect(offered).toEqual(utcGrid("2026-12-15", "08:00", "17:00", 45));
    // 16:15 is Rita's alone (Mark's day ends at 16:00 UTC); 08:00 is Mark's alone.
    const late = await book(t.app, et._id, "2026-12-15T16:15:00.000Z");
    expect(late.statusCode, late.body).toBe(201);
    expect(late.json().data.host.name).toBe("Rita");
    const early = await book(t.app, et._id, "2026-12-15T08:00:00.000Z");
    expect(early.statusCode, early.body).toBe(201);
    expect(early.json().data.host.name).toBe("Mark");
  });
});
