import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HolidayCountryView, HolidaySettings } from "../../../contract/holidays.js";
import { apiCaller, createTestApp, signUp, type TestApp } from "../../testing/app.js";
import { dbKinds } from "../../testing/database.js";
import { createHolidaysService } from "./service.js";

/** Issue 29 item 10: every country the holiday data knows, searchable in the tab, with regions. */
describe.each(dbKinds)("holiday countries and regions on %s", (kind) => {
  let t: TestApp;
  const now = new Date("2026-01-15T12:00:00Z");
  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => now });
  });
  afterAll(() => t.close());

  const call = apiCaller(() => t.app);
  const names = (s: HolidaySettings) => s.holidays.filter((h) => h.type === "public").map((h) => h.name);

  it("lists every country of the holiday data by name, the United Kingdom as UK, with regions where it has them", async () => {
    const { token } = await signUp(t.app);
    const res = await call(token, "GET", "/holidays/countries");
    expect(res.status).toBe(200);
    const list: HolidayCountryView[] = res.body.data;
    expect(list.length).toBeGreaterThan(190);
    expect(list.map((c) => c.name)).toEqual(
      [...list.map((c) => c.name)].sort((a, b) => a.localeCompare(b, "en")),
    );
    const byCode = new Map(list.map((c) => [c.code, c]));
    expect(byCode.get("FR")).toMatchObject({ name: "France" });
    expect(byCode.get("UK")?.name).toBe("United Kingdom");
    expect(byCode.has("GB")).toBe(false);
    expect(byCode.get("UK")?.regions).toContainEqual({ code: "SCT", name: "Scotland" });
    expect(byCode.get("US")?.regions).toContainEqual({ code: "CA", name: "California" });
    expect(byCode.get("IN")?.regions).toContainEqual({ code: "KA", name: "Karnataka" });
    expect(byCode.get("FR")?.regions.length).toBeGreaterThanOrEqual(0);
    expect((await t.app.inject({ method: "GET", url: "/api/holidays/countries" })).statusCode).toBe(401);
  });

  it("takes any listed country, beyond the spec's four", async () => {
    const { token } = await signUp(t.app);
    const res = await call(token, "PUT", "/holidays", { countryCode: "fr" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ countryCode: "FR", region: null });
    expect(res.body.data.holidays).toContainEqual(
      expect.objectContaining({ id: "FR-bastille-day", date: "2026-07-14", type: "public", enabled: true }),
    );
  });

  it("adds a region's own holidays, blocks them, and drops the region with a new country", async () => {
    const { token, userId } = await signUp(t.app);
    const country = (await call(token, "PUT", "/holidays", { countryCode: "US" })).body.data;
    expect(names(country)).not.toContain("César Chávez Day");

    const california = await call(token, "PUT", "/holidays", { region: "ca" });
    expect(california.status, JSON.stringify(california.body)).toBe(200);
    expect(california.body.data).toMatchObject({ countryCode: "US", region: "CA" });
    expect(names(california.body.data)).toContain("César Chávez Day");
    expect(names(california.body.data)).toContain("Independence Day");
    const service = createHolidaysService(t.database.db, { now: () => now, hostZone: async () => "UTC" });
    expect(await service.blockedDates(userId, "2026-03-30", "2026-04-01")).toEqual(["2026-03-31"]);
    const check = await call(token, "GET", "/holidays/check/2026-03-31");
    expect(check.body.data).toMatchObject({ isHoliday: true, holiday: { name: "César Chávez Day" } });

    const moved = await call(token, "PUT", "/holidays", { countryCode: "CA" });
    expect(moved.body.data).toMatchObject({ countryCode: "CA", region: null });
    expect(await service.blockedDates(userId, "2026-03-30", "2026-04-01")).toEqual([]);
  });

  it("refuses a region the country does not have, and changes nothing", async () => {
    const { token } = await signUp(t.app);
    await call(token, "PUT", "/holidays", { countryCode: "IN", region: "KA" });
    const wrong = await call(token, "PUT", "/holidays", { countryCode: "FR", region: "KA" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ region: "Choose a region of France from the list" });
    const unknown = await call(token, "PUT", "/holidays", { countryCode: "ZZ" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ countryCode: "Choose a country from the list" });
    const malformed = await call(token, "PUT", "/holidays", { countryCode: "France" });
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body.errors)).toEqual(["countryCode"]);
    expect((await call(token, "GET", "/holidays")).body.data).toMatchObject({
      countryCode: "IN",
      region: "KA",
    });
  });
});
