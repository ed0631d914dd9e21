import { describe, expect, it } from "vitest";
import { hostsFreeAt, slotsAllOf, slotsAnyOf } from "./team-slots.js";
import { type DaySchedule, type SlotQuery, WEEKDAYS } from "./types.js";

/** Weekly hours: the same windows on the given weekdays (0 = Sunday). */
function week(windows: [string, string][], days = [1, 2, 3, 4, 5]): DaySchedule[] {
  return WEEKDAYS.map((day, i) => ({
    day,
    dayCode: day[0].toUpperCase(),
    isAvailable: days.includes(i),
    timeSlots: days.includes(i) ? windows.map(([startTime, endTime]) => ({ startTime, endTime })) : [],
  }));
}

const NINE_TO_FIVE = week([["9:00am", "5:00pm"]]);

function host(timeZone: string, date: string, duration: number, weekly = NINE_TO_FIVE): SlotQuery {
  const from = Date.parse(`${date}T00:00:00Z`);
  return {
    timeZone,
    weekly,
    overrides: [],
    holidays: [],
    durationMinutes: duration,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    minimumNoticeMinutes: 0,
    window: { mode: "indefinite" },
    busy: [],
    now: Date.parse("2026-01-01T00:00:00Z"),
    from,
    to: from + 86_400_000,
  };
}

const iso = (list: number[]) => list.map((t) => new Date(t).toISOString().slice(11, 16));

describe("team slots across zones (issue 23)", () => {
  it("collective UTC + Berlin, 45 minutes: the common 09:00-16:00 UTC, from 09:00 every 45 minutes", () => {
    const qs = [host("UTC", "2026-12-15", 45), host("Europe/Berlin", "2026-12-15", 45)];
    const expected = ["09:00", "09:45", "10:30", "11:15", "12:00", "12:45", "13:30", "14:15", "15:00"];
    expect(iso(slotsAllOf(qs, "UTC"))).toEqual(expected);
    // The owner's zone lays the grid; here both zones start the common run at the same instant.
    expect(iso(slotsAllOf(qs, "Europe/Berlin"))).toEqual(expected);
  });

  it("collective UTC + Berlin, 50 minutes, in winter and in summer", () => {
    const winter = [host("UTC", "2026-12-15", 50), host("Europe/Berlin", "2026-12-15", 50)];
    expect(iso(slotsAllOf(winter, "UTC"))).toEqual([
      "09:00",
      "09:50",
      "10:40",
      "11:30",
      "12:20",
      "13:10",
      "14:00",
      "14:50",
    ]);
    // Berlin on CEST works 07:00-15:00 UTC.
    const summer = [host("UTC", "2027-07-15", 50), host("Europe/Berlin", "2027-07-15", 50)];
    expect(iso(slotsAllOf(summer, "UTC"))).toEqual([
      "09:00",
      "09:50",
      "10:40",
      "11:30",
      "12:20",
      "13:10",
      "14:00",
    ]);
  });

  it("collective UTC + Kolkata, 60 minutes: the common 09:00-11:30 UTC offers 09:00 and 10:00", () => {
    const qs = [host("UTC", "2026-12-15", 60), host("Asia/Kolkata", "2026-12-15", 60)];
    expect(iso(slotsAllOf(qs, "UTC"))).toEqual(["09:00", "10:00"]);
    expect(iso(slotsAllOf(qs, "Asia/Kolkata"))).toEqual(["09:00", "10:00"]);
  });

  it("round robin never mixes two hosts' grids: 9:00, 9:30, ... not 9:00, 9:15, 9:30, 9:45", () => {
    const early = host("UTC", "2026-12-15", 30);
    const late = host("UTC", "2026-12-15", 30, week([["9:15am", "5:15pm"]]));
    const offered = iso(slotsAnyOf([early, late], "UTC"));
    expect(offered.slice(0, 4)).toEqual(["09:00", "09:30", "10:00", "10:30"]);
    // The later host's own 16:45 is not on the grid; 16:30 is, and either host can take it.
    expect(offered.slice(-2)).toEqual(["16:00", "16:30"]);
    const hosts = [
      { host: "early", query: early },
      { host: "late", query: late },
    ];
    expect(hostsFreeAt(hosts, Date.parse("2026-12-15T16:30:00Z"))).toEqual(["early", "late"]);
    expect(hostsFreeAt(hosts, Date.parse("2026-12-15T09:00:00Z"))).toEqual(["early"]);
  });

  it("seats: a host whose group slot is full is not free then; the others still are", () => {
    const t = Date.parse("2026-12-15T10:30:00Z");
    const full = {
      ...host("UTC", "2026-12-15", 45),
      seats: { capacity: 2, taken: [{ start: t, count: 2 }] },
    };
    const open = { ...host("UTC", "2026-12-15", 45), seats: { capacity: 2, taken: [] } };
    const hosts = [
      { host: "full", query: full },
      { host: "open", query: open },
    ];
    expect(hostsFreeAt(hosts, t)).toEqual(["open"]);
    expect(slotsAnyOf([full, open], "UTC")).toContain(t);
    expect(slotsAllOf([full, open], "UTC")).not.toContain(t);
    expect(slotsAllOf([full, open], "UTC")).toContain(t + 45 * 60_000);
  });

  it("the grid keeps the owner's wall clock across a clock change: 9:00am St John's on both sides", () => {
    const allDay = week([["12:00am", "12:00am"]], [0, 1, 2, 3, 4, 5, 6]);
    const before = [host("America/St_Johns", "2026-10-30", 45), host("UTC", "2026-10-30", 45, allDay)];
    const after = [host("America/St_Johns", "2026-11-02", 45), host("UTC", "2026-11-02", 45, allDay)];
    // NDT (-2:30) until 2026-11-01, then NST (-3:30).
    expect(iso(slotsAllOf(before, "America/St_Johns")).slice(0, 2)).toEqual(["11:30", "12:15"]);
    expect(iso(slotsAllOf(after, "America/St_Johns")).slice(0, 2)).toEqual(["12:30", "13:15"]);
  });

  it("on the night the clocks go back, the grid steps wall-clock hours: a repeated label gives its earlier instant", () => {
    // Berlin, Sunday 2026-10-25: 3:00am CEST becomes 2:00am CET at 01:00 UTC.
    const allDay = week([["12:00am", "12:00am"]], [0]);
    const day = (zone: string) => ({
      ...host(zone, "2026-10-24", 60, allDay),
      to: Date.parse("2026-10-25T06:00:00Z"),
    });
    const qs = [day("Europe/Berlin"), day("Europe/Berlin")];
    // 0:00, 1:00, 2:00 (CEST) and 3:00 (CET): wall hours, so the last step is two real hours.
    expect(iso(slotsAnyOf(qs, "Europe/Berlin")).slice(0, 5)).toEqual([
      "22:00",
      "23:00",
      "00:00",
      "02:00",
      "03:00",
    ]);
  });
});
