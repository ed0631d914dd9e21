import fc from "fast-check";
import { Temporal } from "temporal-polyfill";
import { describe, expect, it } from "vitest";
import { formatTimeLabel, parseTimeLabel } from "../time-labels.js";
import { daysWithSlots, slotsForLocalDate } from "./present.js";
import { computeSlots } from "./slots.js";
import type { BookingWindow, DaySchedule, SlotQuery, TimeSlot } from "./types.js";
import { WEEKDAYS } from "./types.js";

const ZONES = [
  "Asia/Kathmandu",
  "Pacific/Chatham",
  "America/Santiago",
  "Australia/Sydney",
  "America/New_York",
  "Europe/London",
  "Asia/Kolkata",
  "Asia/Tokyo",
  "Australia/Lord_Howe",
  "UTC",
  "America/St_Johns",
  "Pacific/Apia",
];
const MIN = 60_000;
const DAY = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Reference: slow and literal. Temporal for every date and wall time, every busy interval and
// group booking checked against every candidate. Only the label parser is shared with the engine.

/** Working windows of a set of slots: maximal runs of covered minutes, so touching ones join. */
function referenceWindows(slots: TimeSlot[]): [number, number][] {
  const covered = new Array<boolean>(1440).fill(false);
  for (const s of slots) {
    const start = parseTimeLabel(s.startTime);
    const end = parseTimeLabel(s.endTime, "end");
    if (start === undefined || end === undefined) continue;
    for (let m = start; m < end; m++) covered[m] = true;
  }
  const windows: [number, number][] = [];
  for (let m = 0; m < 1440; m++) {
    if (!covered[m]) continue;
    if (m > 0 && covered[m - 1]) windows[windows.length - 1][1] = m + 1;
    else windows.push([m, m + 1]);
  }
  return windows;
}

function referenceInWindow(
  window: BookingWindow,
  today: Temporal.PlainDate,
  date: Temporal.PlainDate,
): boolean {
  if (Temporal.PlainDate.compare(date, today) < 0) return false;
  if (window.mode === "within") {
    if (
      window.withinStart &&
      Temporal.PlainDate.compare(date, Temporal.PlainDate.from(window.withinStart)) < 0
    )
      return false;
    const end = window.withinEnd ?? window.withinStart; // a start without an end is that one day
    if (end && Temporal.PlainDate.compare(date, Temporal.PlainDate.from(end)) > 0) return false;
    return true;
  }
  if (window.mode === "rolling" && window.daysAhead !== undefined) {
    if (window.unit !== "weekdays") return today.until(date, { largestUnit: "days" }).days < window.daysAhead;
    // Inside while fewer than daysAhead Monday-Friday dates come before it (from today on).
    let weekdaysBefore = 0;
    for (let d = today; Temporal.PlainDate.compare(d, date) < 0; d = d.add({ days: 1 })) {
      if (d.dayOfWeek <= 5) weekdaysBefore++;
    }
    return weekdaysBefore < window.daysAhead;
  }
  return true;
}

/** The instant the zone's clocks read a wall time: the earlier one if repeated, undefined if skipped. */
function wallInstant(pdt: Temporal.PlainDateTime, zone: string): number | undefined {
  const zdt = pdt.toZonedDateTime(zone, { disambiguation: "earlier" });
  return zdt.toPlainDateTime().equals(pdt) ? zdt.epochMilliseconds : undefined;
}

/** A window's end: its instant, or when the clocks skip it, the instant they jumped. */
function wallEnd(pdt: Temporal.PlainDateTime, zone: string): number {
  const exact = wallInstant(pdt, zone);
  if (exact !== undefined) return exact;
  const before = pdt.toZonedDateTime(zone, { disambiguation: "earlier" });
  return (before.getTimeZoneTransition("next") as Temporal.ZonedDateTime).epochMilliseconds;
}

function overlaps(a: number, b: number, c: number, d: number): boolean {
  return a < d && c < b;
}

