import fc from "fast-check";
import { Temporal } from "temporal-polyfill";
import { describe, expect, it } from "vitest";
import { formatTimeLabel } from "../time-labels.js";
import { computeSlots } from "./slots.js";
import { hostsFreeAt, slotsAllOf, slotsAnyOf } from "./team-slots.js";
import { type DaySchedule, type SlotQuery, WEEKDAYS } from "./types.js";

/**
 * The team rule against a reference written with Temporal alone: hosts in zones a half hour or 45
 * minutes apart (and on different clock changes), durations of 15-90 minutes, one grid in the owner's
 * zone. The reference builds the grid by brute force: the runs where all (any) hosts work, scanned in
 * quarter hours (every window edge, zone offset and clock change here is on a quarter hour), cut at the
 * owner's midnights, then stepped on the owner's wall clock.
 */

const ZONES = [
  "Asia/Kolkata",
  "Asia/Kathmandu",
  "Australia/Adelaide",
  "America/St_Johns",
  "Europe/Berlin",
  "UTC",
];
const MIN = 60_000;
const QUARTER = 15 * MIN;
const DAY = 86_400_000;
/** Two weeks around clock changes: Adelaide's start of summer time, then Berlin's and St John's ends. */
const RANGES = [
  { from: Date.parse("2026-09-28T00:00:00Z"), to: Date.parse("2026-10-09T00:00:00Z") },
  { from: Date.parse("2026-10-22T00:00:00Z"), to: Date.parse("2026-11-04T00:00:00Z") },
  { from: Date.parse("2026-03-26T00:00:00Z"), to: Date.parse("2026-04-07T00:00:00Z") },
];

