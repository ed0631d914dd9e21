import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { subtractIntervals } from "./intervals.js";

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