function reference(q: SlotQuery): number[] {
  const zone = q.timeZone;
  const dur = q.durationMinutes * MIN;
  const step = q.stepMinutes ?? q.durationMinutes;
  const before = q.bufferBeforeMinutes * MIN;
  const after = q.bufferAfterMinutes * MIN;
  const today = Temporal.Instant.fromEpochMilliseconds(q.now).toZonedDateTimeISO(zone).toPlainDate();
  const first = Temporal.Instant.fromEpochMilliseconds(q.from)
    .toZonedDateTimeISO(zone)
    .toPlainDate()
    .subtract({ days: 2 });
  const last = Temporal.Instant.fromEpochMilliseconds(q.to)
    .toZonedDateTimeISO(zone)
    .toPlainDate()
    .add({ days: 2 });
  const out: number[] = [];
  for (let date = first; Temporal.PlainDate.compare(date, last) <= 0; date = date.add({ days: 1 })) {
    const iso = date.toString();
    if (!referenceInWindow(q.window, today, date) || q.holidays.includes(iso)) continue;
    const override = q.overrides.find((o) => o.date === iso);
    const weekday = WEEKDAYS[date.dayOfWeek % 7];
    const slots = override
      ? override.isAvailable
        ? override.timeSlots
        : []
      : q.weekly.filter((d) => d.day === weekday && d.isAvailable).flatMap((d) => d.timeSlots);
    const midnight = date.toPlainDateTime();
    for (const [startMin, endMin] of referenceWindows(slots)) {
      const end = wallEnd(midnight.add({ minutes: endMin }), zone);
      for (let m = startMin; m < endMin; m += step) {
        const s = wallInstant(midnight.add({ minutes: m }), zone);
        if (s === undefined || s + dur > end) continue;
        if (s < q.from || s >= q.to || s < q.now + q.minimumNoticeMinutes * MIN) continue;
        if (q.maximumNoticeDays !== undefined && s >= q.now + q.maximumNoticeDays * DAY) continue;
        if (q.busy.some((b) => b.end > b.start && overlaps(s - before, s + dur + after, b.start, b.end)))
          continue;
        if (q.seats) {
          const taken = q.seats.taken.filter((t) => t.count > 0);
          const here = taken.filter((t) => t.start === s).reduce((n, t) => n + t.count, 0);
          if (here >= q.seats.capacity) continue;
          if (
            taken.some((t) => t.start !== s && overlaps(s - before, s + dur + after, t.start, t.start + dur))
          )
            continue;
        }
        out.push(s);
      }
    }
  }
  return [...new Set(out)].sort((a, b) => a - b);
}

// ---------------------------------------------------------------------------------------------
// Generators: ranges around each zone's offset changes, schedules on the 15-minute grid.

/** Local dates of every offset change of 2025-2027 in a zone (none for fixed zones). */
const changeDates = new Map<string, string[]>();
for (const zone of ZONES) {
  const dates: string[] = [];
  let zdt = Temporal.ZonedDateTime.from({ timeZone: zone, year: 2025, month: 1, day: 1 });
  for (;;) {
    const next = zdt.getTimeZoneTransition("next");
    if (!next || next.year > 2027) break;
    dates.push(next.toPlainDate().toString());
    zdt = next;
  }
  changeDates.set(zone, dates.length > 0 ? dates : ["2026-03-08", "2026-06-15", "2026-12-31"]);
}

const label = (quarter: number) => formatTimeLabel(quarter * 15);
const slotArb = fc
  .tuple(fc.integer({ min: 0, max: 95 }), fc.integer({ min: 1, max: 96 }))
  .map(([a, len]): TimeSlot => ({ startTime: label(a), endTime: label(Math.min(96, a + len)) }));
// Windows near midnight and the small hours, where the clocks change, come up often.
const earlySlotArb = fc
  .tuple(fc.integer({ min: 0, max: 16 }), fc.integer({ min: 1, max: 16 }))
  .map(([a, len]): TimeSlot => ({ startTime: label(a), endTime: label(a + len) }));
const lateSlotArb = fc
  .integer({ min: 80, max: 95 })
  .map((a): TimeSlot => ({ startTime: label(a), endTime: "12:00am" }));
// Long days make every label of a changing day count.
const longSlotArb = fc.constantFrom<TimeSlot>(
  { startTime: "12:00am", endTime: "12:00am" },
  { startTime: "12:00am", endTime: "6:00am" },
  { startTime: "9:00am", endTime: "5:00pm" },
);
const slotsArb = fc.array(fc.oneof(slotArb, earlySlotArb, lateSlotArb, longSlotArb), {
  minLength: 1,
  maxLength: 3,
});

const weeklyArb = fc
  .array(fc.tuple(fc.boolean(), slotsArb), { minLength: 7, maxLength: 7 })
  .map((days): DaySchedule[] =>
    days.map(([isAvailable, timeSlots], i) => ({ day: WEEKDAYS[i], dayCode: "", isAvailable, timeSlots })),
  );

