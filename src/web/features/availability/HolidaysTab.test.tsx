// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { HolidayCountryView, HolidaySettings } from "../../../contract/holidays";
import { fakeApi, ok, renderScreen, testUser } from "../../testing/render";
import { CustomHolidays } from "./CustomHolidays";
import { filterCountries } from "./HolidayCountryPicker";
import { HolidaysTab } from "./HolidaysTab";

const countries: HolidayCountryView[] = [
  { code: "CI", name: "Côte d'Ivoire", regions: [] },
  { code: "FR", name: "France", regions: [] },
  { code: "IN", name: "India", regions: [{ code: "KA", name: "Karnataka" }] },
  { code: "UK", name: "United Kingdom", regions: [{ code: "SCT", name: "Scotland" }] },
  {
    code: "US",
    name: "United States of America",
    regions: [
      { code: "CA", name: "California" },
      { code: "NY", name: "New York" },
    ],
  },
];

const settings = (over: Partial<HolidaySettings> = {}): HolidaySettings => ({
  countryCode: null,
  region: null,
  disabledHolidays: [],
  enabledHolidays: [],
  customHolidays: [],
  holidays: [],
  years: [2026, 2027],
  ...over,
});

describe("the holidays tab's country and region", () => {
  it("searches by name (accents ignored) or code, keeping the chosen country listed", () => {
    expect(filterCountries(countries, "cote", null).map((c) => c.code)).toEqual(["CI"]);
    expect(filterCountries(countries, "united", null).map((c) => c.code)).toEqual(["UK", "US"]);
    expect(filterCountries(countries, "fr", null).map((c) => c.code)).toEqual(["FR"]);
    expect(filterCountries(countries, "india", "US").map((c) => c.code)).toEqual(["IN", "US"]);
    expect(filterCountries(countries, "  ", null)).toHaveLength(5);
  });

  it("offers every listed country, then the regions of the one chosen, and saves each choice", async () => {
    localStorage.setItem("auth_token", "t");
    let current = settings();
    const api = fakeApi({
      "GET /auth/me": () => ok({ user: testUser }),
      "GET /availability": () => ok([]),
      "GET /holidays": () => ok(current),
      "GET /holidays/upcoming": () => ok([]),
      "GET /holidays/countries": () => ok(countries),
      "PUT /holidays": (call) => {
        current = settings({ ...(call.body as Partial<HolidaySettings>) });
        return ok(current);
      },
    });
    renderScreen(<HolidaysTab />);
    const select = (await screen.findByLabelText("Country")) as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(6));
    fireEvent.input(screen.getByLabelText("Search countries"), { target: { value: "united" } });
    expect([...select.options].map((o) => o.textContent)).toEqual([
      "None",
      "United Kingdom (UK)",
      "United States of America (US)",
    ]);
    expect(screen.getByText("2 of 5 countries match")).toBeTruthy();
    expect(screen.queryByLabelText("Region")).toBeNull();

    fireEvent.change(select, { target: { value: "US" } });
    await waitFor(() => expect(api.of("PUT", "/holidays")).toHaveLength(1));
    expect(api.of("PUT", "/holidays")[0].body).toEqual({ countryCode: "US", region: null });
    const region = (await screen.findByLabelText("Region")) as HTMLSelectElement;
    expect([...region.options].map((o) => o.textContent)).toEqual([
      "All of United States of America",
      "California",
      "New York",
    ]);
    fireEvent.change(region, { target: { value: "CA" } });
    await waitFor(() => expect(api.of("PUT", "/holidays")).toHaveLength(2));
    expect(api.of("PUT", "/holidays")[1].body).toEqual({ countryCode: "US", region: "CA" });
    await waitFor(() => expect((screen.getByLabelText("Region") as HTMLSelectElement).value).toBe("CA"));
  });
});

describe("custom holidays: one date range picker", () => {
  const day = (date: string) => {
    const button = document.querySelector<HTMLButtonElement>(`button[data-date="${date}"]`);
    if (!button) throw new Error(`${date} is not shown`);
    fireEvent.click(button);
  };

  it("adds a single day (a same-day pick, no end date) and a range", async () => {
    localStorage.setItem("auth_token", "t");
    const api = fakeApi({
      "GET /auth/me": () => ok({ user: testUser }),
      "POST /holidays/custom": (call) => ({
        status: 201,
        body: { success: true, data: { _id: "h1", endDate: null, ...(call.body as object) } },
      }),
    });
    renderScreen(<CustomHolidays holidays={[]} today="2026-12-01" />);
    fireEvent.click(await screen.findByRole("button", { name: "Add holiday" }));
    expect(await screen.findByText("Choose the day off, or its first and last day")).toBeTruthy();
    expect(api.of("POST", "/holidays/custom")).toHaveLength(0);

    fireEvent.input(screen.getByLabelText("Name"), { target: { value: "Founders' day" } });
    fireEvent.click(screen.getByRole("button", { name: "Dates" }));
    day("2026-12-11");
    day("2026-12-11");
    expect(screen.getByRole("button", { name: "Dates" }).textContent).toBe("Dec 11, 2026");
    fireEvent.click(screen.getByRole("button", { name: "Add holiday" }));
    await waitFor(() => expect(api.of("POST", "/holidays/custom")).toHaveLength(1));
    expect(api.of("POST", "/holidays/custom")[0].body).toEqual({
      name: "Founders' day",
      date: "2026-12-11",
      endDate: null,
    });

    await waitFor(() => expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe(""));
    fireEvent.input(screen.getByLabelText("Name"), { target: { value: "Winter break" } });
    fireEvent.click(screen.getByRole("button", { name: "Dates" }));
    day("2026-12-24");
    day("2026-12-31");
    fireEvent.click(screen.getByRole("button", { name: "Add holiday" }));
    await waitFor(() => expect(api.of("POST", "/holidays/custom")).toHaveLength(2));
    expect(api.of("POST", "/holidays/custom")[1].body).toEqual({
      name: "Winter break",
      date: "2026-12-24",
      endDate: "2026-12-31",
    });
  });
});