/** Per weekday, zero to two windows on quarter hours; an end may be midnight ('12:00am'). */
const weekArb = fc
  .array(
    fc.array(
      fc.tuple(fc.integer({ min: 0, max: 95 }), fc.integer({ min: 1, max: 40 })).map(([s, len]) => ({
        start: s * 15,
        end: Math.min(1440, (s + len) * 15),
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

/** Busy stretches on five-minute steps from the range's start (not on anyone's grid). */
const busyArb = fc.array(
  fc
    .tuple(fc.integer({ min: 0, max: (14 * DAY) / (5 * MIN) }), fc.integer({ min: 1, max: 30 }))
    .map(([at, len]) => ({ start: at * 5 * MIN, end: (at + len) * 5 * MIN })),
  { maxLength: 10 },
);

const hostArb = fc.record({
  timeZone: fc.constantFrom(...ZONES),
  weekly: weekArb,
  busy: busyArb,
  holiday: fc.option(fc.integer({ min: 0, max: 13 })),
});

const teamArb = fc.record({
  hosts: fc.array(hostArb, { minLength: 2, maxLength: 3 }),
  owner: fc.constantFrom(...ZONES),
  range: fc.constantFrom(...RANGES),
  duration: fc.integer({ min: 15, max: 90 }),
  buffer: fc.constantFrom(0, 10),
  noticeMinutes: fc.constantFrom(0, 95),
});

type Team = typeof teamArb extends fc.Arbitrary<infer T> ? T : never;

function queries(team: Team): SlotQuery[] {
  const { from, to } = team.range;
  return team.hosts.map((h) => ({
    timeZone: h.timeZone,
    weekly: h.weekly,
    overrides: [],
    holidays: h.holiday === null ? [] : [new Date(from + h.holiday * DAY).toISOString().slice(0, 10)],
    durationMinutes: team.duration,
    bufferBeforeMinutes: team.buffer,
    bufferAfterMinutes: team.buffer,
    minimumNoticeMinutes: team.noticeMinutes,
    window: { mode: "indefinite" },
    busy: h.busy.map((b) => ({ start: from + b.start, end: from + b.end })),
    now: from,
    from,
    to,
  }));
}

/** The first instant whose wall clock shows `minutes` after the local midnight of `date` (or later). */
function wallInstant(date: Temporal.PlainDate, minutes: number, zone: string): number {
  const wall = date.toPlainDateTime().add({ minutes });
  const earlier = wall.toZonedDateTime(zone, { disambiguation: "earlier" });
  if (earlier.toPlainDateTime().equals(wall)) return earlier.epochMilliseconds;
  // A skipped wall time: the clocks jump past it at the next transition.
  const jump = earlier.getTimeZoneTransition("next");
  if (!jump) throw new Error("no transition");
  return jump.epochMilliseconds;
}

function label(text: string): number {
  const m = /^(\d{1,2}):(\d{2})(am|pm)$/.exec(text);
  if (!m) throw new Error(text);
  return ((Number(m[1]) % 12) + (m[3] === "pm" ? 12 : 0)) * 60 + Number(m[2]);
}

/** A host's windows as instants over the range and two days around it, one list per local date. */
function hostWindows(q: SlotQuery): [number, number][] {
  const out: [number, number][] = [];
  const first = Temporal.Instant.fromEpochMilliseconds(q.from - 2 * DAY).toZonedDateTimeISO(q.timeZone);
  const last = Temporal.Instant.fromEpochMilliseconds(q.to + 2 * DAY).toZonedDateTimeISO(q.timeZone);
  for (
    let d = first.toPlainDate();
    Temporal.PlainDate.compare(d, last.toPlainDate()) <= 0;
    d = d.add({ days: 1 })
  ) {
    if (q.holidays.includes(d.toString())) continue;
    const day = q.weekly.find((w) => w.day === WEEKDAYS[d.dayOfWeek % 7]);
    if (!day?.isAvailable) continue;
    const merged: number[][] = [];
    const spans = day.timeSlots.map((s) => [label(s.startTime), label(s.endTime) || 1440]);
    for (const [s, e] of spans.sort((a, b) => a[0] - b[0])) {
      const prev = merged[merged.length - 1];
      if (prev && s <= prev[1]) prev[1] = Math.max(prev[1], e);
      else merged.push([s, e]);
    }
    for (const [s, e] of merged) out.push([wallInstant(d, s, q.timeZone), wallInstant(d, e, q.timeZone)]);
  }
  return out;
}

/** Whether the host can hold [t, t + duration): inside one window, clear of busy time with buffers, after notice. */
function hostFree(q: SlotQuery, windows: [number, number][], t: number): boolean {
  const d = q.durationMinutes * MIN;
  if (t < Math.max(q.from, q.now + q.minimumNoticeMinutes * MIN) || t >= q.to) return false;
  if (!windows.some(([s, e]) => s <= t && t + d <= e)) return false;
  const a = t - q.bufferBeforeMinutes * MIN;
  const b = t + d + q.bufferAfterMinutes * MIN;
  return q.busy.every((x) => x.end <= a || x.start >= b);
}

/** The reference grid: runs where all (any) hosts work, cut at the owner's midnights, stepped on the owner's clock. */
function referenceGrid(qs: SlotQuery[], all: boolean, owner: string): number[] {
  const windows = qs.map(hostWindows);
  const working = (x: number, w: [number, number][]) => w.some(([s, e]) => s <= x && x < e);
  const { from, to } = qs[0];
  const localDate = (x: number) =>
    Temporal.Instant.fromEpochMilliseconds(x).toZonedDateTimeISO(owner).toPlainDate();
  const runs: [number, number][] = [];
  for (let x = from - DAY; x < to + DAY; x += QUARTER) {
    const member = all ? windows.every((w) => working(x, w)) : windows.some((w) => working(x, w));
    if (!member) continue;
    const last = runs[runs.length - 1];
    // Joined when contiguous and on the same local date of the owner.
    if (last && last[1] === x && localDate(x).equals(localDate(last[0]))) last[1] = x + QUARTER;
    else runs.push([x, x + QUARTER]);
  }
  const grid: number[] = [];
  for (const [start, end] of runs) {
    const first = Temporal.Instant.fromEpochMilliseconds(start).toZonedDateTimeISO(owner).toPlainDateTime();
    for (let k = 0; ; k++) {
      const wall = first.add({ minutes: k * qs[0].durationMinutes });
      const zdt = wall.toZonedDateTime(owner, { disambiguation: "earlier" });
      if (!zdt.toPlainDateTime().equals(wall)) continue;
      const t = zdt.epochMilliseconds;
      if (t >= end) break;
      if (t >= start) grid.push(t);
    }
  }
  return grid;
}

describe("slots of several hosts in different zones", () => {
  it("collective: exactly the grid starts at which every host can hold the meeting", () => {
    fc.assert(
      fc.property(teamArb, (team) => {
        const qs = queries(team);
        const windows = qs.map(hostWindows);
        const offered = slotsAllOf(qs, team.owner);
        const expected = referenceGrid(qs, true, team.owner).filter((t) =>
          qs.every((q, i) => hostFree(q, windows[i], t)),
        );
        expect(offered).toEqual(expected);
        // Every host is free at each start, as the booking path asks it.
        for (const t of offered.slice(0, 3)) {
          const hosts = qs.map((query, host) => ({ host, query }));
          expect(hostsFreeAt(hosts, t)).toEqual(qs.map((_, i) => i));
        }
      }),
      { numRuns: 50 },
    );
  });

  it("round robin: one sorted, distinct list on one grid, exactly where some host is free; the hosts free at a start are those who can hold it", () => {
    fc.assert(
      fc.property(teamArb, fc.nat(), (team, pick) => {
        const qs = queries(team);
        const windows = qs.map(hostWindows);
        const offered = slotsAnyOf(qs, team.owner);
        for (let i = 1; i < offered.length; i++) expect(offered[i]).toBeGreaterThan(offered[i - 1]);
        const grid = referenceGrid(qs, false, team.owner);
        const expected = grid.filter((t) => qs.some((q, i) => hostFree(q, windows[i], t)));
        expect(offered).toEqual(expected);
        if (offered.length === 0) return;
        const t = offered[pick % offered.length];
        const free = hostsFreeAt(
          qs.map((query, host) => ({ host, query })),
          t,
        );
        expect(free).toEqual(qs.map((_, i) => i).filter((i) => hostFree(qs[i], windows[i], t)));
        expect(free.length).toBeGreaterThan(0);
      }),
      { numRuns: 50 },
    );
  });

  it("the answer does not depend on the range asked: a day's lookup agrees with the fortnight's", () => {
    fc.assert(
      fc.property(teamArb, fc.integer({ min: 1, max: 11 }), fc.boolean(), (team, day, all) => {
        const qs = queries(team);
        const whole = all ? slotsAllOf(qs, team.owner) : slotsAnyOf(qs, team.owner);
        // A day inside the fortnight (the ranges are 11 to 13 days long; a later day asks other hours).
        const from = qs[0].from + day * DAY + 7 * QUARTER;
        const to = Math.min(from + DAY, qs[0].to);
        if (from >= to) return;
        const part = qs.map((q) => ({ ...q, from, to }));
        const some = all ? slotsAllOf(part, team.owner) : slotsAnyOf(part, team.owner);
        expect(some).toEqual(whole.filter((t) => t >= from && t < to));
      }),
      { numRuns: 40 },
    );
  });

  it("a host busy all range long offers nothing collectively, and adds nothing to a round robin of the others' hours", () => {
    fc.assert(
      fc.property(teamArb, (team) => {
        const qs = queries(team);
        const blocked = { ...qs[0], busy: [{ start: qs[0].from - DAY, end: qs[0].to + DAY }] };
        expect(slotsAllOf([blocked, ...qs.slice(1)], team.owner)).toEqual([]);
        const others = qs.slice(1);
        const windows = others.map(hostWindows);
        const offered = slotsAnyOf([blocked, ...others], team.owner);
        for (const t of offered) expect(others.some((q, i) => hostFree(q, windows[i], t))).toBe(true);
      }),
      { numRuns: 30 },
    );
  });

  it("a team of one host offers that host's own slots", () => {
    fc.assert(
      fc.property(teamArb, (team) => {
        const [q] = queries(team);
        expect(slotsAllOf([q], team.owner)).toEqual(computeSlots(q));
        expect(slotsAnyOf([q], team.owner)).toEqual(computeSlots(q));
      }),
      { numRuns: 20 },
    );
  });
});