const scenarioArb = fc
  .record({
    zone: fc.constantFrom(...ZONES),
    change: fc.nat(),
    startShiftDays: fc.oneof(fc.constantFrom(-1, 0), fc.integer({ min: -3, max: 1 })),
    startMinute: fc.integer({ min: 0, max: 1439 }),
    lengthHours: fc.oneof(
      fc.integer({ min: 1, max: 24 }),
      fc.integer({ min: 24, max: 24 * 4 }),
      fc.constant(24 * 4),
    ),
    nowBeforeHours: fc.oneof(fc.integer({ min: -12, max: 24 }), fc.integer({ min: 0, max: 24 * 4 })),
  })
  .chain((s) => {
    const dates = changeDates.get(s.zone) as string[];
    const base = Temporal.PlainDate.from(dates[s.change % dates.length]).add({ days: s.startShiftDays });
    const from = Date.parse(`${base.toString()}T00:00:00Z`) + s.startMinute * MIN;
    const to = from + s.lengthHours * 3_600_000;
    const now = from - s.nowBeforeHours * 3_600_000;
    const dateArb = fc.integer({ min: -2, max: 7 }).map((d) => base.add({ days: d }).toString());
    const instantArb = fc.integer({ min: from - DAY, max: to + DAY });
    const fiveMinuteArb = fc
      .integer({ min: Math.ceil((from - DAY) / (5 * MIN)), max: Math.floor((to + DAY) / (5 * MIN)) })
      .map((k) => k * 5 * MIN);
    const windowArb: fc.Arbitrary<BookingWindow> = fc.oneof(
      { arbitrary: fc.constant({ mode: "indefinite" as const }), weight: 2 },
      {
        arbitrary: fc.record({
          mode: fc.constant("rolling" as const),
          daysAhead: fc.integer({ min: 1, max: 10 }),
          unit: fc.constantFrom("days" as const, "weekdays" as const),
        }),
        weight: 2,
      },
      {
        arbitrary: fc.tuple(dateArb, fc.integer({ min: 0, max: 4 })).map(([start, len]) => ({
          mode: "within" as const,
          withinStart: start,
          withinEnd: Temporal.PlainDate.from(start).add({ days: len }).toString(),
        })),
        weight: 1,
      },
    );
    const duration = fc.constantFrom(15, 20, 30, 45, 60, 90, 120);
    return fc.record({
      q: fc.record({
        timeZone: fc.constant(s.zone),
        weekly: weeklyArb,
        overrides: fc.uniqueArray(
          fc.record({ date: dateArb, isAvailable: fc.boolean(), timeSlots: slotsArb }),
          {
            maxLength: 3,
            selector: (o) => o.date,
          },
        ),
        holidays: fc.array(dateArb, { maxLength: 2 }),
        durationMinutes: duration,
        stepMinutes: fc.option(fc.constantFrom(10, 15, 20, 30, 45, 60), { nil: undefined }),
        bufferBeforeMinutes: fc.constantFrom(0, 0, 5, 15, 30),
        bufferAfterMinutes: fc.constantFrom(0, 0, 10, 15, 60),
        minimumNoticeMinutes: fc.constantFrom(0, 0, 0, 30, 240, 1440),
        maximumNoticeDays: fc.option(fc.integer({ min: 1, max: 10 }), { nil: undefined, freq: 2 }),
        window: windowArb,
        busy: fc.array(
          fc.oneof(
            // Arbitrary instants, and five-minute ones that touch slot and buffer edges exactly.
            fc
              .tuple(instantArb, fc.integer({ min: 0, max: 180 * MIN }))
              .map(([start, len]) => ({ start, end: start + len })),
            fc
              .tuple(fiveMinuteArb, fc.integer({ min: 0, max: 120 }))
              .map(([start, len]) => ({ start, end: start + len * 5 * MIN })),
          ),
          { maxLength: 12 },
        ),
        now: fc.constant(now),
        from: fc.constant(from),
        to: fc.constant(to),
      }),
      seats: fc.option(
        fc.record({
          capacity: fc.integer({ min: 1, max: 3 }),
          taken: fc.array(
            fc.record({
              start: fc
                .integer({
                  min: Math.floor((from - DAY) / (15 * MIN)),
                  max: Math.ceil((to + DAY) / (15 * MIN)),
                })
                .map((k) => k * 15 * MIN),
              count: fc.integer({ min: 0, max: 3 }),
            }),
            { maxLength: 6 },
          ),
        }),
        { nil: undefined, freq: 3 },
      ),
    });
  })
  .map(({ q, seats }): SlotQuery => (seats ? { ...q, seats } : q));

// ---------------------------------------------------------------------------------------------

