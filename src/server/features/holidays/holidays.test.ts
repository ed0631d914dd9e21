import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Holiday, HolidaySettings } from "../../../contract/holidays.js";
import { apiCaller, createTestApp, signUp, type TestApp } from "../../testing/app.js";
import { dbKinds } from "../../testing/database.js";
import { createHolidaysService, type HolidaysService } from "./service.js";

describe.each(dbKinds)("holidays on %s", (kind) => {
  let t: TestApp;
  let now = new Date("2026-06-15T12:00:00Z");
  let service: HolidaysService;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => now });
    // The function the slot engine's caller uses; the zone does not matter to it.
    service = createHolidaysService(t.database.db, { now: () => now, hostZone: async () => "UTC" });
  });
  afterAll(() => t.close());

  const call = apiCaller(() => t.app);
  const find = (list: Holiday[], date: string) => list.filter((h) => h.date === date);

  it("starts with no country, no custom holidays and nothing blocked", async () => {
    const { token, userId } = await signUp(t.app);
    const res = await call(token, "GET", "/holidays");
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      countryCode: null,
      region: null,
      disabledHolidays: [],
      enabledHolidays: [],
      customHolidays: [],
      holidays: [],
      years: [2026, 2027],
    });
    expect(await service.blockedDates(userId, "2026-01-01", "2026-12-31")).toEqual([]);
  });

  it.each([
    ["US", "2026-07-04", "Independence Day"],
    ["IN", "2026-01-26", "Republic Day"],
    ["UK", "2026-12-26", "Boxing Day"],
    ["CA", "2026-07-01", "Canada Day"],
  ])("lists the public holidays of %s for this year and next", async (countryCode, date, name) => {
    const { token } = await signUp(t.app);
    const res = await call(token, "PUT", "/holidays", { countryCode });
    expect(res.status).toBe(200);
    const data: HolidaySettings = res.body.data;
    expect(data.countryCode).toBe(countryCode);
    expect(find(data.holidays, date)).toEqual([
      expect.objectContaining({ date, endDate: date, name, type: "public", enabled: true }),
    ]);
    expect(data.holidays.some((h) => h.name === name && h.date.startsWith("2027"))).toBe(true);
    // Besides optional days (off until switched on; optional-holidays.test.ts), all are public.
    expect(data.holidays.every((h) => h.type === "public" || (h.type === "optional" && !h.enabled))).toBe(
      true,
    );
    // The same holiday has the same id every year.
    const ids = data.holidays.filter((h) => h.name === name).map((h) => h.id);
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toMatch(new RegExp(`^${countryCode}-`));
    const check = await call(token, "GET", `/holidays/check/${date}`);
    expect(check.body.data).toMatchObject({ isHoliday: true, holiday: { name, type: "public" } });
  });

  it("switching a public holiday off unblocks it in every year", async () => {
    const { token, userId } = await signUp(t.app);
    await call(token, "PUT", "/holidays", { countryCode: "US" });
    const blocked = await service.blockedDates(userId, "2026-07-01", "2027-07-31");
    expect(blocked).toEqual(expect.arrayContaining(["2026-07-03", "2026-07-04", "2027-07-04"]));

    const res = await call(token, "PUT", "/holidays", { disabledHolidays: ["US-independence-day"] });
    expect(res.status).toBe(200);
    const data: HolidaySettings = res.body.data;
    expect(data.countryCode).toBe("US");
    expect(find(data.holidays, "2026-07-04")[0].enabled).toBe(false);
    expect(find(data.holidays, "2027-07-05")[0]).toMatchObject({
      enabled: true,
      name: expect.stringMatching(/substitute/),
    });
    expect(data.holidays.filter((h) => h.type === "public" && !h.enabled).map((h) => h.date)).toEqual([
      "2026-07-04",
      "2027-07-04",
    ]);

    const after = await service.blockedDates(userId, "2026-07-01", "2027-07-31");
    expect(after).not.toContain("2026-07-04");
    expect(after).not.toContain("2027-07-04");
    expect(after).toContain("2026-07-03");
    expect(after).toContain("2026-11-26");
    const check = await call(token, "GET", "/holidays/check/2026-07-04");
    expect(check.body.data).toEqual({ isHoliday: false, holiday: null });

    // Switching the country off clears the public holidays but keeps the choices.
    const none = await call(token, "PUT", "/holidays", { countryCode: null });
    expect(none.body.data).toMatchObject({
      countryCode: null,
      holidays: [],
      disabledHolidays: ["US-independence-day"],
    });
    expect(await service.blockedDates(userId, "2026-01-01", "2026-12-31")).toEqual([]);
  });

  it("adds, checks and deletes custom holidays, including ranges", async () => {
    const { token, userId } = await signUp(t.app);
    const single = await call(token, "POST", "/holidays/custom", {
      name: "Company offsite",
      date: "2026-09-10",
    });
    expect(single.status).toBe(201);
    expect(single.body.data).toEqual({
      _id: expect.any(String),
      name: "Company offsite",
      date: "2026-09-10",
      endDate: null,
    });
    const range = await call(token, "POST", "/holidays/custom", {
      name: "Year-end break",
      date: "2026-12-30",
      endDate: "2027-01-02",
    });
    expect(range.status).toBe(201);

    const mid = await call(token, "GET", "/holidays/check/2027-01-01");
    expect(mid.body.data).toEqual({
      isHoliday: true,
      holiday: {
        id: range.body.data._id,
        date: "2026-12-30",
        endDate: "2027-01-02",
        name: "Year-end break",
        type: "custom",
        enabled: true,
      },
    });
    expect((await call(token, "GET", "/holidays/check/2026-09-11")).body.data.isHoliday).toBe(false);
    expect(await service.blockedDates(userId, "2026-12-31", "2027-01-10")).toEqual([
      "2026-12-31",
      "2027-01-01",
      "2027-01-02",
    ]);

    const view: HolidaySettings = (await call(token, "GET", "/holidays")).body.data;
    expect(view.customHolidays.map((c) => c.name)).toEqual(["Company offsite", "Year-end break"]);
    expect(view.holidays.map((h) => [h.date, h.type])).toEqual([
      ["2026-09-10", "custom"],
      ["2026-12-30", "custom"],
    ]);

    const del = await call(token, "DELETE", `/holidays/custom/${single.body.data._id}`);
    expect(del.status).toBe(200);
    expect((await call(token, "GET", "/holidays/check/2026-09-10")).body.data.isHoliday).toBe(false);
    const again = await call(token, "DELETE", `/holidays/custom/${single.body.data._id}`);
    expect(again.status).toBe(404);
  });

  it("validates custom holidays and settings, changing nothing", async () => {
    const { token } = await signUp(t.app);
    const inverted = await call(token, "POST", "/holidays/custom", {
      name: "Backwards",
      date: "2026-05-10",
      endDate: "2026-05-01",
    });
    expect(inverted.status).toBe(400);
    expect(inverted.body.errors).toEqual({ endDate: "End date must not be before the start date" });
    const bad = await call(token, "POST", "/holidays/custom", { name: "", date: "2026-13-01" });
    expect(Object.keys(bad.body.errors).sort()).toEqual(["date", "name"]);
    const country = await call(token, "PUT", "/holidays", {
      countryCode: "XX",
      customHolidays: [{ name: "X", date: "2026-01-01" }],
    });
    expect(country.status).toBe(400);
    expect(Object.keys(country.body.errors)).toEqual(["countryCode"]);
    expect((await call(token, "GET", "/holidays/check/not-a-date")).status).toBe(400);
    expect((await call(token, "GET", "/holidays/check/2026-02-29")).status).toBe(400);
    expect((await call(token, "GET", "/holidays/upcoming?limit=0")).status).toBe(400);
    expect((await call(token, "DELETE", "/holidays/custom/nope")).status).toBe(400);
    const view = (await call(token, "GET", "/holidays")).body.data;
    expect(view).toMatchObject({ countryCode: null, customHolidays: [] });
  });

  it("replaces custom holidays through PUT", async () => {
    const { token } = await signUp(t.app);
    await call(token, "POST", "/holidays/custom", { name: "Old", date: "2026-03-03" });
    const res = await call(token, "PUT", "/holidays", {
      countryCode: "CA",
      customHolidays: [
        { name: "New A", date: "2026-08-08" },
        { name: "New B", date: "2026-08-20", endDate: "2026-08-21" },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.customHolidays.map((c: { name: string }) => c.name)).toEqual(["New A", "New B"]);
    expect(res.body.data.countryCode).toBe("CA");
  });

  it("lists upcoming enabled holidays from today in the host's zone", async () => {
    const { token } = await signUp(t.app, { timezone: "America/Los_Angeles" });
    const india = await signUp(t.app, { timezone: "Asia/Kolkata" });
    for (const host of [token, india.token]) {
      await call(host, "PUT", "/holidays", { countryCode: "US", disabledHolidays: ["US-independence-day"] });
      await call(host, "POST", "/holidays/custom", {
        name: "Long weekend",
        date: "2026-06-19",
        endDate: "2026-06-22",
      });
    }
    // 02:00Z on 20 June: still 19 June in Los Angeles, already 20 June in Kolkata.
    now = new Date("2026-06-20T02:00:00Z");
    try {
      const la = await call(token, "GET", "/holidays/upcoming?limit=3");
      expect(la.status).toBe(200);
      expect(la.body.data.map((h: Holiday) => [h.date, h.name])).toEqual([
        ["2026-06-19", "Juneteenth"],
        ["2026-06-19", "Long weekend"],
        ["2026-07-03", "Independence Day (substitute day)"],
      ]);
      const ind = await call(india.token, "GET", "/holidays/upcoming?limit=2");
      // The range is still running in Kolkata; Juneteenth is over; the disabled 4 July is skipped.
      expect(ind.body.data.map((h: Holiday) => [h.date, h.name])).toEqual([
        ["2026-06-19", "Long weekend"],
        ["2026-07-03", "Independence Day (substitute day)"],
      ]);
      const dflt = await call(token, "GET", "/holidays/upcoming");
      expect(dflt.body.data).toHaveLength(5);
    } finally {
      now = new Date("2026-06-15T12:00:00Z");
    }
  });

  it("counts days in the default schedule's zone, not the sign-up zone", async () => {
    now = new Date("2026-12-31T11:00:00Z"); // 16:30 in Kolkata; 1 January 2027, 01:00 in Kiritimati (+14)
    try {
      const { token } = await signUp(t.app, { timezone: "Asia/Kolkata" });
      expect((await call(token, "GET", "/holidays")).body.data.years).toEqual([2026, 2027]);
      const [schedule] = (await call(token, "GET", "/availability")).body.data;
      await call(token, "PUT", `/availability/${schedule._id}`, { timezone: "Pacific/Kiritimati" });
      expect((await call(token, "GET", "/holidays")).body.data.years).toEqual([2027, 2028]);
    } finally {
      now = new Date("2026-06-15T12:00:00Z");
    }
  });

  it("keeps each host's holidays to themself", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const custom = (await call(a.token, "POST", "/holidays/custom", { name: "A's day", date: "2026-10-01" }))
      .body.data;
    await call(a.token, "PUT", "/holidays", { countryCode: "IN" });
    const del = await call(b.token, "DELETE", `/holidays/custom/${custom._id}`);
    expect(del).toMatchObject({ status: 404, body: { success: false, errorCode: "NOT_FOUND" } });
    expect((await call(b.token, "GET", "/holidays")).body.data).toMatchObject({
      countryCode: null,
      customHolidays: [],
      holidays: [],
    });
    expect((await call(b.token, "GET", "/holidays/check/2026-10-01")).body.data.isHoliday).toBe(false);
    expect((await call(b.token, "GET", "/holidays/upcoming")).body.data).toEqual([]);
    expect(await service.blockedDates(b.userId, "2026-01-01", "2026-12-31")).toEqual([]);
    expect((await call(a.token, "GET", "/holidays/check/2026-10-01")).body.data.isHoliday).toBe(true);
  });

  it("requires a session on every route", async () => {
    for (const [method, url] of [
      ["GET", "/api/holidays"],
      ["PUT", "/api/holidays"],
      ["GET", "/api/holidays/upcoming"],
      ["POST", "/api/holidays/custom"],
      ["DELETE", "/api/holidays/custom/00000000-0000-4000-8000-000000000000"],
      ["GET", "/api/holidays/check/2026-01-01"],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === "GET" ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
