import { civilFromDays, daysFromCivil, formatDate } from "./availability/calendar-days.js";
import { localDateRange } from "./availability/present.js";
import { ZoneOffsets } from "./availability/zone-offsets.js";

/**
 * Round-robin fairness: which free host takes the next booking of an event type.
 *
 * Each candidate's load is their bookings of this event type in the current window (the calendar
 * month) divided by their weight, so a host of weight 2 takes twice the bookings of a host of
 * weight 1. The lowest load wins; ties go to the higher priority, then to the host booked least
 * recently (never booked first), then to the lower id so the order is total and repeatable.
 */
export interface RoundRobinCandidate {
  hostId: string;
  /** Bookings of this event type in the window. */
  count: number;
  /** Epoch ms of the host's latest booking of this event type (creation time), null if none. */
  lastBookedAt: number | null;
  /** > 0; default 1. */
  weight: number;
  /** Higher goes first among equal loads; default 0. */
  priority: number;
}

export function rankRoundRobin(candidates: readonly RoundRobinCandidate[]): RoundRobinCandidate[] {
  return [...candidates].sort(
    (a, b) =>
      // Compare loads by cross-multiplication: exact for whole counts and weights, no float drift.
      a.count * (b.weight > 0 ? b.weight : 1) - b.count * (a.weight > 0 ? a.weight : 1) ||
      b.priority - a.priority ||
      (a.lastBookedAt ?? Number.NEGATIVE_INFINITY) - (b.lastBookedAt ?? Number.NEGATIVE_INFINITY) ||
      (a.hostId < b.hostId ? -1 : a.hostId > b.hostId ? 1 : 0),
  );
}

/** The calendar month containing `now` in `zone`, as instants [from, to): the fairness window. */
export function monthWindow(now: number, zone: string): { from: number; to: number } {
  const today = new ZoneOffsets(zone, now, now).localDay(now);
  const { year, month } = civilFromDays(today);
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return {
    from: localDateRange(formatDate(daysFromCivil(year, month, 1)), zone).from,
    to: localDateRange(formatDate(daysFromCivil(next.year, next.month, 1)), zone).from,
  };
}
