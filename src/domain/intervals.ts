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

/*
 * The helpers below take and give lists that are sorted by start and disjoint ("normal" lists);
 * each is one linear pass, so a month of many hosts costs the sum of their intervals.
 */

/** A normal list of any intervals: sorted, with overlapping or touching ones joined; empty ones dropped. */
export function mergeIntervals(list: readonly Interval[]): Interval[] {
  const sorted = list.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out[out.length - 1];
    if (last && i.start <= last.end) last.end = Math.max(last.end, i.end);
    else out.push({ start: i.start, end: i.end });
  }
  return out;
}

/** The instants in both normal lists, as a normal list (touching pieces are joined). */
export function intersectIntervals(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const start = Math.max(a[i].start, b[j].start);
    const end = Math.min(a[i].end, b[j].end);
    if (start < end) {
      const last = out[out.length - 1];
      if (last && start <= last.end) last.end = end;
      else out.push({ start, end });
    }
    // The one that ends first can meet nothing further in the other list.
    if (a[i].end <= b[j].end) i++;
    else j++;
  }
  return out;
}

/** The parts of a sorted list not covered by a normal list of cuts; each interval of `from` stays apart. */
export function subtractSortedIntervals(from: readonly Interval[], cuts: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  let j = 0;
  for (const interval of from) {
    // Cuts ending at or before this start cannot touch it, nor any later interval of a sorted list.
    while (j < cuts.length && cuts[j].end <= interval.start) j++;
    let start = interval.start;
    for (let k = j; k < cuts.length && cuts[k].start < interval.end; k++) {
      if (cuts[k].start > start) out.push({ start, end: cuts[k].start });
      start = Math.max(start, cuts[k].end);
    }
    if (start < interval.end) out.push({ start, end: interval.end });
  }
  return out;
}
