import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeSeries, expandOccurrences, RECURRENCE_FREQUENCIES, rruleOf } from "./recurrence.js";

const iso = (ms: number) => new Date(ms).toISOString().replace(".000Z", "Z");
const expand = (start: string, zone: string, f: "weekly" | "biweekly" | "monthly", n: number) =>
  expandOccurrences(Date.parse(start), zone, f, n).map(iso);

describe("recurrence expansion", () => {
  it("keeps 9:00 New York at 9:00 across the March change (the UTC time moves an hour)", () => {
    // Monday 2 March 2026 9:00 EST; clocks go forward on Sunday 8 March.
    expect(expand("2026-03-02T14:00:00Z", "America/New_York", "weekly", 3)).toEqual([
      "2026-03-02T14:00:00Z",
      "2026-03-09T13:00:00Z",
      "2026-03-16T13:00:00Z",
    ]);
  });

  it("keeps the wall time when the clocks go back, every two weeks", () => {
    // Thursday 22 October 2026 10:30 in London (BST), then 5 November (GMT).
    expect(expand("2026-10-22T09:30:00Z", "Europe/London", "biweekly", 2)).toEqual([
      "2026-10-22T09:30:00Z",
      "2026-11-05T10:30:00Z",
    ]);
  });

  it("repeats the day of the month, skipping months without it (RFC 5545)", () => {
    // 31 January 2027 9:00 in Tokyo: February, April and June have no 31st.
    expect(expand("2027-01-31T00:00:00Z", "Asia/Tokyo", "monthly", 4)).toEqual([
      "2027-01-31T00:00:00Z",
      "2027-03-31T00:00:00Z",
      "2027-05-31T00:00:00Z",
      "2027-07-31T00:00:00Z",
    ]);
  });

  it("moves a wall time the clocks skip later by the gap, as calendar apps do", () => {
    // 2:30 New York on Sunday 1 March 2026 (EST); on 8 March 2:30 does not exist: 3:30 EDT.
    expect(expand("2026-03-01T07:30:00Z", "America/New_York", "weekly", 2)).toEqual([
      "2026-03-01T07:30:00Z",
      "2026-03-08T07:30:00Z",
    ]);
    // 1:30 on 25 October 2026 New York is once; on 1 November it is twice: the first (EDT).
    expect(expand("2026-10-25T05:30:00Z", "America/New_York", "weekly", 2)[1]).toBe("2026-11-01T05:30:00Z");
  });

  it("writes RRULEs and words", () => {
    expect(rruleOf("weekly", 6)).toBe("FREQ=WEEKLY;INTERVAL=1;COUNT=6");
    expect(rruleOf("biweekly", 3)).toBe("FREQ=WEEKLY;INTERVAL=2;COUNT=3");
    expect(rruleOf("monthly", 12)).toBe("FREQ=MONTHLY;COUNT=12");
    expect(describeSeries("weekly", 6)).toBe("Every week for 6 occurrences");
    expect(describeSeries("biweekly", 1)).toBe("Every 2 weeks for 1 occurrence");
  });

  it("refuses a count below one", () => {
    expect(() => expandOccurrences(0, "UTC", "weekly", 0)).toThrow(RangeError);
  });
});

// Property tests. The reference reads wall times with Intl (not Temporal, which the code uses).
const ZONES = [
  "America/New_York",
  "Europe/London",
  "Australia/Sydney",
  "Australia/Lord_Howe",
  "Pacific/Chatham",
  "America/Santiago",
  "Asia/Kathmandu",
  "America/St_Johns",
];
const formatters = new Map<string, Intl.DateTimeFormat>();
function wallOf(ms: number, zone: string) {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    formatters.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, Number(x.value)]));
  return { y: p.year, m: p.month, d: p.day, minutes: p.hour * 60 + p.minute };
}
const epochDay = (w: { y: number; m: number; d: number }) => Date.UTC(w.y, w.m - 1, w.d) / 86_400_000;
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

const startArb = fc
  .integer({
    min: Date.parse("2024-01-01T00:00:00Z") / 60_000,
    max: Date.parse("2034-01-01T00:00:00Z") / 60_000,
  })
  .map((minute) => minute * 60_000);
const caseArb = fc.record({
  start: startArb,
  zone: fc.constantFrom(...ZONES),
  frequency: fc.constantFrom(...RECURRENCE_FREQUENCIES),
  count: fc.integer({ min: 1, max: 24 }),
});

describe("recurrence expansion, properties in 8 zones", () => {
  it("gives count increasing starts, the first the start itself", () => {
    fc.assert(
      fc.property(caseArb, ({ start, zone, frequency, count }) => {
        const out = expandOccurrences(start, zone, frequency, count);
        expect(out.length).toBe(count);
        expect(out[0]).toBe(start);
        for (let i = 1; i < out.length; i++) expect(out[i]).toBeGreaterThan(out[i - 1]);
      }),
      { numRuns: 400 },
    );
  });

  it("keeps the local wall time, except a time the clocks skip, which moves later by under 2 hours", () => {
    fc.assert(
      fc.property(caseArb, ({ start, zone, frequency, count }) => {
        const first = wallOf(start, zone);
        for (const t of expandOccurrences(start, zone, frequency, count)) {
          const w = wallOf(t, zone);
          if (w.minutes === first.minutes) continue;
          // Skipped: the wall time read back is later the same day (Lord Howe's gap is 30 minutes).
          const shift = w.minutes - first.minutes;
          expect(shift).toBeGreaterThan(0);
          expect(shift).toBeLessThanOrEqual(120);
          // ...and the intended wall time really does not exist: an hour earlier reads differently.
          const before = wallOf(t - shift * 60_000, zone);
          expect(before.minutes).not.toBe(first.minutes);
        }
      }),
      { numRuns: 400 },
    );
  });

  it("steps 7 or 14 local days, or to the same day of a later month with that day", () => {
    fc.assert(
      fc.property(caseArb, ({ start, zone, frequency, count }) => {
        const out = expandOccurrences(start, zone, frequency, count).map((t) => wallOf(t, zone));
        for (let i = 1; i < out.length; i++) {
          const [a, b] = [out[i - 1], out[i]];
          if (frequency !== "monthly") {
            expect(epochDay(b) - epochDay(a)).toBe(frequency === "weekly" ? 7 : 14);
            continue;
          }
          expect(b.d).toBe(out[0].d);
          // Every month strictly between a and b lacks the day (it was skipped).
          const months = (b.y - a.y) * 12 + (b.m - a.m);
          expect(months).toBeGreaterThanOrEqual(1);
          for (let k = 1; k < months; k++) {
            const mi = a.m - 1 + k;
            expect(daysIn(a.y + Math.floor(mi / 12), (mi % 12) + 1)).toBeLessThan(out[0].d);
          }
        }
      }),
      { numRuns: 400 },
    );
  });
});
