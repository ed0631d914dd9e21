import type { Slot } from "../../../contract/bookings.js";
import type { SlotQuery } from "../../../domain/availability/types.js";
import type { EventContext } from "./repo.js";

/**
 * A one-off is open until booked or expired, a poll until booked or closed; others always. An
 * open poll's slots are its host's free time, from which the host proposes times.
 */
export function isOpen(
  et: Pick<EventContext["eventType"], "kind" | "closedAt" | "expiresAt">,
  at: Date,
): boolean {
  if (et.kind !== "one-off" && et.kind !== "poll") return true;
  return !et.closedAt && !(et.expiresAt && et.expiresAt <= at);
}

/** The month after a YYYY-MM month. */
export function nextMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, "0")}`;
}

/** Group events share a slot between seats; everything else holds the host alone. */
export const isSeated = (ctx: { eventType: Pick<EventContext["eventType"], "kind" | "maxInvitees"> }) =>
  ctx.eventType.kind === "group" || ctx.eventType.maxInvitees > 1;

/** The slot key of a booking: shared by the seats of one group slot, else the booking's own id. */
export function slotKeyFor(ctx: Pick<EventContext, "eventType">, start: Date, bookingId: string): string {
  return isSeated(ctx) ? `${ctx.eventType.id}/${start.toISOString()}` : bookingId;
}

/**
 * The zone whose wall clock lays the one grid of starts of a team event type: its owner's, read as
 * the owner's own hours are (the event type's schedule, else the owner's default; else their
 * profile). docs/design-notes.md, "Bookings with several hosts (teams)".
 */
export function gridZone(ctx: Pick<EventContext, "schedule" | "host">): string {
  return ctx.schedule?.timezone ?? ctx.host.timezone;
}

/**
 * A group event's seats left at each start (issue 28 item 2), for the booking page to show: the
 * capacity less the seats taken, from the one host's engine query. Team kinds and one-seat types
 * answer the slots as they are.
 */
export function withSeatsLeft(slots: Slot[], hosts: readonly { query: Pick<SlotQuery, "seats"> }[]): Slot[] {
  const seats = hosts.length === 1 ? hosts[0].query.seats : undefined;
  if (!seats) return slots;
  const taken = new Map(seats.taken.map((t) => [t.start, t.count]));
  return slots.map((slot) => ({
    ...slot,
    seatsLeft: seats.capacity - (taken.get(Date.parse(slot.iso)) ?? 0),
  }));
}
