import { computeSlots } from "./slots.js";
import type { SlotQuery } from "./types.js";

/**
 * Slots of events with several hosts. Each host brings their own query (their zone, hours,
 * overrides, holidays, busy time); the event type's duration, window and range are the same in all.
 */

/** A host and the engine query of their availability. */
export interface HostQuery<K> {
  host: K;
  query: SlotQuery;
}

/** Round robin: a start is offered when at least one host is free then (the union, ascending). */
export function slotsAnyOf(queries: readonly SlotQuery[]): number[] {
  if (queries.length === 1) return computeSlots(queries[0]);
  const all = new Set<number>();
  for (const q of queries) for (const s of computeSlots(q)) all.add(s);
  return [...all].sort((a, b) => a - b);
}

/** Collective: a start is offered only when every host is free then (the intersection, ascending). */
export function slotsAllOf(queries: readonly SlotQuery[]): number[] {
  if (queries.length === 0) return [];
  // Start from the host with the fewest slots: every other host only filters that list.
  const lists = queries.map((q) => computeSlots(q)).sort((a, b) => a.length - b.length);
  let out = lists[0];
  for (let i = 1; i < lists.length && out.length > 0; i++) {
    const other = new Set(lists[i]);
    out = out.filter((s) => other.has(s));
  }
  return out;
}

/** The hosts free at instant `t` (a slot of theirs), in the order given. */
export function hostsFreeAt<K>(hosts: readonly HostQuery<K>[], t: number): K[] {
  const DAY = 86_400_000;
  return hosts
    .filter((h) => computeSlots({ ...h.query, from: t - DAY, to: t + DAY }).includes(t))
    .map((h) => h.host);
}
