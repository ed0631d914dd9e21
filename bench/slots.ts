import {
  type BusyInterval,
  computeSlots,
  type DaySchedule,
  daysWithSlots,
  type SlotQuery,
  WEEKDAYS,
} from "../src/domain/availability/index.js";
import { measure, printTable, seededRandom } from "./lib/measure.js";

const DAY = 86_400_000;
const START = Date.parse("2026-03-02T05:00:00Z"); // Monday 2 March 2026, midnight in New York

const weekdays9to5: DaySchedule[] = WEEKDAYS.map((day, i) => ({
  day,
  dayCode: day[0].toUpperCase(),
  isAvailable: i >= 1 && i <= 5,
  timeSlots: i >= 1 && i <= 5 ? [{ startTime: "9:00am", endTime: "5:00pm" }] : [],
}));

/** Meetings of 30 or 60 minutes on the half hour between 8:00 and 18:00 New York time, in random order. */
function busyIntervals(count: number, days: number, seed: number): BusyInterval[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const day = Math.floor(random() * days);
    const start = START + day * DAY + (13 + Math.floor(random() * 20) / 2) * 3_600_000;
    return { start, end: start + (random() < 0.5 ? 30 : 60) * 60_000 };
  });
}

function query(days: number, busy: number): SlotQuery {
  return {
    timeZone: "America/New_York",
    weekly: weekdays9to5,
    overrides: [{ date: "2026-04-03", isAvailable: false, timeSlots: [] }],
    holidays: ["2026-05-25"],
    durationMinutes: 30,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 10,
    minimumNoticeMinutes: 240,
    window: { mode: "indefinite" },
    busy: busyIntervals(busy, days, days * 10_000 + busy),
    now: START,
    from: START,
    to: START + days * DAY,
  };
}

export async function run(): Promise<void> {
  const cases: [days: number, busy: number, target: string][] = [
    [60, 0, ""],
    [60, 50, ""],
    [60, 500, "<= 0.5 ms"],
    [365, 3000, "<= 5 ms"],
  ];
  const rows = cases.map(([days, busy, target]) => {
    const q = query(days, busy);
    const slots = computeSlots(q).length;
    const m = measure(() => computeSlots(q));
    return {
      case: `${days} days, ${busy} busy`,
      slots,
      "median ms": m.medianMs.toFixed(3),
      "p95 ms": m.p95Ms.toFixed(3),
      "us/day": ((m.medianMs * 1000) / days).toFixed(2),
      runs: m.iterations,
      target,
    };
  });
  const { from: _from, to: _to, ...monthQuery } = query(60, 500);
  const month = measure(() => daysWithSlots(monthQuery, "2026-03", "Asia/Kathmandu"));
  rows.push({
    case: "daysWithSlots, March, invitee Kathmandu",
    slots: daysWithSlots(monthQuery, "2026-03", "Asia/Kathmandu").length,
    "median ms": month.medianMs.toFixed(3),
    "p95 ms": month.p95Ms.toFixed(3),
    "us/day": ((month.medianMs * 1000) / 31).toFixed(2),
    runs: month.iterations,
    target: "",
  });
  const load = (await import("node:os")).loadavg()[0].toFixed(2);
  printTable(
    `computeSlots: 30-minute event, Mon-Fri 9:00am-5:00pm America/New_York (in-process; load ${load})`,
    rows,
  );
}
