import { describe, expect, it } from "vitest";
import { daysBetween, describeDates, MAX_RANGE_DAYS, pickDate } from "./override-dates";

const none = { dates: [], rangeStart: null };

describe("picking override dates", () => {
  it("toggles dates one by one, kept in order", () => {
    let pick = pickDate(none, "2026-12-24", "dates");
    pick = pickDate(pick, "2026-12-22", "dates");
    pick = pickDate(pick, "2026-12-31", "dates");
    expect(pick.dates).toEqual(["2026-12-22", "2026-12-24", "2026-12-31"]);
    expect(pickDate(pick, "2026-12-24", "dates").dates).toEqual(["2026-12-22", "2026-12-31"]);
  });

  it("fills a range from two clicks in either order, across a month and a year", () => {
    const started = pickDate(none, "2027-01-02", "range");
    expect(started).toEqual({ dates: ["2027-01-02"], rangeStart: "2027-01-02" });
    const done = pickDate(started, "2026-12-30", "range");
    expect(done).toEqual({
      dates: ["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"],
      rangeStart: null,
    });
    // A third click starts a new range.
    expect(pickDate(done, "2027-02-01", "range")).toEqual({
      dates: ["2027-02-01"],
      rangeStart: "2027-02-01",
    });
  });

  it("keeps a range to its longest", () => {
    expect(daysBetween("2026-01-01", "2027-12-31")).toHaveLength(MAX_RANGE_DAYS);
  });

  it("a single pick replaces the date", () => {
    expect(pickDate({ dates: ["2026-12-01"], rangeStart: null }, "2026-12-02", "single").dates).toEqual([
      "2026-12-02",
    ]);
  });

  it("describes one date, a run of days, and scattered dates", () => {
    expect(describeDates(["2026-12-25"])).toBe("Fri, Dec 25, 2026");
    expect(describeDates(["2026-12-24", "2026-12-25", "2026-12-26"])).toBe(
      "Thu, Dec 24, 2026 to Sat, Dec 26, 2026 (3 days)",
    );
    expect(describeDates(["2026-12-24", "2026-12-31"])).toBe("Thu, Dec 24, 2026; Thu, Dec 31, 2026");
  });
});
