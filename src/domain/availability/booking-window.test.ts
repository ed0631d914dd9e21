import { describe, expect, it } from "vitest";
import { bookingWindowDates, bookingWindowDays } from "./booking-window.js";
import { parseDate, weekdayIndex } from "./calendar-days.js";

describe("bookingWindowDates", () => {
  it("rolling days count today as day 1", () => {
    expect(bookingWindowDates({ mode: "rolling", daysAhead: 1, unit: "days" }, "2026-05-08")).toEqual({
      start: "2026-05-08",
      end: "2026-05-08",
    });
    expect(bookingWindowDates({ mode: "rolling", daysAhead: 60 }, "2026-02-28")).toEqual({
      start: "2026-02-28",
      end: "2026-04-28",
    });
  });

  it("rolling weekdays skip weekends", () => {
    // 2026-05-08 is a Friday.
    const w = (n: number, today = "2026-05-08") =>
      bookingWindowDates({ mode: "rolling", daysAhead: n, unit: "weekdays" }, today)?.end;
    expect(w(1)).toBe("2026-05-08");
    expect(w(2)).toBe("2026-05-11");
    expect(w(6)).toBe("2026-05-15");
    expect(w(1, "2026-05-09")).toBe("2026-05-11"); // Saturday: the first weekday is Monday
    expect(w(1, "2026-05-10")).toBe("2026-05-11");
    expect(w(5, "2026-05-11")).toBe("2026-05-15");
    expect(w(10, "2026-05-13")).toBe("2026-05-26");
  });

  it("rolling weekdays agree with counting day by day", () => {
    const start = parseDate("2026-01-01") as number;
    for (let today = start; today < start + 14; today++) {
      for (let n = 1; n <= 25; n++) {
        let d = today;
        let counted = 0;
        for (;;) {
          const wd = weekdayIndex(d);
          if (wd >= 1 && wd <= 5 && ++counted === n) break;
          d++;
        }
        expect(bookingWindowDays({ mode: "rolling", daysAhead: n, unit: "weekdays" }, today)).toEqual({
          first: today,
          last: d,
        });
      }
    }
  });

  it("rolling with fewer than one day has no dates; without daysAhead it has no limit", () => {
    expect(bookingWindowDates({ mode: "rolling", daysAhead: 0 }, "2026-05-08")).toBeNull();
    expect(bookingWindowDates({ mode: "rolling", daysAhead: -3, unit: "weekdays" }, "2026-05-08")).toBeNull();
    expect(bookingWindowDates({ mode: "rolling" }, "2026-05-08")).toEqual({ start: "2026-05-08", end: null });
  });

  it("within is inclusive and never before today", () => {
    const within = { mode: "within" as const, withinStart: "2026-05-01", withinEnd: "2026-05-20" };
    expect(bookingWindowDates(within, "2026-04-01")).toEqual({ start: "2026-05-01", end: "2026-05-20" });
    expect(bookingWindowDates(within, "2026-05-10")).toEqual({ start: "2026-05-10", end: "2026-05-20" });
    expect(bookingWindowDates(within, "2026-05-20")).toEqual({ start: "2026-05-20", end: "2026-05-20" });
    expect(bookingWindowDates(within, "2026-05-21")).toBeNull();
    expect(bookingWindowDates({ mode: "within", withinEnd: "2026-05-20" }, "2026-05-02")?.start).toBe(
      "2026-05-02",
    );
    expect(bookingWindowDates({ mode: "within", withinStart: "2026-05-40" }, "2026-05-02")).toBeNull();
  });

  it("within with a start and no end is that one day (a same-day pick of the date range picker)", () => {
    const oneDay = { mode: "within" as const, withinStart: "2026-05-08" };
    expect(bookingWindowDates(oneDay, "2026-05-01")).toEqual({ start: "2026-05-08", end: "2026-05-08" });
    expect(bookingWindowDates(oneDay, "2026-05-08")).toEqual({ start: "2026-05-08", end: "2026-05-08" });
    expect(bookingWindowDates(oneDay, "2026-05-09")).toBeNull();
  });

  it("indefinite starts today with no end", () => {
    expect(bookingWindowDates({ mode: "indefinite", daysAhead: 3 }, "2026-05-08")).toEqual({
      start: "2026-05-08",
      end: null,
    });
  });

  it("refuses a bad today", () => {
    expect(() => bookingWindowDates({ mode: "indefinite" }, "2026-5-8")).toThrow(RangeError);
  });
});
