import { describe, expect, it } from "vitest";
import { type LimitRow, limitReached, periodRange } from "./booking-limits.js";

const iso = (ms: number) => new Date(ms).toISOString();

describe("booking limit periods", () => {
  it("are the host's day, week (from their week start) and month, across a clock change", () => {
    // Sunday 1 November 2026, New York falls back: a 25-hour day.
    const t = Date.parse("2026-11-01T15:00:00Z");
    const day = periodRange("day", t, "America/New_York", "sunday");
    expect([iso(day.from), iso(day.to)]).toEqual(["2026-11-01T04:00:00.000Z", "2026-11-02T05:00:00.000Z"]);
    const sunday = periodRange("week", t, "America/New_York", "sunday");
    expect(iso(sunday.from)).toBe("2026-11-01T04:00:00.000Z");
    const monday = periodRange("week", t, "America/New_York", "monday");
    expect([iso(monday.from), iso(monday.to)]).toEqual([
      "2026-10-26T04:00:00.000Z",
      "2026-11-02T05:00:00.000Z",
    ]);
    // Tuesday 1 December 09:00 in Tokyo is 30 November in UTC, and December in Tokyo.
    const month = periodRange("month", Date.parse("2026-12-01T00:00:00Z"), "Asia/Tokyo", "monday");
    expect([iso(month.from), iso(month.to)]).toEqual([
      "2026-11-30T15:00:00.000Z",
      "2026-12-31T15:00:00.000Z",
    ]);
  });

  it("counts bookings of the event type and of the host, and minutes", () => {
    const rows: LimitRow[] = [
      [Date.parse("2026-10-29T09:00:00Z"), 30, "a", "1"],
      [Date.parse("2026-10-29T11:00:00Z"), 60, "b", "2"],
      [Date.parse("2026-10-30T09:00:00Z"), 30, "a", "3"],
    ];
    const at = Date.parse("2026-10-29T14:00:00Z");
    const rules = { eventTypeId: "a", zone: "UTC", weekStart: "sunday" as const, duration: 30 };
    expect(limitReached(rows, at, { ...rules, eventType: { perDay: 2 }, host: {} })).toBeNull();
    expect(limitReached(rows, at, { ...rules, eventType: { perDay: 1 }, host: {} })).toBe("perDay");
    expect(limitReached(rows, at, { ...rules, eventType: {}, host: { perDay: 2 } })).toBe("perDay");
    expect(limitReached(rows, at, { ...rules, eventType: {}, host: { minutesPerDay: 100 } })).toBe(
      "minutesPerDay",
    );
    expect(
      limitReached(rows, at, { ...rules, eventType: {}, host: { minutesPerDay: 100, perWeek: null } }),
    ).toBe("minutesPerDay");
    expect(limitReached(rows, at, { ...rules, eventType: { perWeek: 3 }, host: {} })).toBeNull();
  });
});
