import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Interval,
  intersectIntervals,
  mergeIntervals,
  subtractIntervals,
  subtractSortedIntervals,
} from "./intervals.js";

describe("subtractIntervals", () => {
  it("cuts holes, trims edges and drops covered intervals", () => {
    expect(subtractIntervals([{ start: 0, end: 10 }], [{ start: 3, end: 5 }])).toEqual([
      { start: 0, end: 3 },
      { start: 5, end: 10 },
    ]);
    expect(
      subtractIntervals(
        [{ start: 0, end: 10 }],
        [
          { start: -5, end: 2 },
          { start: 8, end: 20 },
        ],
      ),
    ).toEqual([{ start: 2, end: 8 }]);
    expect(subtractIntervals([{ start: 0, end: 10 }], [{ start: 0, end: 10 }])).toEqual([]);
    expect(subtractIntervals([{ start: 0, end: 10 }], [])).toEqual([{ start: 0, end: 10 }]);
  });

  it("keeps exactly the points of `from` outside every cut", () => {
    const interval = fc
      .tuple(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 1, max: 20 }))
      .map(([start, len]) => ({ start, end: start + len }));
    fc.assert(
      fc.property(fc.array(interval, { maxLength: 4 }), fc.array(interval, { maxLength: 4 }), (from, cut) => {
        const result = subtractIntervals(from, cut);
        for (let p = 0; p < 75; p += 1) {
          const inFrom = from.some((i) => i.start <= p && p < i.end);
          const inCut = cut.some((i) => i.start <= p && p < i.end);
          const inResult = result.some((i) => i.start <= p && p < i.end);
          expect(inResult).toBe(inFrom && !inCut);
        }
      }),
    );
  });
});

describe("normal lists (sorted, disjoint): merge, intersect, subtract", () => {
  const interval = fc
    .tuple(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 20 }))
    .map(([start, len]) => ({ start, end: start + len }));
  const list = fc.array(interval, { maxLength: 6 });
  const has = (l: Interval[], p: number) => l.some((i) => i.start <= p && p < i.end);
  const isNormal = (l: Interval[]) =>
    l.every((i, k) => i.end > i.start && (k === 0 || i.start > l[k - 1].end));

  it("each keeps exactly the right points, and merge and intersect give normal lists", () => {
    fc.assert(
      fc.property(list, list, (a, b) => {
        const na = mergeIntervals(a);
        const nb = mergeIntervals(b);
        const both = intersectIntervals(na, nb);
        // Subtraction keeps each interval of `from` apart: here from is normal, so the result is sorted.
        const rest = subtractSortedIntervals(na, nb);
        expect(isNormal(na)).toBe(true);
        expect(isNormal(both)).toBe(true);
        for (let k = 1; k < rest.length; k++) expect(rest[k].start).toBeGreaterThanOrEqual(rest[k - 1].end);
        for (let p = 0; p < 75; p += 1) {
          expect(has(na, p)).toBe(has(a, p));
          expect(has(both, p)).toBe(has(a, p) && has(b, p));
          expect(has(rest, p)).toBe(has(a, p) && !has(b, p));
        }
      }),
    );
  });
});
