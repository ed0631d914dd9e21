import { Temporal } from "temporal-polyfill";
import { describe, expect, it } from "vitest";
import { ZoneOffsets } from "./zone-offsets.js";

const ZONES = [
  "America/New_York",
  "America/Santiago",
  "Australia/Lord_Howe",
  "Pacific/Chatham",
  "Asia/Kathmandu",
  "Europe/London",
  "America/St_Johns",
  "UTC",
];
const HOUR = 3_600_000;

describe("ZoneOffsets", () => {
  it.each(ZONES)("gives Temporal's offset through 2026 in %s", (zone) => {
    const from = Date.UTC(2025, 11, 1);
    const to = Date.UTC(2027, 0, 31);
    const z = new ZoneOffsets(zone, from, to);
    // A 4.5-hour stride drifts through the times of day and is cheap enough for Temporal.
    for (let t = from; t < to; t += 4.5 * HOUR) {
      const expected =
        Temporal.Instant.fromEpochMilliseconds(t).toZonedDateTimeISO(zone).offsetNanoseconds / 1e6;
      if (z.offsetAt(t) !== expected)
        expect([zone, new Date(t).toISOString(), z.offsetAt(t)]).toEqual(expected);
    }
  });

  it("converts wall times around New York's changes", () => {
    const z = new ZoneOffsets("America/New_York", Date.UTC(2026, 0, 1), Date.UTC(2026, 11, 31));
    const wall = (iso: string) => Date.parse(`${iso}Z`);
    expect(new Date(z.toInstant(wall("2026-03-08T01:30"), "skip")).toISOString()).toBe(
      "2026-03-08T06:30:00.000Z",
    );
    expect(z.toInstant(wall("2026-03-08T02:00"), "skip")).toBeNaN();
    expect(z.toInstant(wall("2026-03-08T02:59"), "skip")).toBeNaN();
    expect(new Date(z.toInstant(wall("2026-03-08T02:30"), "transition")).toISOString()).toBe(
      "2026-03-08T07:00:00.000Z",
    );
    expect(new Date(z.toInstant(wall("2026-03-08T03:00"), "skip")).toISOString()).toBe(
      "2026-03-08T07:00:00.000Z",
    );
    // Repeated 1:00-1:59 on 2026-11-01: the earlier (EDT) instant.
    expect(new Date(z.toInstant(wall("2026-11-01T01:30"), "skip")).toISOString()).toBe(
      "2026-11-01T05:30:00.000Z",
    );
    expect(new Date(z.toInstant(wall("2026-11-01T02:00"), "skip")).toISOString()).toBe(
      "2026-11-01T07:00:00.000Z",
    );
    expect(new Date(z.toInstant(wall("2026-11-01T00:59"), "skip")).toISOString()).toBe(
      "2026-11-01T04:59:00.000Z",
    );
  });

  it("agrees with Temporal's 'earlier' for every quarter hour around the changes of 2026", () => {
    for (const zone of ZONES) {
      const z = new ZoneOffsets(zone, Date.UTC(2025, 11, 1), Date.UTC(2027, 0, 31));
      let zdt = Temporal.ZonedDateTime.from({ timeZone: zone, year: 2026, month: 1, day: 1 });
      for (;;) {
        const next = zdt.getTimeZoneTransition("next");
        if (!next || next.year > 2026) break;
        zdt = next;
        const day = next.toPlainDate().subtract({ days: 1 });
        // From 6:00pm the day before to 6:00am the day after: every change of 2026 lies inside.
        for (let m = 1080; m < 2 * 1440 + 360; m += 15) {
          const pdt = day.toPlainDateTime().add({ minutes: m });
          const earlier = pdt.toZonedDateTime(zone, { disambiguation: "earlier" });
          const exists = earlier.toPlainDateTime().equals(pdt);
          const wall = Date.parse(`${pdt.toString()}Z`);
          const got = z.toInstant(wall, "skip");
          if (exists) expect(got).toBe(earlier.epochMilliseconds);
          else {
            expect(got).toBeNaN();
            expect(z.toInstant(wall, "transition")).toBe(next.epochMilliseconds);
          }
        }
      }
    }
  });

  it("refuses an unknown zone", () => {
    expect(() => new ZoneOffsets("Mars/Olympus", 0, 0)).toThrow(RangeError);
  });
});
