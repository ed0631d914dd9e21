import fc from "fast-check";
import { Temporal } from "temporal-polyfill";
import { describe, expect, it } from "vitest";
import { formatTimeLabel } from "../time-labels.js";
import { computeSlots } from "./slots.js";
import { hostsFreeAt, slotsAllOf, slotsAnyOf } from "./team-slots.js";
import { type DaySchedule, type SlotQuery, WEEKDAYS } from "./types.js";

const ZONES = [
  "Asia/Kathmandu",
  "Pacific/Chatham",
  "America/Santiago",
  "Australia/Lord_Howe",
  "America/New_York",
  "Europe/London",
  "UTC",
  "America/St_Johns",
];
const MIN = 60_000;
const HOUR = 3_600_000;
// A month around Europe's and North America's autumn clock changes.
const FROM = Date.parse("2026-10-20T00:00:00Z");
const TO = Date.parse("2026-11-05T00:00:00Z");

/** Per weekday, zero to two windows on whole hours inside the day (end at most 11pm). */
const weekArb = fc
  .array(
    fc.array(
      fc.tuple(fc.integer({ min: 0, max: 22 }), fc.integer({ min: 1, max: 8 })).map(([s, len]) => ({
        start: s * 60,
        end: Math.min(23 * 60, s * 60 + len * 60),
      })),
      { maxLength: 2 },
    ),
    { minLength: 7, maxLength: 7 },
  )
  .map((days): DaySchedule[] =>
    days.map((windows, i) => ({
      day: WEEKDAYS[i],
      dayCode: WEEKDAYS[i][0].toUpperCase(),
      isAvailable: windows.length > 0,
      timeSlots: windows.map((w) => ({
        startTime: formatTimeLabel(w.start),
        endTime: formatTimeLabel(w.end),
      })),
    })),
  );

const busyArb = fc.array(
  fc
    .tuple(fc.integer({ min: 0, max: (TO - FROM) / (15 * MIN) }), fc.integer({ min: 1, max: 16 }))
    .map(([at, len]) => ({ start: FROM + at * 15 * MIN, end: FROM + (at + len) * 15 * MIN })),
  { maxLength: 12 },
);

const hostArb = fc.record({ timeZone: fc.constantFrom(...ZONES), weekly: weekArb, busy: busyArb });

const teamArb = fc.record({
  hosts: fc.array(hostArb, { minLength: 1, maxLength: 4 }),
  duration: fc.constantFrom(15, 30, 45, 60),
  buffer: fc.constantFrom(0, 10),
});

type Team = typeof teamArb extends fc.Arbitrary<infer T> ? T : never;

function queries(team: Team): SlotQuery[] {
  return team.hosts.map((h) => ({
    timeZone: h.timeZone,
    weekly: h.weekly,
    overrides: [],
    holidays: [],
    durationMinutes: team.duration,
    stepMinutes: 15,
    bufferBeforeMinutes: team.buffer,
    bufferAfterMinutes: team.buffer,
    minimumNoticeMinutes: 0,
    window: { mode: "indefinite" },
    busy: h.busy,
    now: FROM,
    from: FROM,
    to: TO,
  }));
}

/** Whether [t, t + duration) lies inside one of the host's weekly windows on the host's wall clock. */
function insideHours(q: SlotQuery, t: number): boolean {
  const wall = Temporal.Instant.fromEpochMilliseconds(t).toZonedDateTimeISO(q.timeZone);
  const day = q.weekly.find((d) => d.day === WEEKDAYS[wall.dayOfWeek % 7]);
  if (!day?.isAvailable) return false;
  const minute = wall.hour * 60 + wall.minute;
  return mergedWindows(day.timeSlots.map((s) => [label(s.startTime), label(s.endTime)])).some(
    ([start, end]) => {
      // The window's end instant; a label the clocks show twice or skip is read at its latest instant.
      const endInstant = wall
        .toPlainDate()
        .toPlainDateTime({ hour: Math.floor(end / 60), minute: end % 60 })
        .toZonedDateTime(q.timeZone, { disambiguation: "later" }).epochMilliseconds;
      return minute >= start && minute < end && t + q.durationMinutes * MIN <= endInstant;
    },
  );
}

/** Windows that touch or overlap are one working stretch (a meeting may run across the seam). */
function mergedWindows(windows: number[][]): number[][] {
  const out: number[][] = [];
  for (const [s, e] of [...windows].sort((a, b) => a[0] - b[0])) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

function label(text: string): number {
  const m = /^(\d{1,2}):(\d{2})(am|pm)$/.exec(text);
  if (!m) throw new Error(text);
  return ((Number(m[1]) % 12) + (m[3] === "pm" ? 12 : 0)) * 60 + Number(m[2]);
}

function isFree(q: SlotQuery, t: number): boolean {
  const a = t - q.bufferBeforeMinutes * MIN;
  const b = t + (q.durationMinutes + q.bufferAfterMinutes) * MIN;
  return q.busy.every((x) => x.end <= a || x.start >= b);
}

describe("slots of several hosts", () => {
  it("collective: every offered slot is a slot of every host, inside their hours and free", () => {
    fc.assert(
      fc.property(teamArb, (team) => {
        const qs = queries(team);
        const all = slotsAllOf(qs);
        for (const t of all) {
          for (const q of qs) {
            expect(insideHours(q, t)).toBe(true);
            expect(isFree(q, t)).toBe(true);
          }
        }
        // And it is the whole intersection.
        const lists = qs.map((q) => new Set(computeSlots(q)));
        const expected = [...lists[0]].filter((t) => lists.every((l) => l.has(t))).sort((a, b) => a - b);
        expect(all).toEqual(expected);
      }),
      { numRuns: 60 },
    );
  });

  it("round robin: every offered slot is free and inside the hours of at least one host; every host slot is offered", () => {
    fc.assert(
      fc.property(teamArb, (team) => {
        const qs = queries(team);
        const any = slotsAnyOf(qs);
        expect([...any].sort((a, b) => a - b)).toEqual(any);
        expect(new Set(any).size).toBe(any.length);
        for (const t of any) {
          expect(qs.some((q) => insideHours(q, t) && isFree(q, t))).toBe(true);
        }
        const offered = new Set(any);
        for (const q of qs) for (const t of computeSlots(q)) expect(offered.has(t)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it("the hosts free at a round-robin slot are exactly those whose own slots hold it", () => {
    fc.assert(
      fc.property(teamArb, fc.nat(), (team, pick) => {
        const qs = queries(team);
        const any = slotsAnyOf(qs);
        if (any.length === 0) return;
        const t = any[pick % any.length];
        const free = hostsFreeAt(
          qs.map((query, host) => ({ host, query })),
          t,
        );
        expect(free.length).toBeGreaterThan(0);
        qs.forEach((q, i) => {
          expect(free.includes(i)).toBe(computeSlots(q).includes(t));
        });
      }),
      { numRuns: 60 },
    );
  });

  it("a host busy all range long offers nothing collectively, and adds nothing to a round robin", () => {
    fc.assert(
      fc.property(teamArb, (team) => {
        const qs = queries(team);
        const blocked = { ...qs[0], busy: [{ start: FROM - 24 * HOUR, end: TO + 24 * HOUR }] };
        expect(slotsAllOf([blocked, ...qs.slice(1)])).toEqual([]);
        expect(slotsAnyOf([blocked, ...qs.slice(1)])).toEqual(slotsAnyOf(qs.slice(1)));
      }),
      { numRuns: 40 },
    );
  });
});
