import { parseTimeLabel } from "../time-labels.js";
import { bookingWindowDays, type DayRange } from "./booking-window.js";
import { DAY_MS, MINUTE_MS, parseDate, weekdayIndex } from "./calendar-days.js";
import { type BusyInterval, type DaySchedule, type SlotQuery, type TimeSlot, WEEKDAYS } from "./types.js";
import { ZoneOffsets } from "./zone-offsets.js";

/** Working window of a local day in wall-clock minutes [start, end); end may be 1440. */
export type Window = readonly [start: number, end: number];

/**
 * Bookable slot starts (epoch ms, ascending, unique) in [q.from, q.to).
 *
 * Each host-zone local date takes its windows from its override, else from its weekday; a
 * holiday has none. Windows of one day are merged when they touch or overlap. Slots start at a
 * window's start and follow on every `step` minutes of WALL-CLOCK time, so labels stay on the
 * :00/:30 grid across a DST change. A start label the clocks skip gives no slot; a label they
 * show twice gives one slot, at the earlier instant. A meeting lasts `duration` real minutes and
 * must end by the window's end instant (an end label the clocks skip ends the window when the
 * clocks jump; a repeated one at its earlier instant).
 *
 * Then: start >= now + minimum notice; start < now + maximumNoticeDays * 24 h; the local date is
 * inside the booking window; [start - bufferBefore, start + duration + bufferAfter) overlaps no
 * busy interval (empty intervals are ignored); with seats, a start that has `capacity` bookings
 * is full, and a start whose meeting (with buffers) overlaps a group booking at another start
 * is blocked, because the host is in that meeting.
 *
 * Cost: one pass over the days, one sort of the busy list, integer arithmetic per slot; Temporal
 * only once per zone and year (cached). Throws RangeError for an unknown zone or a range with no end.
 */
export function computeSlots(q: SlotQuery): number[] {
  const bounds = slotBounds(q);
  if (!bounds) return [];
  const { durationMs, stepMinutes, stepMs, beforeMs, afterMs, lo, hi, window } = bounds;
  const loZone = new ZoneOffsets(q.timeZone, lo, lo);
  const firstDay = Math.max(window.first, loZone.localDay(lo) - 1);
  // A day of margin each side, which costs little: an offset change can show a later instant under
  // an earlier date (America/Goose_Bay went back from 00:01 to 23:01 the day before until 2011).
  const spanDays = Number.isFinite(hi) ? Math.ceil((hi - lo) / DAY_MS) + 2 : Number.POSITIVE_INFINITY;
  const lastDay = Math.min(window.last, loZone.localDay(lo) + spanDays);
  if (!Number.isFinite(lastDay)) throw new RangeError("The slot range has no end");
  if (firstDay > lastDay) return [];
  const zone = new ZoneOffsets(q.timeZone, firstDay * DAY_MS - 2 * DAY_MS, (lastDay + 3) * DAY_MS);

  const windowsOf = dayWindows(q);
  const blocked = new BlockSweep(q, durationMs, beforeMs, afterMs);

  const out: number[] = [];
  for (let day = firstDay; day <= lastDay; day++) {
    const windows = windowsOf(day);
    if (windows.length === 0) continue;
    const midnight = day * DAY_MS;
    const offset = zone.constantOffsetForWalls(midnight, midnight + DAY_MS);
    for (const [startMin, endMin] of windows) {
      const startWall = midnight + startMin * MINUTE_MS;
      const endWall = midnight + endMin * MINUTE_MS;
      if (!Number.isNaN(offset)) {
        // No transition near this day: the wall clock is UTC plus one offset.
        const start = startWall - offset;
        const lastStart = endWall - offset - durationMs;
        const k0 = start >= lo ? 0 : Math.ceil((lo - start) / stepMs);
        for (let s = start + k0 * stepMs; s <= lastStart; s += stepMs) {
          if (s >= hi) return out;
          if (!blocked.at(s) && (out.length === 0 || s > out[out.length - 1])) out.push(s);
        }
      } else {
        const lastStart = zone.toInstant(endWall, "transition") - durationMs;
        for (let m = startMin; m < endMin; m += stepMinutes) {
          const s = zone.toInstant(midnight + m * MINUTE_MS, "skip");
          if (Number.isNaN(s) || s < lo) continue;
          if (s > lastStart) break;
          if (s >= hi) return out;
          if (!blocked.at(s) && (out.length === 0 || s > out[out.length - 1])) out.push(s);
        }
      }
    }
  }
  return out;
}

/** What every engine run derives from a query before walking the days; null when nothing can be offered. */
export interface SlotBounds {
  durationMs: number;
  stepMinutes: number;
  stepMs: number;
  beforeMs: number;
  afterMs: number;
  /** Starts are in [lo, hi): the range, minimum notice and maximum notice applied. */
  lo: number;
  hi: number;
  /** The booking window's local dates (host zone), as day numbers. */
  window: DayRange;
}

