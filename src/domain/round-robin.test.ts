import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { monthWindow, type RoundRobinCandidate, rankRoundRobin } from "./round-robin.js";

const host = (hostId: string, over: Partial<RoundRobinCandidate> = {}): RoundRobinCandidate => ({
  hostId,
  count: 0,
  lastBookedAt: null,
  weight: 1,
  priority: 0,
  ...over,
});

/** Books n times, always giving the booking to the first ranked host. */
function simulate(hosts: RoundRobinCandidate[], n: number): Map<string, number> {
  let state = hosts.map((h) => ({ ...h }));
  for (let i = 0; i < n; i++) {
    const [winner] = rankRoundRobin(state);
    state = state.map((h) =>
      h.hostId === winner.hostId ? { ...h, count: h.count + 1, lastBookedAt: i } : h,
    );
  }
  return new Map(state.map((h) => [h.hostId, h.count]));
}

describe("round-robin ranking", () => {
  it("gives the booking to the host with the fewest bookings, then the least recently booked", () => {
    expect(rankRoundRobin([host("a", { count: 2 }), host("b", { count: 1 })])[0].hostId).toBe("b");
    expect(
      rankRoundRobin([
        host("a", { count: 1, lastBookedAt: 20 }),
        host("b", { count: 1, lastBookedAt: 10 }),
      ])[0].hostId,
    ).toBe("b");
    expect(
      rankRoundRobin([host("a", { count: 1, lastBookedAt: 5 }), host("b", { count: 1 })])[0].hostId,
    ).toBe("b");
  });

  it("lets priority break ties of load before recency", () => {
    const ranked = rankRoundRobin([
      host("a", { count: 1, lastBookedAt: 1 }),
      host("b", { count: 1, lastBookedAt: 9, priority: 2 }),
    ]);
    expect(ranked[0].hostId).toBe("b");
    // but never beats a lower load
    expect(rankRoundRobin([host("a"), host("b", { count: 1, priority: 5 })])[0].hostId).toBe("a");
  });

  it("keeps equal hosts within one booking of each other at every step", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 6 }), fc.integer({ min: 1, max: 400 }), (k, n) => {
        const counts = [
          ...simulate(
            Array.from({ length: k }, (_, i) => host(`h${i}`)),
            n,
          ).values(),
        ];
        expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("shares by weight: 2:1:1 over 300 bookings is 150/75/75", () => {
    const counts = simulate([host("a", { weight: 2 }), host("b"), host("c")], 300);
    expect([counts.get("a"), counts.get("b"), counts.get("c")]).toEqual([150, 75, 75]);
  });
});

describe("fairness window", () => {
  it("is the calendar month in the zone given", () => {
    // 2026-10-31 20:00Z is already November 1st in Kathmandu (UTC+5:45).
    const w = monthWindow(Date.parse("2026-10-31T20:00:00Z"), "Asia/Kathmandu");
    expect(new Date(w.from).toISOString()).toBe("2026-10-31T18:15:00.000Z");
    expect(new Date(w.to).toISOString()).toBe("2026-11-30T18:15:00.000Z");
    const ny = monthWindow(Date.parse("2026-12-15T12:00:00Z"), "America/New_York");
    expect(new Date(ny.from).toISOString()).toBe("2026-12-01T05:00:00.000Z");
    expect(new Date(ny.to).toISOString()).toBe("2027-01-01T05:00:00.000Z");
  });
});
