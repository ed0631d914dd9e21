/** Intervals of epoch milliseconds, [start, end). */
export interface Interval {
  start: number;
  end: number;
}

/** The parts of `from` not covered by any of `cut`. */
export function subtractIntervals(from: readonly Interval[], cut: readonly Interval[]): Interval[] {
  const cuts = [...cut].filter((c) => c.end > c.start).sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const interval of from) {
    let start = interval.start;
    for (const c of cuts) {
      if (c.end <= start) continue;
      if (c.start >= interval.end) break;
      if (c.start > start) out.push({ start, end: c.start });
      start = Math.max(start, c.end);
      if (start >= interval.end) break;
    }
    if (start < interval.end) out.push({ start, end: interval.end });
  }
  return out;
}
