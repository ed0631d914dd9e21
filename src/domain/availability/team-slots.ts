import { type Interval, intersectIntervals, mergeIntervals } from "../intervals.js";
import { DAY_MS } from "./calendar-days.js";
import { type HostTime, hostTime } from "./free-intervals.js";
import { BlockSweep, computeSlots } from "./slots.js";
import type { SlotQuery } from "./types.js";
import { ZoneOffsets } from "./zone-offsets.js";

/**
 * Slots of events with several hosts. Each host brings their own query (their zone, hours,
 * overrides, holidays, busy time); the event type's duration, buffers, notice, window and range
 * are the same in all.
 *
 * Hosts are combined as intervals, never as lists of starts: each host's grid starts at their own
 * window starts in their own zone, and grids of zones half an hour or 45 minutes apart (or a 45- or
 * 50-minute step against a whole-hour offset) never share an instant. So:
 * 1. each host's working hours and free time as instants (free-intervals.ts);
 * 2. the runs: stretches where every host works (collective) or any host does (round robin),
 *    touching pieces joined, cut at each midnight of the grid zone (the event type owner's);
 * 3. ONE grid: from each run's first instant, every `step` minutes of the grid zone's wall clock
 *    (a label the clocks skip gives no start, a repeated one its earlier instant, as with one host);
 * 4. a grid start is offered when every host (collective) or some host (round robin) can hold the
 *    whole meeting then: [t, t + duration) inside one of their free intervals, and their seats allow it.
 * Busy time filters the grid, it does not move it. A team of one host is that host's own slots.
 */

/** A host and the engine query of their availability. */
export interface HostQuery<K> {
  host: K;
  query: SlotQuery;
}

/** Round robin: the grid starts at which at least one host is free, ascending and distinct. */
export function slotsAnyOf(queries: readonly SlotQuery[], gridZone: string): number[] {
  return teamSlots(queries, "any", gridZone);
}

/** Collective: the grid starts at which every host is free, ascending. */
export function slotsAllOf(queries: readonly SlotQuery[], gridZone: string): number[] {
  return teamSlots(queries, "all", gridZone);
}

/**
 * The hosts free at instant `t`: the meeting [t, t + duration) lies in one of their free intervals
 * (buffers, notice and window applied) and their seats allow it, in the order given. Whether t is on
 * the grid is the lookup's question, not this one's.
 */
export function hostsFreeAt<K>(hosts: readonly HostQuery<K>[], t: number): K[] {
  return hosts
    .filter((h) => {
      const time = hostTime({ ...h.query, from: t - DAY_MS, to: t + DAY_MS });
      return time !== null && new HostGate(h.query, time).allows(t);
    })
    .map((h) => h.host);
}

function teamSlots(queries: readonly SlotQuery[], rule: "all" | "any", gridZone: string): number[] {
  if (queries.length === 0) return [];
  if (queries.length === 1) return computeSlots(queries[0]);
  const gates: HostGate[] = [];
  const hours: Interval[][] = [];
  for (const q of queries) {
    const time = hostTime(q);
    if (!time) {
      if (rule === "all") return [];
      continue;
    }
    gates.push(new HostGate(q, time));
    hours.push(time.hours);
  }
  if (gates.length === 0) return [];
  const runs =
    rule === "all"
      ? hours.reduce((acc, list) => intersectIntervals(acc, list))
      : mergeIntervals(hours.flat());
  const step = gates[0].stepMs;
  const out: number[] = [];
  for (const t of gridStarts(cutAtMidnights(runs, gridZone), step, gridZone)) {
    const free = rule === "all" ? gates.every((g) => g.allows(t)) : gates.some((g) => g.allows(t));
    if (free) out.push(t);
  }
  return out;
}

/**
 * Answers "may this host hold a meeting starting at t?" for ascending t: a pointer over their
 * allowed starts, and, for events with seats, the engine's own seat sweep.
 */
class HostGate {
  readonly stepMs: number;
  private readonly starts: Interval[];
  private index = 0;
  private readonly seats: BlockSweep | null;

  constructor(q: SlotQuery, time: HostTime) {
    this.stepMs = time.bounds.stepMs;
    this.starts = time.starts;
    const { durationMs, beforeMs, afterMs } = time.bounds;
    // Busy time is already out of `starts`; the sweep only judges full and overlapping group slots.
    this.seats = q.seats ? new BlockSweep({ ...q, busy: [] }, durationMs, beforeMs, afterMs) : null;
  }

  allows(t: number): boolean {
    const s = this.starts;
    while (this.index < s.length && s[this.index].end <= t) this.index++;
    if (!(this.index < s.length && s[this.index].start <= t)) return false;
    return this.seats === null || !this.seats.at(t);
  }
}

/** Runs split at each midnight of a zone, so a grid restarts every local day. */
function cutAtMidnights(runs: readonly Interval[], zone: string): Interval[] {
  if (runs.length === 0) return [];
  const offsets = new ZoneOffsets(zone, runs[0].start - DAY_MS, runs[runs.length - 1].end + DAY_MS);
  const out: Interval[] = [];
  for (const run of runs) {
    let start = run.start;
    while (start < run.end) {
      const nextMidnight = offsets.toInstant((offsets.localDay(start) + 1) * DAY_MS, "transition");
      // (An offset change could in theory put that midnight at or before start: then no cut.)
      const end = nextMidnight > start ? Math.min(run.end, nextMidnight) : run.end;
      out.push({ start, end });
      start = end;
    }
  }
  return out;
}

/**
 * The grid: from each run's first instant, every `stepMs` of the zone's wall clock, while inside the
 * run. Ascending and distinct, since runs are disjoint and ascending and wall times map to instants
 * in order (a repeated one to its earlier instant).
 */
function* gridStarts(runs: readonly Interval[], stepMs: number, zone: string): Generator<number> {
  if (runs.length === 0) return;
  const offsets = new ZoneOffsets(zone, runs[0].start - DAY_MS, runs[runs.length - 1].end + DAY_MS);
  for (const run of runs) {
    const firstWall = run.start + offsets.offsetAt(run.start);
    const offset = offsets.constantOffsetForWalls(firstWall, firstWall + (run.end - run.start));
    if (!Number.isNaN(offset)) {
      // No clock change near the run: wall minutes are real minutes.
      for (let t = run.start; t < run.end; t += stepMs) yield t;
      continue;
    }
    // A run is at most a day long; a clock change moves walls by less than a day.
    for (let wall = firstWall; wall < firstWall + 2 * DAY_MS; wall += stepMs) {
      const t = offsets.toInstant(wall, "skip");
      if (Number.isNaN(t) || t < run.start) continue;
      if (t >= run.end) break;
      yield t;
    }
  }
}
