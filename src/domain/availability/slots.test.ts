import { describe, expect, it } from "vitest";
import { around, everyDay, query, slots, weekdaysOnly, z } from "./slots.fixtures.js";
import { computeSlots, mergeWindows } from "./slots.js";
import type { DaySchedule, TimeSlot } from "./types.js";

describe("computeSlots: rules", () => {
  const may = { from: z("2026-05-04T04:00:00Z"), to: z("2026-05-16T04:00:00Z") };
  const dates = (got: string[]) => [...new Set(got.map((s) => s.slice(0, 10)))];

  it("honours the minimum notice", () => {
    // 13:10Z is 9:10am EDT; with an hour of notice the first slot is 10:30am.
    const got = slots({ ...around("2026-05-04"), now: z("2026-05-04T13:10:00Z"), minimumNoticeMinutes: 60 });
    expect(got[0]).toBe("2026-05-04T14:30:00Z");
    expect(got).toHaveLength(13);
  });

  it("honours the maximum notice in 24-hour days", () => {
    const got = slots({ ...may, now: z("2026-05-04T15:00:00Z"), maximumNoticeDays: 2 });
    expect(got[0]).toBe("2026-05-04T15:00:00Z");
    expect(got[got.length - 1]).toBe("2026-05-06T14:30:00Z");
  });

  it("a rolling window ending on a DST day includes that whole day and nothing after", () => {
    const got = slots({
      from: z("2026-03-05T00:00:00Z"),
      to: z("2026-03-12T00:00:00Z"),
      now: z("2026-03-06T12:00:00Z"), // Friday 7:00am EST
      window: { mode: "rolling", daysAhead: 3, unit: "days" },
    });
    expect(dates(got)).toEqual(["2026-03-06", "2026-03-07", "2026-03-08"]);
    expect(got[got.length - 1]).toBe("2026-03-08T20:30:00Z");
  });

  it("a within window ending on the fall-back day", () => {
    const got = slots({
      from: z("2026-10-25T00:00:00Z"),
      to: z("2026-11-10T00:00:00Z"),
      now: z("2026-10-20T12:00:00Z"),
      window: { mode: "within", withinStart: "2026-10-31", withinEnd: "2026-11-01" },
    });
    expect(dates(got)).toEqual(["2026-10-31", "2026-11-01"]);
    expect(got).toHaveLength(32);
    expect(got[got.length - 1]).toBe("2026-11-01T21:30:00Z");
  });

  it("rolling weekdays skip the weekend without closing it", () => {
    const now = z("2026-05-08T12:00:00Z"); // Friday 8:00am EDT
    const window = { mode: "rolling" as const, daysAhead: 2, unit: "weekdays" as const };
    expect(dates(slots({ ...may, now, window, weekly: weekdaysOnly(["9:00am", "5:00pm"]) }))).toEqual([
      "2026-05-08",
      "2026-05-11",
    ]);
    expect(dates(slots({ ...may, now, window }))).toEqual([
      "2026-05-08",
      "2026-05-09",
      "2026-05-10",
      "2026-05-11",
    ]);
  });

  it("holidays and unavailable overrides remove a date; custom overrides replace its hours", () => {
    const got = slots({
      ...may,
      now: z("2026-05-01T00:00:00Z"),
      window: { mode: "within", withinStart: "2026-05-04", withinEnd: "2026-05-08" },
      holidays: ["2026-05-05"],
      overrides: [
        { date: "2026-05-06", isAvailable: false, timeSlots: [{ startTime: "9:00am", endTime: "5:00pm" }] },
        { date: "2026-05-07", isAvailable: true, timeSlots: [{ startTime: "7:00pm", endTime: "8:00pm" }] },
        { date: "2026-05-09", isAvailable: true, timeSlots: [{ startTime: "7:00pm", endTime: "8:00pm" }] },
      ],
    });
    expect(dates(got)).toEqual(["2026-05-04", "2026-05-07", "2026-05-08"]);
    expect(got.filter((s) => s.startsWith("2026-05-07") || s.startsWith("2026-05-08T0"))).toEqual([
      "2026-05-07T23:00:00Z",
      "2026-05-07T23:30:00Z",
    ]);
  });

  it("an override can open a day the week leaves closed", () => {
    const got = slots({
      ...around("2026-05-09"),
      weekly: weekdaysOnly(["9:00am", "5:00pm"]),
      overrides: [
        { date: "2026-05-09", isAvailable: true, timeSlots: [{ startTime: "10:00am", endTime: "11:00am" }] },
      ],
    });
    expect(got).toEqual(["2026-05-09T14:00:00Z", "2026-05-09T14:30:00Z"]);
  });

  it("keeps buffers around busy time", () => {
    const busy = [{ start: z("2026-05-04T14:00:00Z"), end: z("2026-05-04T14:30:00Z") }]; // 10:00-10:30 EDT
    const base = { ...around("2026-05-04"), busy, weekly: everyDay(["9:00am", "12:00pm"]) };
    expect(slots(base)).toEqual([
      "2026-05-04T13:00:00Z",
      "2026-05-04T13:30:00Z",
      "2026-05-04T14:30:00Z",
      "2026-05-04T15:00:00Z",
      "2026-05-04T15:30:00Z",
    ]);
    expect(slots({ ...base, bufferBeforeMinutes: 15, bufferAfterMinutes: 15 })).toEqual([
      "2026-05-04T13:00:00Z",
      "2026-05-04T15:00:00Z",
      "2026-05-04T15:30:00Z",
    ]);
    // Only the buffer after the meeting reaches back into busy time; a touching meeting is fine.
    expect(slots({ ...base, bufferAfterMinutes: 1 })).toEqual([
      "2026-05-04T13:00:00Z",
      "2026-05-04T14:30:00Z",
      "2026-05-04T15:00:00Z",
      "2026-05-04T15:30:00Z",
    ]);
  });

  it("busy intervals may come in any order and overlap", () => {
    const h = (hh: number, mm = 0) =>
      z(`2026-05-04T${String(hh).padStart(2, "0")}:${String(mm).padStart(2, "0")}:00Z`);
    const busy = [
      { start: h(15), end: h(16) },
      { start: h(13, 10), end: h(13, 20) },
      { start: h(15, 10), end: h(15, 20) }, // inside the one before it once sorted
      { start: h(18), end: h(18) }, // empty: ignored
      { start: h(14), end: h(15, 10) },
    ];
    expect(slots({ ...around("2026-05-04"), busy, weekly: everyDay(["9:00am", "1:00pm"]) })).toEqual([
      "2026-05-04T13:30:00Z",
      "2026-05-04T16:00:00Z",
      "2026-05-04T16:30:00Z",
    ]);
  });

  it("keeps a long busy interval whole when shorter ones sit inside it", () => {
    const busy = [
      { start: z("2026-05-04T13:00:00Z"), end: z("2026-05-04T17:00:00Z") },
      { start: z("2026-05-04T13:30:00Z"), end: z("2026-05-04T14:00:00Z") },
      { start: z("2026-05-04T14:30:00Z"), end: z("2026-05-04T15:00:00Z") },
    ];
    expect(slots({ ...around("2026-05-04"), busy, weekly: everyDay(["9:00am", "1:30pm"]) })).toEqual([
      "2026-05-04T17:00:00Z",
    ]);
  });

  it("fills group seats up to capacity and blocks other starts during a group meeting", () => {
    const ten = z("2026-05-04T14:00:00Z");
    const base = { ...around("2026-05-04"), weekly: everyDay(["9:00am", "11:30am"]), stepMinutes: 15 };
    const seats = (count: number) => ({ capacity: 3, taken: [{ start: ten, count }] });
    expect(slots({ ...base, seats: seats(2) })).toEqual([
      "2026-05-04T13:00:00Z",
      "2026-05-04T13:15:00Z",
      "2026-05-04T13:30:00Z",
      "2026-05-04T14:00:00Z",
      "2026-05-04T14:30:00Z",
      "2026-05-04T14:45:00Z",
      "2026-05-04T15:00:00Z",
    ]);
    expect(slots({ ...base, seats: seats(3) })).not.toContain("2026-05-04T14:00:00Z");
    expect(slots({ ...base, seats: seats(0) })).toHaveLength(9);
    // Two entries at one start add up.
    const split = {
      capacity: 3,
      taken: [
        { start: ten, count: 1 },
        { start: ten, count: 2 },
      ],
    };
    expect(slots({ ...base, seats: split })).not.toContain("2026-05-04T14:00:00Z");
  });

  it("merges touching and overlapping windows so a meeting can span them", () => {
    const got = slots({
      ...around("2026-05-04"),
      weekly: everyDay(["1:00pm", "3:00pm"], ["12:00pm", "1:00pm"], ["2:00pm", "2:30pm"]),
      durationMinutes: 60,
      stepMinutes: 30,
    });
    expect(got).toEqual([
      "2026-05-04T16:00:00Z",
      "2026-05-04T16:30:00Z",
      "2026-05-04T17:00:00Z",
      "2026-05-04T17:30:00Z",
      "2026-05-04T18:00:00Z",
    ]);
    expect(
      mergeWindows([
        { startTime: "1:00pm", endTime: "12:00am" },
        { startTime: "bad", endTime: "1:00pm" },
      ]),
    ).toEqual([[780, 1440]]);
  });

  it("runs a window to midnight with 12:00am as its end", () => {
    const got = slots({
      ...around("2026-05-04"),
      weekly: everyDay(["10:00pm", "12:00am"]),
      durationMinutes: 60,
    });
    expect(got).toEqual(["2026-05-05T02:00:00Z", "2026-05-05T03:00:00Z"]);
  });

  it("returns starts in [from, to) only", () => {
    const got = slots({ from: z("2026-05-04T13:30:00Z"), to: z("2026-05-04T14:30:00Z") });
    expect(got).toEqual(["2026-05-04T13:30:00Z", "2026-05-04T14:00:00Z"]);
  });

  it("gives nothing for a bad duration or step, an empty range or no working days", () => {
    expect(slots({ ...may, durationMinutes: 0 })).toEqual([]);
    expect(slots({ ...may, stepMinutes: -5 })).toEqual([]);
    expect(slots({ ...may, durationMinutes: Number.NaN })).toEqual([]);
    expect(slots({ from: may.to, to: may.from })).toEqual([]);
    const closed: DaySchedule[] = everyDay().map((d) => ({ ...d, isAvailable: false }));
    expect(slots({ ...may, weekly: closed })).toEqual([]);
    expect(slots({ ...may, weekly: [] })).toEqual([]);
    const inverted: TimeSlot[] = [{ startTime: "5:00pm", endTime: "9:00am" }];
    expect(slots({ ...may, weekly: everyDay().map((d) => ({ ...d, timeSlots: inverted })) })).toEqual([]);
  });

  it("refuses an unknown zone and a range without an end", () => {
    expect(() => computeSlots(query({ ...may, timeZone: "Mars/Olympus" }))).toThrow(RangeError);
    expect(() => computeSlots(query({ from: may.from, to: Number.POSITIVE_INFINITY }))).toThrow(RangeError);
    const bounded = query({
      from: may.from,
      to: Number.POSITIVE_INFINITY,
      maximumNoticeDays: 1,
      now: may.from,
    });
    expect(computeSlots(bounded)).toHaveLength(16);
  });
});
