import { MINUTE_MS } from "./calendar-days.js";
import type { SlotQuery } from "./types.js";

/**
 * Slots of a one-off meeting offered at chosen times, which may lie outside the host's weekly
 * hours: each chosen start in [from, to) that respects minimum notice and whose meeting (with
 * buffers) overlaps no busy interval. Ascending and unique.
 */
export function fixedSlots(times: readonly number[], q: SlotQuery): number[] {
  const duration = q.durationMinutes * MINUTE_MS;
  const before = Math.max(0, q.bufferBeforeMinutes || 0) * MINUTE_MS;
  const after = Math.max(0, q.bufferAfterMinutes || 0) * MINUTE_MS;
  const earliest = q.now + Math.max(0, q.minimumNoticeMinutes || 0) * MINUTE_MS;
  const out = [...new Set(times)]
    .filter((t) => t >= q.from && t < q.to && t >= earliest)
    .filter((t) =>
      q.busy.every((b) => b.end <= b.start || b.end <= t - before || b.start >= t + duration + after),
    )
    .sort((a, b) => a - b);
  return out;
}
