import type { BookingDto } from "../../../contract/bookings.js";
import type { ListedBooking, MeetingSeats } from "../../../contract/seats.js";
import type { DbOrTx } from "../../db/client.js";
import { HOLDING_STATUSES } from "../../db/schema/index.js";
import { type EventContext, isSeated } from "../slots/service.js";
import { type BookingRecord, createBookingsRepo } from "./repo.js";
import { createSeatsRepo } from "./repo-seats.js";
import { slotTaken } from "./service-records.js";

/** A seat of a group slot: seated slot keys are `${eventTypeId}/${start}` (slots/service-rules.ts). */
export const isSeatOfGroup = (rec: BookingRecord) => rec.booking.slotKey.includes("/");

/** Seats of one slot are counted under a lock on the event type, so they never oversell. */
export async function assertSeatFree(tx: DbOrTx, ctx: EventContext, slotKey: string): Promise<void> {
  if (!isSeated(ctx)) return;
  const repo = createBookingsRepo(tx);
  const locked = await repo.lockEventType(ctx.eventType.id);
  if (!locked || (await repo.countConfirmedAtSlot(ctx.host.id, slotKey)) >= locked.maxInvitees)
    throw slotTaken();
}

/**
 * Who else sits in this seat's meeting, by name, where the host shows attendees to each other (issue 28
 * item 2); null for any other booking, so nothing about other attendees leaks by default.
 */
export async function seatMates(reader: DbOrTx, rec: BookingRecord): Promise<string[] | null> {
  if (!isSeatOfGroup(rec)) return null;
  const names = await createSeatsRepo(reader).namesShownTo(rec.booking);
  return names.length > 0 ? names : null;
}

/**
 * The Meetings list's rows with each group meeting's seats (issue 28 item 2): the list already holds
 * one row per meeting (repo-list.ts seatLead); this adds who sits in it, in one read for the page.
 */
export async function withSeats(
  reader: DbOrTx,
  hostId: string,
  page: { rec: BookingRecord; dto: BookingDto }[],
  at: Date,
): Promise<ListedBooking[]> {
  const seated = page.filter((row) => isSeatOfGroup(row.rec));
  if (seated.length === 0) return page.map((row) => row.dto);
  const rows = await createSeatsRepo(reader).seatsOf(
    hostId,
    seated.map((row) => row.rec.booking.slotKey),
  );
  const bySlot = new Map<string, MeetingSeats>();
  for (const seat of rows) {
    const seats = bySlot.get(seat.slotKey) ?? { taken: 0, capacity: seat.capacity ?? 0, attendees: [] };
    if ((HOLDING_STATUSES as readonly string[]).includes(seat.status)) seats.taken += 1;
    seats.attendees.push({
      _id: seat.id,
      name: seat.name,
      email: seat.email,
      status: seat.status === "confirmed" && seat.endTime <= at ? "completed" : seat.status,
    });
    bySlot.set(seat.slotKey, seats);
  }
  return page.map(({ rec, dto }) => {
    const seats = isSeatOfGroup(rec) ? bySlot.get(rec.booking.slotKey) : undefined;
    // A deleted event type leaves no capacity: the seats that were taken are the meeting's size.
    return seats ? { ...dto, seats: { ...seats, capacity: Math.max(seats.capacity, seats.taken) } } : dto;
  });
}