describe("computeSlots properties", () => {
  it("matches the reference and keeps every rule, in twelve zones around their offset changes", () => {
    fc.assert(
      fc.property(scenarioArb, (q) => {
        const got = computeSlots(q);
        expect(got).toEqual(reference(q));
        checkInvariants(q, got);
      }),
      { numRuns: 200 },
    );
  });

  it("matches the reference for every window edge near each change of 2026", () => {
    for (const zone of ZONES) {
      let zdt = Temporal.ZonedDateTime.from({ timeZone: zone, year: 2026, month: 1, day: 1 });
      for (;;) {
        const next = zdt.getTimeZoneTransition("next");
        if (!next || next.year > 2026) break;
        zdt = next;
        // Quarter hours from two hours before the change's wall time to two after, on its date.
        const date = next.toPlainDate();
        const at = next.hour * 60 + next.minute;
        const edges: number[] = [];
        const first = Math.max(0, at - 120);
        for (let m = first - (first % 15); m <= Math.min(1440, at + 120); m += 15) edges.push(m);
        const { from, to } = { from: next.epochMilliseconds - 2 * DAY, to: next.epochMilliseconds + 2 * DAY };
        for (const a of edges) {
          for (const b of edges) {
            if (b <= a) continue;
            const timeSlots = [{ startTime: formatTimeLabel(a), endTime: formatTimeLabel(b) }];
            const q: SlotQuery = {
              timeZone: zone,
              weekly: WEEKDAYS.map((day) => ({ day, dayCode: "", isAvailable: false, timeSlots: [] })),
              overrides: [{ date: date.toString(), isAvailable: true, timeSlots }],
              holidays: [],
              durationMinutes: 45,
              stepMinutes: 15,
              bufferBeforeMinutes: 0,
              bufferAfterMinutes: 0,
              minimumNoticeMinutes: 0,
              window: { mode: "indefinite" },
              busy: [],
              now: from - DAY,
              from,
              to,
            };
            expect([zone, a, b, computeSlots(q)]).toEqual([zone, a, b, reference(q)]);
          }
        }
      }
    }
  });

  it("gives one invitee date's slots exactly as the month view and a wide query do", () => {
    fc.assert(
      fc.property(scenarioArb, fc.constantFrom(...ZONES), (q, invitee) => {
        const { from: _from, to: _to, ...rest } = q;
        const date = Temporal.Instant.fromEpochMilliseconds(q.from).toZonedDateTimeISO(invitee).toPlainDate();
        const month = date.toPlainYearMonth().toString();
        const days = daysWithSlots(rest, month, invitee);
        const day = slotsForLocalDate(rest, date.toString(), invitee);
        expect(days.includes(date.toString())).toBe(day.length > 0);
        for (const s of day) {
          const zdt = Temporal.Instant.from(s.iso).toZonedDateTimeISO(invitee);
          expect(zdt.toPlainDate().toString()).toBe(date.toString());
          expect(s.startTime).toBe(formatTimeLabel(zdt.hour * 60 + zdt.minute));
        }
      }),
      { numRuns: 30 },
    );
  });
});

/** Each rule checked on its own, independently of the reference's structure. */
function checkInvariants(q: SlotQuery, got: number[]): void {
  const dur = q.durationMinutes * MIN;
  for (let i = 1; i < got.length; i++) expect(got[i]).toBeGreaterThan(got[i - 1]);
  for (const s of got) {
    expect(s >= q.from && s < q.to).toBe(true);
    expect(s).toBeGreaterThanOrEqual(q.now + q.minimumNoticeMinutes * MIN);
    if (q.maximumNoticeDays !== undefined) expect(s).toBeLessThan(q.now + q.maximumNoticeDays * DAY);
    for (const b of q.busy) {
      if (b.end > b.start)
        expect(
          overlaps(s - q.bufferBeforeMinutes * MIN, s + dur + q.bufferAfterMinutes * MIN, b.start, b.end),
        ).toBe(false);
    }
    // The whole meeting lies inside one working window of the slot's local date.
    const local = Temporal.Instant.fromEpochMilliseconds(s).toZonedDateTimeISO(q.timeZone);
    const date = local.toPlainDate();
    const iso = date.toString();
    expect(q.holidays).not.toContain(iso);
    const today = Temporal.Instant.fromEpochMilliseconds(q.now).toZonedDateTimeISO(q.timeZone).toPlainDate();
    expect(referenceInWindow(q.window, today, date)).toBe(true);
    const override = q.overrides.find((o) => o.date === iso);
    const slots = override
      ? override.isAvailable
        ? override.timeSlots
        : []
      : q.weekly
          .filter((d) => d.day === WEEKDAYS[date.dayOfWeek % 7] && d.isAvailable)
          .flatMap((d) => d.timeSlots);
    const minute = local.hour * 60 + local.minute;
    const inside = referenceWindows(slots).some(
      ([a, b]) =>
        a <= minute &&
        minute < b &&
        s + dur <= wallEnd(date.toPlainDateTime().add({ minutes: b }), q.timeZone),
    );
    expect(inside).toBe(true);
  }
}
