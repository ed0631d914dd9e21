import { Temporal } from "temporal-polyfill";
import { describe, expect, it } from "vitest";
import { daysWithSlots, groupByLocalDate, isoInstant, localDateRange, slotsForLocalDate } from "./present.js";
import { type DaySchedule, type SlotQuery, WEEKDAYS } from "./types.js";

const z = (iso: string) => Date.parse(iso);

const weekdays9to5: DaySchedule[] = WEEKDAYS.map((day, i) => ({
  day,
  dayCode: day[0].toUpperCase(),
  isAvailable: i >= 1 && i <= 5,
  timeSlots: i >= 1 && i <= 5 ? [{ startTime: "9:00am", endTime: "5:00pm" }] : [],
}));

const base: Omit<SlotQuery, "from" | "to"> = {
  timeZone: "America/New_York",
  weekly: weekdays9to5,
  overrides: [],
  holidays: [],
  durationMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minimumNoticeMinutes: 0,
  window: { mode: "indefinite" },
  busy: [],
  now: z("2026-05-01T00:00:00Z"),
};

describe("localDateRange", () => {
  it("spans 23, 24 or 25 hours", () => {
    const span = (date: string, zone: string) => {
      const r = localDateRange(date, zone);
      return [isoInstant(r.from), (r.to - r.from) / 3_600_000];
    };
    expect(span("2026-03-08", "America/New_York")).toEqual(["2026-03-08T05:00:00Z", 23]);
    expect(span("2026-11-01", "America/New_York")).toEqual(["2026-11-01T04:00:00Z", 25]);
    expect(span("2026-05-04", "Asia/Kathmandu")).toEqual(["2026-05-03T18:15:00Z", 24]);
    // Santiago's day starts at 1:00am when midnight is skipped.
    expect(span("2026-09-06", "America/Santiago")).toEqual(["2026-09-06T04:00:00Z", 23]);
    expect(span("2026-04-05", "Australia/Lord_Howe")).toEqual(["2026-04-04T13:00:00Z", 24.5]);
  });

  it("starts each day where Temporal's startOfDay does, around every change of 2026", () => {
    for (const zone of [
      "America/Santiago",
      "America/Havana",
      "Asia/Beirut",
      "Australia/Lord_Howe",
      "Pacific/Chatham",
      "Europe/London",
    ]) {
      let zdt = Temporal.ZonedDateTime.from({ timeZone: zone, year: 2026, month: 1, day: 1 });
      for (;;) {
        const next = zdt.getTimeZoneTransition("next");
        if (!next || next.year > 2026) break;
        zdt = next;
        for (let d = -1; d <= 1; d++) {
          const date = next.toPlainDate().add({ days: d });
          expect(localDateRange(date.toString(), zone)).toEqual({
            from: date.toZonedDateTime(zone).epochMilliseconds,
            to: date.add({ days: 1 }).toZonedDateTime(zone).epochMilliseconds,
          });
        }
      }
    }
  });

  it("refuses a bad date or zone", () => {
    expect(() => localDateRange("2026-02-30", "UTC")).toThrow(RangeError);
    expect(() => localDateRange("2026-03-08T10:00", "UTC")).toThrow(RangeError);
    expect(() => localDateRange("2026-03-08", "Mars/Olympus")).toThrow(RangeError);
  });
});

describe("groupByLocalDate", () => {
  it("labels slots in the zone asked for and keeps the UTC instant", () => {
    const slots = [
      z("2026-11-01T04:30:00Z"),
      z("2026-11-01T05:30:00Z"),
      z("2026-11-01T06:30:00Z"),
      z("2026-11-02T14:00:00Z"),
    ];
    expect(Object.fromEntries(groupByLocalDate(slots, "America/New_York"))).toEqual({
      "2026-11-01": [
        { startTime: "12:30am", iso: "2026-11-01T04:30:00Z" },
        { startTime: "1:30am", iso: "2026-11-01T05:30:00Z" },
        { startTime: "1:30am", iso: "2026-11-01T06:30:00Z" },
      ],
      "2026-11-02": [{ startTime: "9:00am", iso: "2026-11-02T14:00:00Z" }],
    });
    expect(Object.fromEntries(groupByLocalDate(slots.slice(3), "Pacific/Chatham"))).toEqual({
      "2026-11-03": [{ startTime: "3:45am", iso: "2026-11-02T14:00:00Z" }],
    });
    expect(groupByLocalDate([], "UTC").size).toBe(0);
  });
});

describe("slotsForLocalDate", () => {
  it("collects a date of the invitee's zone from two host dates", () => {
    const got = slotsForLocalDate(base, "2026-05-05", "Asia/Kolkata");
    expect(got.map((s) => s.startTime)).toEqual([
      "12:00am",
      "12:30am",
      "1:00am",
      "1:30am",
      "2:00am",
      "6:30pm",
      "7:00pm",
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
    expect(got[0].iso).toBe("2026-05-04T18:30:00Z");
    expect(got[15].iso).toBe("2026-05-05T18:00:00Z");
  });

  it("gives the host's own day in the host's zone, and nothing on a day off", () => {
    const got = slotsForLocalDate(base, "2026-11-02", "America/New_York");
    expect(got).toHaveLength(16);
    expect(got[0]).toEqual({ startTime: "9:00am", iso: "2026-11-02T14:00:00Z" });
    expect(slotsForLocalDate(base, "2026-11-01", "America/New_York")).toEqual([]);
  });
});

describe("daysWithSlots", () => {
  it("lists the working dates of a month", () => {
    const got = daysWithSlots({ ...base, now: z("2026-05-13T12:00:00Z") }, "2026-05", "America/New_York");
    expect(got).toEqual([
      "2026-05-13",
      "2026-05-14",
      "2026-05-15",
      "2026-05-18",
      "2026-05-19",
      "2026-05-20",
      "2026-05-21",
      "2026-05-22",
      "2026-05-25",
      "2026-05-26",
      "2026-05-27",
      "2026-05-28",
      "2026-05-29",
    ]);
  });

  it("shifts dates into the invitee's zone, including the first of the next host month", () => {
    // 9:00am-5:00pm EDT is 10:00pm-6:00am the next day in Tokyo.
    const got = daysWithSlots({ ...base, now: z("2026-05-25T00:00:00Z") }, "2026-05", "Asia/Tokyo");
    expect(got).toEqual(["2026-05-25", "2026-05-26", "2026-05-27", "2026-05-28", "2026-05-29", "2026-05-30"]);
    const june = daysWithSlots({ ...base, now: z("2026-05-25T00:00:00Z") }, "2026-06", "Asia/Tokyo");
    expect(june[0]).toBe("2026-06-01");
  });

  it("refuses a bad month", () => {
    expect(() => daysWithSlots(base, "2026-13", "UTC")).toThrow(RangeError);
    expect(() => daysWithSlots(base, "2026-5", "UTC")).toThrow(RangeError);
  });
});
