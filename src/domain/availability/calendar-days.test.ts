import { Temporal } from "temporal-polyfill";
import { describe, expect, it } from "vitest";
import { daysFromCivil, formatDate, isValidDate, parseDate, weekdayIndex } from "./calendar-days.js";

describe("calendar days", () => {
  it("numbers days from 1970-01-01", () => {
    expect(parseDate("1970-01-01")).toBe(0);
    expect(parseDate("1969-12-31")).toBe(-1);
    expect(parseDate("2026-03-08")).toBe(20_520);
    expect(formatDate(20_520)).toBe("2026-03-08");
    expect(daysFromCivil(2000, 2, 29)).toBe(11_016);
  });

  it("agrees with Temporal over four centuries", () => {
    let d = Temporal.PlainDate.from("1900-01-01");
    for (let n = parseDate("1900-01-01") as number; d.year < 2300; n += 97, d = d.add({ days: 97 })) {
      expect(formatDate(n)).toBe(d.toString());
      expect(parseDate(d.toString())).toBe(n);
      expect(weekdayIndex(n)).toBe(d.dayOfWeek % 7);
    }
  });

  it.each([
    "2026-02-29",
    "2026-02-30",
    "2026-13-01",
    "2026-00-10",
    "2026-1-05",
    "20260305",
    "2026-03-08T00:00",
    "",
  ])("refuses %j", (date) => expect(isValidDate(date)).toBe(false));

  it("accepts leap days", () => {
    expect(isValidDate("2028-02-29")).toBe(true);
    expect(isValidDate("2000-02-29")).toBe(true);
    expect(isValidDate("2100-02-29")).toBe(false);
  });

  it("knows the weekday, Sunday = 0", () => {
    expect(weekdayIndex(parseDate("2026-03-08") as number)).toBe(0);
    expect(weekdayIndex(parseDate("2026-05-09") as number)).toBe(6);
    expect(weekdayIndex(-1)).toBe(3);
  });
});