export function slotBounds(q: SlotQuery): SlotBounds | null {
  const durationMs = q.durationMinutes * MINUTE_MS;
  const stepMinutes = q.stepMinutes ?? q.durationMinutes;
  const stepMs = stepMinutes * MINUTE_MS;
  if (!(durationMs > 0 && stepMs > 0 && Number.isFinite(durationMs) && Number.isFinite(stepMs))) return null;
  const beforeMs = Math.max(0, q.bufferBeforeMinutes || 0) * MINUTE_MS;
  const afterMs = Math.max(0, q.bufferAfterMinutes || 0) * MINUTE_MS;

  const lo = Math.max(q.from, q.now + Math.max(0, q.minimumNoticeMinutes || 0) * MINUTE_MS);
  let hi = q.to;
  if (q.maximumNoticeDays !== undefined) hi = Math.min(hi, q.now + q.maximumNoticeDays * DAY_MS);
  if (!(lo < hi) || !Number.isFinite(lo)) return null;

  const today = new ZoneOffsets(q.timeZone, q.now, q.now).localDay(q.now);
  const window = bookingWindowDays(q.window, today);
  if (!window) return null;
  return { durationMs, stepMinutes, stepMs, beforeMs, afterMs, lo, hi, window };
}

/**
 * The merged working windows (wall-clock minutes) of a host-zone local date: its override, else
 * its weekday's hours; none on a holiday.
 */
export function dayWindows(
  q: Pick<SlotQuery, "weekly" | "overrides" | "holidays">,
): (day: number) => Window[] {
  const weekly = weeklyWindows(q.weekly);
  const overrides = new Map<number, Window[]>();
  for (const o of q.overrides) {
    const day = parseDate(o.date);
    if (day !== undefined && !overrides.has(day))
      overrides.set(day, o.isAvailable ? mergeWindows(o.timeSlots) : []);
  }
  const holidays = new Set<number>();
  for (const h of q.holidays) {
    const day = parseDate(h);
    if (day !== undefined) holidays.add(day);
  }
  return (day) => (holidays.has(day) ? [] : (overrides.get(day) ?? weekly[weekdayIndex(day)]));
}

/** Merged windows per weekday (0 = Sunday); a weekday listed twice gets the union. */
function weeklyWindows(weekly: DaySchedule[]): Window[][] {
  const slots: TimeSlot[][] = WEEKDAYS.map(() => []);
  for (const d of weekly) {
    const i = WEEKDAYS.indexOf(d.day);
    if (i >= 0 && d.isAvailable) slots[i].push(...d.timeSlots);
  }
  return slots.map(mergeWindows);
}

/** Valid slots as minute windows, sorted, with touching or overlapping ones joined; bad ones are dropped. */
export function mergeWindows(slots: TimeSlot[]): Window[] {
  const ranges: [number, number][] = [];
  for (const slot of slots) {
    const start = parseTimeLabel(slot.startTime);
    const end = parseTimeLabel(slot.endTime, "end");
    if (start !== undefined && end !== undefined && end > start) ranges.push([start, end]);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

/**
 * Answers "is the slot at s blocked?" for ascending s, sweeping pointers over the busy intervals
 * (sorted and merged once) and the group bookings instead of scanning them per slot.
 */
export class BlockSweep {
  private readonly busyStart: number[] = [];
  private readonly busyEnd: number[] = [];
  private busyIndex = 0;
  private readonly capacity: number;
  private readonly takenCount = new Map<number, number>();
  private readonly takenStarts: number[];
  private takenIndex = 0;

  constructor(
    q: SlotQuery,
    private readonly durationMs: number,
    private readonly beforeMs: number,
    private readonly afterMs: number,
  ) {
    this.mergeBusy(q.busy);
    this.capacity = q.seats ? q.seats.capacity : Number.POSITIVE_INFINITY;
    for (const t of q.seats?.taken ?? []) {
      if (t.count > 0) this.takenCount.set(t.start, (this.takenCount.get(t.start) ?? 0) + t.count);
    }
    this.takenStarts = [...this.takenCount.keys()].sort((a, b) => a - b);
  }

  /**
   * The union of the busy intervals as disjoint sorted runs. The union depends only on the
   * multisets of starts and of ends (a point is busy while more starts than ends lie at or
   * before it), so both are sorted apart as typed arrays, much faster than sorting objects.
   */
  private mergeBusy(busy: BusyInterval[]): void {
    const starts = new Float64Array(busy.length);
    const ends = new Float64Array(busy.length);
    let n = 0;
    for (const b of busy) {
      if (b.end > b.start) {
        starts[n] = b.start;
        ends[n++] = b.end;
      }
    }
    const s = starts.subarray(0, n).sort();
    const e = ends.subarray(0, n).sort();
    let open = 0;
    let j = 0;
    for (let i = 0; i < n; i++) {
      // Ends before this start close runs; an end equal to it does not, so touching runs join.
      while (e[j] < s[i]) {
        if (--open === 0) this.busyEnd.push(e[j]);
        j++;
      }
      if (open++ === 0) this.busyStart.push(s[i]);
    }
    if (n > 0) this.busyEnd.push(e[n - 1]);
  }

  at(s: number): boolean {
    const a = s - this.beforeMs;
    const b = s + this.durationMs + this.afterMs;
    const ends = this.busyEnd;
    while (this.busyIndex < ends.length && ends[this.busyIndex] <= a) this.busyIndex++;
    if (this.busyIndex < ends.length && this.busyStart[this.busyIndex] < b) return true;

    if ((this.takenCount.get(s) ?? 0) >= this.capacity) return true;
    const taken = this.takenStarts;
    while (this.takenIndex < taken.length && taken[this.takenIndex] + this.durationMs <= a) this.takenIndex++;
    for (let i = this.takenIndex; i < taken.length && taken[i] < b; i++) {
      if (taken[i] !== s) return true;
    }
    return false;
  }
}
