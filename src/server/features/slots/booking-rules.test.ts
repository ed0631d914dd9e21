import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, type TestApp } from "../../testing/app.js";
import { book, bookingSettings, eventType, type Host, hostIn, NOW } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";

/**
 * Buffers, minimum notice and the booking window have one source each: the event type, with the
 * host's Calendar Settings as floors under the buffers and the notice. The schedule's fields of the
 * same names are accepted and kept for the API but change no slot (NOW is Wednesday 2026-10-28 8:00am
 * in New York).
 */
describe.each(dbKinds)("booking rules come from the event type on %s", (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
  });
  afterAll(() => t.close());

  const call = (token: string, method: "GET" | "PUT" | "POST", url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });
  const times = async (id: string, date: string) => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/bookings/availability/${id}?date=${date}&timezone=America/New_York`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { startTime: string }[]).map((s) => s.startTime);
  };
  const days = async (id: string, month: string) => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/bookings/availability/${id}?month=${month}&timezone=America/New_York`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.days as string[];
  };
  /** The host's default schedule with the legacy rules at their longest. */
  async function legacyRules(h: Host, maximumNotice = 30) {
    const schedule = (await call(h.token, "GET", "/availability")).json().data[0];
    const put = await call(h.token, "PUT", `/availability/${schedule._id}`, {
      bufferTimeBefore: 60,
      bufferTimeAfter: 60,
      minimumNotice: 1440,
      maximumNotice,
    });
    expect(put.statusCode, put.body).toBe(200);
    return schedule._id as string;
  }

  it("ignores the schedule's buffers and notice", async () => {
    const h = await hostIn(t.app, "America/New_York");
    await legacyRules(h);
    const e = await eventType(t.app, h);
    // No notice of the event type's own: today's 9:00am onwards (now is 8:00am) stay open.
    expect((await times(e._id, "2026-10-28"))[0]).toBe("9:00am");
    expect((await book(t.app, e._id, "2026-10-29T14:00:00Z")).statusCode).toBe(201);
    // No buffers of the event type's own: the neighbours of the 10:00am booking stay open.
    expect(await times(e._id, "2026-10-29")).toEqual(expect.arrayContaining(["9:30am", "10:30am"]));
    expect(await times(e._id, "2026-10-29")).not.toContain("10:00am");
  });

  it("raises the event type's buffers and notice to the host's Calendar Settings, and only to them", async () => {
    const h = await hostIn(t.app, "America/New_York");
    const e = await eventType(t.app, h, {
      bookingSettings: bookingSettings({
        leadHours: 1,
        noticeUnit: "hours",
        bufferBefore: 0,
        bufferAfter: 30,
      }),
    });
    expect((await book(t.app, e._id, "2026-10-29T14:00:00Z")).statusCode).toBe(201);
    // The event type's own: an hour's notice (9:00am today); 30 minutes after a slot, none before it,
    // so 9:30am (its 30 after reach the 10:00am meeting) is closed and 10:30am open.
    expect((await times(e._id, "2026-10-28"))[0]).toBe("9:00am");
    let thursday = await times(e._id, "2026-10-29");
    expect(thursday).toEqual(expect.arrayContaining(["9:00am", "10:30am", "11:00am"]));
    expect(thursday).not.toContain("9:30am");
    const settings = await call(h.token, "PUT", "/calendar-settings", {
      bufferTime: 15,
      minimumNotice: 1440,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    // A day's notice from the settings: nothing today. 15 minutes before each slot now (10:30am's
    // reach back into the meeting); the event type's own 30 after still stand (not cut to 15).
    expect(await times(e._id, "2026-10-28")).toEqual([]);
    thursday = await times(e._id, "2026-10-29");
    expect(thursday).toEqual(expect.arrayContaining(["9:00am", "11:00am"]));
    expect(thursday).not.toContain("10:30am");
    expect(thursday).not.toContain("9:30am");
    // The booking path asks the same question: 10:30am on Thursday is refused.
    const refused = await book(t.app, e._id, "2026-10-29T14:30:00Z");
    expect(refused.statusCode, refused.body).toBe(409);
  });

  it("applies the event type's buffers and notice", async () => {
    const h = await hostIn(t.app, "America/New_York");
    const e = await eventType(t.app, h, {
      bookingSettings: bookingSettings({
        leadHours: 2,
        noticeUnit: "hours",
        bufferBefore: 30,
        bufferAfter: 30,
      }),
    });
    // 8:00am + 2 hours: the first time today is 10:00am.
    expect((await times(e._id, "2026-10-28"))[0]).toBe("10:00am");
    expect((await book(t.app, e._id, "2026-10-29T14:00:00Z")).statusCode).toBe(201);
    const around = (await times(e._id, "2026-10-29")).filter((x) =>
      ["9:30am", "10:30am", "11:00am"].includes(x),
    );
    expect(around).toEqual(["11:00am"]);
    // A client that sends bookingSettings without the buffers keeps them.
    const res = await call(h.token, "PUT", `/event-types/${e._id}`, {
      bookingSettings: { leadHours: 2, noticeUnit: "hours", daysAhead: 60, unit: "days", mode: "rolling" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.bookingSettings).toMatchObject({ bufferBefore: 30, bufferAfter: 30 });
  });

  it("refuses a booking whose buffers reach another type's meeting, and only that", async () => {
    const h = await hostIn(t.app, "America/New_York");
    const withBuffers = await eventType(t.app, h, {
      bookingSettings: bookingSettings({ bufferBefore: 30, bufferAfter: 30 }),
    });
    const long = await eventType(t.app, h, { duration: 120 });
    const status = async (id: string, at: string) => {
      const res = await book(t.app, id, at);
      return res.statusCode;
    };
    // Thursday 9:00-11:00am and Friday 1:00-3:00pm, booked on the long type.
    expect(await status(long._id, "2026-10-29T13:00:00Z")).toBe(201);
    expect(await status(long._id, "2026-10-30T17:00:00Z")).toBe(201);
    // Thursday 11:00am: its 30 minutes before reach back into the long meeting; 11:30am only touches it.
    expect(await status(withBuffers._id, "2026-10-29T15:00:00Z")).toBe(409);
    expect(await status(withBuffers._id, "2026-10-29T15:30:00Z")).toBe(201);
    // Friday 12:30pm: its 30 minutes after reach into the 1:00pm meeting; 12:00pm ends, with them, at 1:00pm.
    expect(await status(withBuffers._id, "2026-10-30T16:30:00Z")).toBe(409);
    expect(await status(withBuffers._id, "2026-10-30T16:00:00Z")).toBe(201);
  });

  it("books an indefinite window far beyond the schedule's maximum notice", async () => {
    const h = await hostIn(t.app, "America/New_York");
    await legacyRules(h, 30);
    const e = await eventType(t.app, h, {
      bookingSettings: {
        leadHours: 0,
        noticeUnit: "minutes",
        daysAhead: 60,
        unit: "days",
        mode: "indefinite",
      },
    });
    // Eighteen months ahead, where the schedule's 30 days used to stop everything.
    expect(await days(e._id, "2028-04")).toContain("2028-04-17");
    expect(await times(e._id, "2028-04-17")).toContain("9:00am");
    const res = await book(t.app, e._id, "2028-04-17T13:00:00Z");
    expect(res.statusCode, res.body).toBe(201);
    // A rolling window is the event type's too: 90 days ahead is open although the schedule says 30.
    const rolling = await eventType(t.app, h, {
      bookingSettings: { leadHours: 0, noticeUnit: "minutes", daysAhead: 90, unit: "days", mode: "rolling" },
    });
    expect(await days(rolling._id, "2027-01")).toContain("2027-01-20");
    expect(await days(rolling._id, "2027-02")).toEqual([]);
  });

  it("a date range of one day (the picker's same-day pick: a start, no end) offers that day only", async () => {
    const h = await hostIn(t.app, "America/New_York");
    const e = await eventType(t.app, h, {
      bookingSettings: bookingSettings({ mode: "within", withinStart: "2026-11-05" }),
    });
    expect(await days(e._id, "2026-11")).toEqual(["2026-11-05"]);
    expect(await times(e._id, "2026-11-06")).toEqual([]);
    // A start is still needed: an end alone is refused with a message on the start.
    const endOnly = await call(h.token, "PUT", `/event-types/${e._id}`, {
      bookingSettings: bookingSettings({ mode: "within", withinEnd: "2026-11-20" }),
    });
    expect(endOnly.statusCode).toBe(400);
    expect(endOnly.json().errors["bookingSettings.withinStart"]).toBe("Pick a start date");
  });

  it("migration 0021 gives existing event types the longest of the old rules", async () => {
    const h = await hostIn(t.app, "America/New_York");
    await legacyRules(h);
    const plain = await eventType(t.app, h);
    const own = await eventType(t.app, h, {
      bookingSettings: { leadHours: 3, noticeUnit: "days", daysAhead: 60, unit: "days", mode: "rolling" },
    });
    // Rows written before buffers existed have no buffer keys; the migration fills those rows only.
    await t.database.db.execute(
      sql`update event_types set booking_settings = booking_settings - 'bufferBefore' - 'bufferAfter' where user_id = ${h.userId}`,
    );
    const file = new URL("../../db/migrations/0021_booking_rules_on_event_types.sql", import.meta.url);
    await t.database.db.execute(sql.raw(readFileSync(file, "utf8")));
    const get = async (id: string) =>
      (await call(h.token, "GET", `/event-types/${id}`)).json().data.bookingSettings;
    expect(await get(plain._id)).toMatchObject({
      bufferBefore: 60,
      bufferAfter: 60,
      leadHours: 1,
      noticeUnit: "days",
    });
    expect(await get(own._id)).toMatchObject({ bufferBefore: 60, leadHours: 3, noticeUnit: "days" });
  });
});
