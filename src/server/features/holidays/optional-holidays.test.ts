import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Holiday, HolidaySettings } from "../../../contract/holidays.js";
import { bearer, createTestApp, type TestApp } from "../../testing/app.js";
import { eventType, type Host, hostIn } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";

/**
 * Optional days (festivals, observances): listed per country, off by default, and once a host switches
 * one on, its day has no slots. Diwali 2027 falls on Friday 29 October; the clock is a month before.
 */
const DIWALI = "2027-10-29";

describe.each(dbKinds)("optional holidays on %s", (kind) => {
  let t: TestApp;
  let host: Host;
  let other: Host;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => new Date("2027-09-27T06:00:00Z") });
    host = await hostIn(t.app, "Asia/Kolkata", "Meera Iyer");
    other = await hostIn(t.app, "Asia/Kolkata", "Arjun Rao");
  });
  afterAll(() => t.close());

  const call = async (who: Host | null, method: "GET" | "PUT", url: string, payload?: object) => {
    const res = await t.app.inject({
      method,
      url: `/api${url}`,
      headers: who ? bearer(who.token) : {},
      payload,
    });
    return { status: res.statusCode, body: res.json() };
  };
  const slotsOn = async (etId: string, date: string) => {
    const res = await call(null, "GET", `/bookings/availability/${etId}?date=${date}&timezone=Asia/Kolkata`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as unknown[];
  };
  const optional = (data: HolidaySettings) => data.holidays.filter((h) => h.type === "optional");

  it("lists India's festivals from the holiday data, all off, with ids that hold every year", async () => {
    const res = await call(host, "PUT", "/holidays", { countryCode: "IN" });
    expect(res.status).toBe(200);
    const data: HolidaySettings = res.body.data;
    expect(data.enabledHolidays).toEqual([]);
    const names = new Set(optional(data).map((h) => h.name));
    for (const name of ["Diwali", "Holi", "Eid al-Fitr", "Eid al-Adha (Bakrid)", "Maha Shivaratri"]) {
      expect(names.has(name), name).toBe(true);
    }
    const diwali = optional(data).filter((h) => h.name === "Diwali");
    expect(diwali.map((h) => [h.id, h.date, h.enabled])).toEqual([
      ["IN-diwali", DIWALI, false],
      ["IN-diwali", "2028-10-17", false],
    ]);
    // Public holidays are unchanged: still the six national days, on.
    expect(data.holidays.filter((h) => h.type === "public" && h.date.startsWith("2027"))).toHaveLength(6);

    // Every country gets the same mechanism where the data has optional days.
    const us = (await call(other, "PUT", "/holidays", { countryCode: "US" })).body.data as HolidaySettings;
    expect(optional(us).some((h) => h.name === "Halloween" && !h.enabled)).toBe(true);
    await call(other, "PUT", "/holidays", { countryCode: "IN" });
  });

  it("an enabled festival removes its day's slots; a disabled one does not", async () => {
    const et = await eventType(t.app, host);
    expect((await slotsOn(et._id, DIWALI)).length).toBeGreaterThan(0);

    const on = await call(host, "PUT", "/holidays", { enabledHolidays: ["IN-diwali"] });
    expect(on.status).toBe(200);
    expect(on.body.data.enabledHolidays).toEqual(["IN-diwali"]);
    expect(optional(on.body.data).find((h: Holiday) => h.id === "IN-diwali")?.enabled).toBe(true);
    expect(await slotsOn(et._id, DIWALI)).toEqual([]);
    // Only that day: the next working day keeps its times.
    expect((await slotsOn(et._id, "2027-11-01")).length).toBeGreaterThan(0);
    expect((await call(host, "GET", `/holidays/check/${DIWALI}`)).body.data).toMatchObject({
      isHoliday: true,
      holiday: { name: "Diwali", type: "optional" },
    });
    const upcoming = (await call(host, "GET", "/holidays/upcoming?limit=10")).body.data as Holiday[];
    expect(upcoming.some((h) => h.name === "Diwali" && h.date === DIWALI)).toBe(true);

    // Another setting saved later keeps the switch; switching it off opens the day again.
    await call(host, "PUT", "/holidays", { disabledHolidays: [] });
    expect(await slotsOn(et._id, DIWALI)).toEqual([]);
    await call(host, "PUT", "/holidays", { enabledHolidays: [] });
    expect((await slotsOn(et._id, DIWALI)).length).toBeGreaterThan(0);
  });

  it("another host can neither see nor change a host's switches", async () => {
    const et = await eventType(t.app, host);
    await call(host, "PUT", "/holidays", { enabledHolidays: ["IN-diwali"] });
    const theirs = await call(other, "PUT", "/holidays", { enabledHolidays: ["IN-holi"] });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.enabledHolidays).toEqual(["IN-holi"]);
    const mine = (await call(host, "GET", "/holidays")).body.data as HolidaySettings;
    expect(mine.enabledHolidays).toEqual(["IN-diwali"]);
    expect(await slotsOn(et._id, DIWALI)).toEqual([]);
    // The other host's event types are not blocked by this host's switch.
    const theirEt = await eventType(t.app, other);
    expect((await slotsOn(theirEt._id, DIWALI)).length).toBeGreaterThan(0);
    expect((await call(null, "PUT", "/holidays", { enabledHolidays: [] })).status).toBe(401);
  });

  it("refuses a malformed list and changes nothing", async () => {
    const bad = await call(host, "PUT", "/holidays", { enabledHolidays: "IN-diwali" });
    expect(bad.status).toBe(400);
    const tooMany = await call(host, "PUT", "/holidays", {
      enabledHolidays: Array.from({ length: 501 }, (_, i) => `x-${i}`),
    });
    expect(tooMany.status).toBe(400);
    expect(((await call(host, "GET", "/holidays")).body.data as HolidaySettings).enabledHolidays).toEqual([
      "IN-diwali",
    ]);
  });
});
