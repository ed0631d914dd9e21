import { formatTimeLabel } from "../time-labels.js";
import { civilFromDays, DAY_MS, daysFromCivil, formatDate, MINUTE_MS, parseDate } from "./calendar-days.js";
import { computeSlots } from "./slots.js";
import type { SlotQuery } from "./types.js";
import { ZoneOffsets } from "./zone-offsets.js";

export interface PresentedSlot {
  /** Wall-clock label in the zone asked for, such as '9:00am'. */
  startTime: string;
  /** The instant in UTC, such as '2026-03-08T13:00:00Z'. */
  iso: string;
}

/**
 * The instants [from, to) of a local date in a zone (23, 24 or 25 hours, or other lengths where
 * a zone moves by less than an hour), from its first instant as Temporal's startOfDay has it.
 */
export function localDateRange(date: string, zone: string): { from: number; to: number } {
  const day = parseDate(date);
  if (day === undefined) throw new RangeError(`Not a date: ${date}`);
  return daysRange(day, day + 1, zone);
}

/** From the first instant of local date `first` to the first instant of local date `end`. */
function daysRange(first: number, end: number, zone: string): { from: number; to: number } {
  const offsets = new ZoneOffsets(zone, (first - 2) * DAY_MS, (end + 2) * DAY_MS);
  return {
    from: offsets.toInstant(first * DAY_MS, "transition"),
    to: offsets.toInstant(end * DAY_MS, "transition"),
  };
}

/** UTC ISO form of an instant, without milliseconds when they are zero. */
export function isoInstant(ms: number): string {
  const iso = new Date(ms).toISOString();
  return iso.endsWith(".000Z") ? `${iso.slice(0, -5)}Z` : iso;
}

/** Slots grouped by their local date in a zone, in the order given (ascending slots give ascending maps). */
export function groupByLocalDate(slots: number[], zone: string): Map<string, PresentedSlot[]> {
  const groups = new Map<string, PresentedSlot[]>();
  if (slots.length === 0) return groups;
  let min = slots[0];
  let max = slots[0];
  for (const s of slots) {
    if (s < min) min = s;
    if (s > max) max = s;
  }
  const offsets = new ZoneOffsets(zone, min, max);
  for (const s of slots) {
    const local = s + offsets.offsetAt(s);
    const day = Math.floor(local / DAY_MS);
    const date = formatDate(day);
    const item = {
      startTime: formatTimeLabel(Math.floor((local - day * DAY_MS) / MINUTE_MS)),
      iso: isoInstant(s),
    };
    const list = groups.get(date);
    if (list) list.push(item);
    else groups.set(date, [item]);
  }
  return groups;
}

/** Slots that start on a local date of the INVITEE's zone (which may span two host dates). */
export function slotsForLocalDate(
  q: Omit<SlotQuery, "from" | "to">,
  date: string,
  inviteeZone: string,
): PresentedSlot[] {
  return slotsForLocalDateOf((range) => computeSlots({ ...q, ...range }), date, inviteeZone);
}

/** Slots of an instant range [from, to), ascending: one host's computeSlots, or several hosts' union or intersection. */
export type SlotSource = (range: { from: number; to: number }) => number[];

/** slotsForLocalDate for any source of slots (several hosts). */
export function slotsForLocalDateOf(source: SlotSource, date: string, inviteeZone: string): PresentedSlot[] {
  const range = localDateRange(date, inviteeZone);
  return groupByLocalDate(source(range), inviteeZone).get(date) ?? [];
}

/** Local dates (invitee zone) of a month 'YYYY-MM' with at least one slot, ascending; one engine run. */
export function daysWithSlots(
  q: Omit<SlotQuery, "from" | "to">,
  month: string,
  inviteeZone: string,
): string[] {
  return daysWithSlotsOf((range) => computeSlots({ ...q, ...range }), month, inviteeZone);
}

/** daysWithSlots for any source of slots (several hosts). */
export function daysWithSlotsOf(source: SlotSource, month: string, inviteeZone: string): string[] {
  const first = parseDate(`${month}-01`);
  if (first === undefined) throw new RangeError(`Not a month: ${month}`);
  const { year, month: m } = civilFromDays(first);
  const end = daysFromCivil(m === 12 ? year + 1 : year, m === 12 ? 1 : m + 1, 1);
  const range = daysRange(first, end, inviteeZone);
  const offsets = new ZoneOffsets(inviteeZone, range.from, range.to);
  const dates: string[] = [];
  let lastDay = Number.NaN;
  for (const s of source(range)) {
    const day = Math.floor((s + offsets.offsetAt(s)) / DAY_MS);
    if (day !== lastDay) dates.push(formatDate(day));
    lastDay = day;
  }
  return dates;
}
