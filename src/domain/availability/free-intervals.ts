import { type Interval, mergeIntervals, subtractSortedIntervals } from "../intervals.js";
import { DAY_MS, MINUTE_MS } from "./calendar-days.js";
import { dayWindows, type SlotBounds, slotBounds } from "./slots.js";
import type { SlotQuery } from "./types.js";
import { ZoneOffsets } from "./zone-offsets.js";

/**
 * One host's time as instants, the step of the engine that teams build on: intervals can be
 * intersected and joined across zones, where grids of starts of different zones never meet.
 * Every list is sorted and disjoint, in epoch ms.
 */
export interface HostTime {
  /**
   * Working hours: each host-zone local date's merged windows (its override, else its weekday; none on
   * a holiday), around the range, whether or not the date is inside the booking window: a team's grid is
   * laid on these, so it must not move when the window's first day moves on (with the clock). A window runs from the first instant its start
   * label shows (or the clocks jump past it) to the same for its end label, as with one host. Windows of
   * two dates stay apart even where they touch, so a meeting never runs across the host's midnight.
   */
  hours: Interval[];
  /**
   * Hours of the dates inside the booking window, minus busy time widened by the buffers: a meeting
   * may lie anywhere in one of these.
   */
  free: Interval[];
  /**
   * Starts [start, end) of a meeting that fits in one free interval, with minimum notice, maximum
   * notice and the query's range applied: t is fine for this host when start <= t < end.
   */
  starts: Interval[];
  bounds: SlotBounds;
}

/**
 * Host-zone dates read around the range. Runs of team hours are cut at the grid zone's midnights,
 * so a start depends on at most a day before it; two dates more each side make the answer the same
 * for every range that holds the start (a lookup of a month and a booking's check of one start agree).
 */
const MARGIN_DAYS = 3;

/** A host's time for q.from..q.to (see HostTime), or null when nothing can be offered at all. */
export function hostTime(q: SlotQuery): HostTime | null {
  const bounds = slotBounds(q);
  if (!bounds) return null;
  const { durationMs, beforeMs, afterMs, lo, hi, window } = bounds;
  if (!Number.isFinite(q.to)) throw new RangeError("The slot range has no end");
  const edges = new ZoneOffsets(q.timeZone, q.from, q.to);
  // From q.from, not from lo, and whatever the booking window: the hours (and so a team's grid) must
  // not move with the clock. Only dates inside the window give free time.
  const firstDay = edges.localDay(q.from) - MARGIN_DAYS;
  const lastDay = edges.localDay(q.to) + MARGIN_DAYS;
  const zone = new ZoneOffsets(q.timeZone, (firstDay - 2) * DAY_MS, (lastDay + 3) * DAY_MS);
  const windowsOf = dayWindows(q);

  const hours: Interval[] = [];
  const bookable: Interval[] = [];
  for (let day = firstDay; day <= lastDay; day++) {
    const midnight = day * DAY_MS;
    const offset = zone.constantOffsetForWalls(midnight, midnight + DAY_MS);
    for (const [startMin, endMin] of windowsOf(day)) {
      const startWall = midnight + startMin * MINUTE_MS;
      const endWall = midnight + endMin * MINUTE_MS;
      let start = Number.isNaN(offset) ? zone.toInstant(startWall, "transition") : startWall - offset;
      const end = Number.isNaN(offset) ? zone.toInstant(endWall, "transition") : endWall - offset;
      // An offset change can show a later instant under an earlier date: keep the list disjoint.
      const last = hours[hours.length - 1];
      if (last && start < last.end) start = last.end;
      if (end > start) {
        hours.push({ start, end });
        if (day >= window.first && day <= window.last) bookable.push({ start, end });
      }
    }
  }

  // A meeting [t, t + d) with buffers hits busy [s, e) exactly when [t, t + d) meets [s - after, e + before).
  const busy = mergeIntervals(q.busy.map((b) => ({ start: b.start - afterMs, end: b.end + beforeMs })));
  const free = subtractSortedIntervals(bookable, busy);
  const starts: Interval[] = [];
  for (const f of free) {
    // Whole milliseconds: the last start is f.end - d, so the half-open end is one after it.
    const start = Math.max(f.start, lo);
    const end = Math.min(f.end - durationMs + 1, hi);
    if (start < end) starts.push({ start, end });
  }
  return { hours, free, starts, bounds };
}
