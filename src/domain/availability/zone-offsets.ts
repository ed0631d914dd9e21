import { Temporal } from "temporal-polyfill";

/**
 * A zone's UTC offsets as a piecewise-constant function of the instant, so wall-clock times
 * convert to instants with integer arithmetic. Temporal (slow per call in the polyfill) is
 * asked only for the offset at each UTC year start and the transitions in that year, once per
 * zone and year for the life of the process: tzdata does not change while we run.
 */

interface YearOffsets {
  /** Offset (ms) in force at the first instant of the UTC year. */
  startOffset: number;
  /** Transition instants inside the year, ascending, and the offset from each one on. */
  at: number[];
  after: number[];
}

const yearCache = new Map<string, YearOffsets>();
const YEAR_CACHE_MAX = 4096;

function yearOffsets(zone: string, year: number): YearOffsets {
  const key = `${zone}|${year}`;
  const hit = yearCache.get(key);
  if (hit) return hit;
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  let zdt = Temporal.Instant.fromEpochMilliseconds(start).toZonedDateTimeISO(zone);
  const data: YearOffsets = { startOffset: zdt.offsetNanoseconds / 1e6, at: [], after: [] };
  for (;;) {
    const next = zdt.getTimeZoneTransition("next");
    if (!next || next.epochMilliseconds >= end) break;
    data.at.push(next.epochMilliseconds);
    data.after.push(next.offsetNanoseconds / 1e6);
    zdt = next;
  }
  if (yearCache.size >= YEAR_CACHE_MAX) yearCache.clear();
  yearCache.set(key, data);
  return data;
}

/** Offsets in ms of a zone are within these bounds (real zones: -12h..+14h). */
const OFFSET_MARGIN_MS = 15 * 3_600_000;

export class ZoneOffsets {
  /** boundaries[i] is the instant from which offsets[i + 1] applies; offsets[0] applies before boundaries[0]. */
  private readonly boundaries: number[] = [];
  private readonly offsets: number[];

  /** Exact for instants in [fromMs, toMs]; outside it, the nearest known offset is extended. */
  constructor(zone: string, fromMs: number, toMs: number) {
    const firstYear = new Date(fromMs).getUTCFullYear();
    const lastYear = new Date(Math.max(fromMs, toMs)).getUTCFullYear();
    if (!Number.isFinite(firstYear) || !Number.isFinite(lastYear))
      throw new RangeError("Instant out of range");
    this.offsets = [yearOffsets(zone, firstYear).startOffset];
    for (let year = firstYear; year <= lastYear; year++) {
      const y = yearOffsets(zone, year);
      for (let i = 0; i < y.at.length; i++) {
        this.boundaries.push(y.at[i]);
        this.offsets.push(y.after[i]);
      }
    }
  }

  /** Offset (ms, added to UTC) in force at an instant. */
  offsetAt(instant: number): number {
    return this.offsets[this.firstBoundaryAfter(instant)];
  }

  /** Index of the first boundary strictly after an instant (boundaries.length when none). */
  private firstBoundaryAfter(instant: number): number {
    const b = this.boundaries;
    let lo = 0;
    let hi = b.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (b[mid] <= instant) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Epoch day number of the local date at an instant. */
  localDay(instant: number): number {
    return Math.floor((instant + this.offsetAt(instant)) / 86_400_000);
  }

  /**
   * The single offset that converts every wall time in [wallFrom, wallTo], or NaN when a
   * transition lies close enough that some of them may be skipped or repeated.
   */
  constantOffsetForWalls(wallFrom: number, wallTo: number): number {
    const i = this.firstBoundaryAfter(wallFrom - OFFSET_MARGIN_MS);
    const clear = i === this.boundaries.length || this.boundaries[i] > wallTo + OFFSET_MARGIN_MS;
    return clear ? this.offsets[i] : Number.NaN;
  }

  /**
   * The instant at which the zone's clocks show a wall time (epoch ms of the wall time read as UTC).
   * A repeated wall time (clocks going back) gives the earlier instant. A skipped wall time
   * (clocks going forward) gives NaN with gap 'skip', or with gap 'transition' the instant the
   * clocks jumped, which is the first instant whose wall time is at or after it.
   */
  toInstant(wall: number, gap: "skip" | "transition"): number {
    const b = this.boundaries;
    const n = b.length;
    for (let i = 0; i <= n; i++) {
      const t = wall - this.offsets[i];
      const lo = i === 0 ? Number.NEGATIVE_INFINITY : b[i - 1];
      const hi = i === n ? Number.POSITIVE_INFINITY : b[i];
      // Segments are in time order, so the first that holds the wall time holds the earlier instant.
      if (t >= lo && t < hi) return t;
      if (gap === "transition" && t >= hi && wall - this.offsets[i + 1] < hi) return hi;
    }
    return Number.NaN;
  }
}
