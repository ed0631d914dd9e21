import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, type TestApp } from "../../testing/app.js";
import { book, bookingSettings, eventType, type Host, hostIn, NOW } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";

type SlotList = { startTime: string; iso: string }[];

describe.each(dbKinds)("slot lookups on %s", (kind) => {
  let t: TestApp;
  let host: Host;
  let et: { _id: string; slug: string };

  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
    host = await hostIn(t.app, "America/New_York");
    et = await eventType(t.app, host);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: "GET", url });
  const slots = async (ref: string, query: string): Promise<SlotList> => {
    const res = await get(`/api/bookings/availability/${ref}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it("labels a New York 9-5 day in the invitee's zone, across the DST change", async () => {
    // Monday 2026-11-02, New York on EST: 9:00am there is 7:30pm in Kolkata.
    const monday = await slots(et._id, "date=2026-11-02&timezone=Asia/Kolkata");
    expect(monday.map((s) => s.startTime)).toEqual([
      "7:30pm",
      "8:00pm",
      "8:30pm",
      "9:00pm",
      "9:30pm",
      "10:00pm",
      "10:30pm",
      "11:00pm",
      "11:30pm",
    ]);
    expect(monday[0].iso).toBe("2026-11-02T14:00:00Z");

    // Friday 2026-10-30 in Kolkata starts during Thursday afternoon in New York (still EDT: 9:00am = 6:30pm).
    const friday = await slots(et._id, "date=2026-10-30&timezone=Asia/Kolkata");
    expect(friday.map((s) => s.startTime).slice(0, 7)).toEqual([
      "12:00am",
      "12:30am",
      "1:00am",
      "1:30am",
      "2:00am",
      "6:30pm",
      "7:00pm",
    ]);
    expect(friday).toHaveLength(16);
    expect(friday[5].iso).toBe("2026-10-30T13:00:00Z");

    // In the host's own zone the first slot reads 9:00am on both sides of the change.
    const before = await slots(et._id, "date=2026-10-30&timezone=America/New_York");
    const after = await slots(et._id, "date=2026-11-02&timezone=America/New_York");
    expect([before[0], after[0]]).toEqual([
      { startTime: "9:00am", iso: "2026-10-30T13:00:00Z" },
      { startTime: "9:00am", iso: "2026-11-02T14:00:00Z" },
    ]);
    expect(after.at(-1)?.startTime).toBe("4:30pm");
  });

  it("defaults to Asia/Kolkata and accepts the slug for the id", async () => {
    const byId = await slots(et._id, "date=2026-11-02");
    const bySlug = await slots(et.slug, "date=2026-11-02&timezone=Asia/Kolkata");
    expect(byId).toEqual(bySlug);
    expect(byId[0].startTime).toBe("7:30pm");
  });

  it("lists the days of a month that have slots", async () => {
    const res = await get(`/api/bookings/availability/${et._id}?month=2026-11&timezone=America/New_York`);
    const days: string[] = res.json().data.days;
    expect(days).toHaveLength(21);
    expect(days.slice(0, 6)).toEqual([
      "2026-11-02",
      "2026-11-03",
      "2026-11-04",
      "2026-11-05",
      "2026-11-06",
      "2026-11-09",
    ]);
    expect(days.at(-1)).toBe("2026-11-30");
    const october = await get(`/api/bookings/availability/${et._id}?month=2026-10&timezone=America/New_York`);
    expect(october.json().data.days).toEqual(["2026-10-28", "2026-10-29", "2026-10-30"]);
    // Past the 60-day maximum notice nothing is left.
    const march = await get(`/api/bookings/availability/${et._id}?month=2027-03&timezone=America/New_York`);
    expect(march.json().data.days).toEqual([]);
  });

  it("answers 400 with the field for bad input and 404 for unknown or inactive event types", async () => {
    const bad: [string, string][] = [
      ["date=2026-11-02&timezone=Mars/Base", "timezone"],
      ["date=2026-02-30", "date"],
      ["timezone=UTC", "date"],
      ["month=2026-13", "month"],
      ["month=9999-12", "month"],
    ];
    for (const [query, field] of bad) {
      const res = await get(`/api/bookings/availability/${et._id}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[field], query).toBeDefined();
    }
    for (const ref of ["3f7b2b1e-8a52-4c1e-9d6a-0b7f1d2c3e4f", "no-such-event"]) {
      const res = await get(`/api/bookings/availability/${ref}?date=2026-11-02`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("Event type not found");
    }
    expect((await get("/api/bookings/availability/Not%20a%20slug!?date=2026-11-02")).statusCode).toBe(400);
    const hidden = await eventType(t.app, host, { isActive: false });
    expect((await get(`/api/bookings/availability/${hidden._id}?date=2026-11-02`)).statusCode).toBe(404);
  });

  it("follows holidays, date overrides and bookings as they change", async () => {
    const h = await hostIn(t.app, "America/New_York");
    const e = await eventType(t.app, h);
    const ny = (date: string) => slots(e._id, `date=${date}&timezone=America/New_York`);
    expect(await ny("2026-11-03")).toHaveLength(16);
    const holiday = await t.app.inject({
      method: "POST",
      url: "/api/holidays/custom",
      headers: bearer(h.token),
      payload: { name: "Election day", date: "2026-11-03" },
    });
    expect(holiday.statusCode).toBe(201);
    expect(await ny("2026-11-03")).toEqual([]);

    const schedules = await t.app.inject({
      method: "GET",
      url: "/api/availability",
      headers: bearer(h.token),
    });
    const scheduleId = schedules.json().data[0]._id;
    const override = await t.app.inject({
      method: "POST",
      url: `/api/availability/${scheduleId}/date-override`,
      headers: bearer(h.token),
      payload: {
        date: "2026-11-05",
        isAvailable: true,
        timeSlots: [{ startTime: "1:00pm", endTime: "2:00pm" }],
      },
    });
    expect(override.statusCode, override.body).toBeLessThan(300);
    expect((await ny("2026-11-05")).map((s) => s.startTime)).toEqual(["1:00pm", "1:30pm"]);

    expect((await book(t.app, e._id, "2026-11-05T18:00:00Z")).statusCode).toBe(201);
    expect((await ny("2026-11-05")).map((s) => s.startTime)).toEqual(["1:30pm"]);
  });

  it("keeps a group slot open until its seats are gone", async () => {
    const group = await eventType(t.app, host, { type: "group", duration: 60, maxInvitees: 2 });
    const start = "2026-11-06T14:00:00Z";
    const isOpen = async () =>
      (await slots(group._id, "date=2026-11-06&timezone=America/New_York")).some(
        (s) => s.iso === "2026-11-06T14:00:00Z",
      );
    expect((await book(t.app, group._id, start)).statusCode).toBe(201);
    expect(await isOpen()).toBe(true);
    expect((await book(t.app, group._id, start)).statusCode).toBe(201);
    expect(await isOpen()).toBe(false);
  });

  it("shows an invitee who moves their booking its own time and neighbours, only with their token", async () => {
    const h = await hostIn(t.app, "America/New_York");
    const schedules = await t.app.inject({
      method: "GET",
      url: "/api/availability",
      headers: bearer(h.token),
    });
    // 30-minute buffers: a 10:00am booking also closes 9:30am and 10:30am.
    const e = await eventType(t.app, h, {
      bookingSettings: bookingSettings({ bufferBefore: 30, bufferAfter: 30 }),
    });
    const res = await book(t.app, e._id, "2026-11-04T15:00:00Z");
    expect(res.statusCode, res.body).toBe(201);
    const { uid, manageToken } = res.json().data;
    const day = `date=2026-11-04&timezone=America/New_York`;
    const around = (list: SlotList) =>
      list.map((s) => s.startTime).filter((x) => ["9:30am", "10:00am", "10:30am"].includes(x));

    expect(around(await slots(e._id, day))).toEqual([]);
    const moving = `${day}&reschedule=${uid}&token=${manageToken}`;
    expect(around(await slots(e._id, moving))).toEqual(["9:30am", "10:00am", "10:30am"]);
    expect(around(await slots(e.slug, moving))).toEqual(["9:30am", "10:00am", "10:30am"]);
    // Someone else's token, or none that matches, frees nothing.
    const other = (await book(t.app, e._id, "2026-11-05T15:00:00Z")).json().data;
    expect(around(await slots(e._id, `${day}&reschedule=${uid}&token=${other.manageToken}`))).toEqual([]);
    expect(around(await slots(e._id, `${day}&reschedule=${other.uid}&token=${other.manageToken}`))).toEqual(
      [],
    );
    const missing = await get(`/api/bookings/availability/${e._id}?${day}&reschedule=${uid}`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.token).toBeDefined();

    // The month view frees the day too: close every other time of Nov 4 with a one-hour override.
    const override = await t.app.inject({
      method: "POST",
      url: `/api/availability/${schedules.json().data[0]._id}/date-override`,
      headers: bearer(h.token),
      payload: {
        date: "2026-11-04",
        isAvailable: true,
        timeSlots: [{ startTime: "10:00am", endTime: "10:30am" }],
      },
    });
    expect(override.statusCode, override.body).toBeLessThan(300);
    const month = async (extra: string) =>
      (
        await get(`/api/bookings/availability/${e._id}?month=2026-11&timezone=America/New_York${extra}`)
      ).json().data.days as string[];
    expect(await month("")).not.toContain("2026-11-04");
    expect(await month(`&reschedule=${uid}&token=${manageToken}`)).toContain("2026-11-04");

    // Once cancelled, the booking is no longer the invitee's to move: its time is simply free.
    const cancel = await t.app.inject({
      method: "POST",
      url: `/api/bookings/public/${uid}/cancel`,
      payload: { token: manageToken, reason: "Changed plans" },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await month("")).toContain("2026-11-04");
  });

  it("uses the event type's own schedule and its zone", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/availability",
      headers: bearer(host.token),
      payload: { name: "London mornings", timezone: "Europe/London" },
    });
    expect(res.statusCode, res.body).toBe(201);
    const london = await eventType(t.app, host, { availabilityScheduleId: res.json().data._id });
    const list = await slots(london._id, "date=2026-11-02&timezone=Europe/London");
    expect(list[0]).toEqual({ startTime: "9:00am", iso: "2026-11-02T09:00:00Z" });
  });
});
