import type { BookingEventInput } from "../../calendar-providers/types.js";
import type { Db } from "../../db/client.js";
import type { CalendarAccountRow, CalendarEventRow } from "../../db/schema/index.js";
import { sha256 } from "../../lib/crypto.js";
import type { BookingRecord } from "../bookings/index.js";
import { createCalendarsRepo } from "./repo.js";
import type { AccountsService } from "./service-accounts.js";

/** Seats of a group slot have slot keys `${eventTypeId}/${start}`; other bookings their own id. */
export const isSeatKey = (slotKey: string) => slotKey.includes("/");

export interface SeatEventDeps {
  accounts: AccountsService;
  now: () => Date;
  /** The slot's confirmed seats now (the bookings service). */
  seatsOf: (hostId: string, slotKey: string) => Promise<BookingRecord[]>;
  /** Where a new event of the host's goes (service-sync.ts). */
  target: (
    hostId: string,
    eventTypeId: string | null,
  ) => Promise<{ account: CalendarAccountRow; calendarRemoteId: string } | undefined>;
  /** One booking's event (service-sync.ts); the slot's event starts from its first seat's. */
  eventOf: (
    rec: BookingRecord,
    organizer: { name: string; email: string },
    meet: boolean,
  ) => BookingEventInput;
  invalidate: (hostId: string, accountId: string, calendarRemoteId: string) => Promise<void>;
}

/**
 * The host's one calendar event for a group slot (issue 28 item 2): the first seat creates it, later
 * seats are added to its attendees, a cancelled seat is taken off, and the last one cancelled deletes
 * it. Every seat's calendar_events row names the slot (`slot_key`) and the shared remote event; the
 * slot's seats are synced one at a time within a process (service-sync.ts `exclusive` by slot key).
 */
export function createSeatEvents(db: Db, deps: SeatEventDeps) {
  /** The event of a slot with these seats: one UID per slot, every seat an attendee. */
  function slotEvent(slotKey: string, seats: BookingRecord[], organizer: { name: string; email: string }) {
    const first = deps.eventOf(seats[0], organizer, false);
    const title = seats[0].eventType?.title ?? seats[0].booking.eventTitle;
    const people = seats.flatMap((s) => [
      { name: s.booking.attendeeName, email: s.booking.attendeeEmail },
      ...s.booking.guests.map((g) => ({ name: g, email: g })),
    ]);
    const count = seats.length === 1 ? "1 attendee" : `${seats.length} attendees`;
    return {
      ...first,
      uid: `seats-${sha256(`${seats[0].host.id}/${slotKey}`).slice(0, 32)}`,
      // Seconds: a later version of the slot's event always carries a higher SEQUENCE.
      sequence: Math.floor(deps.now().getTime() / 1000),
      summary: `${title} (${count})`,
      description: [
        `${title}: ${count}`,
        ...people.map((p) => `${p.name} <${p.email}>`),
        first.description.split("\n").at(-1) ?? "",
      ].join("\n"),
      attendees: people,
    };
  }

  /**
   * Writes the event of `slotKey` as its confirmed seats stand now, on behalf of `row` (a seat of it, or
   * one that just left it). Throws when the provider fails, so the job retries.
   */
  async function writeSlot(
    hostId: string,
    slotKey: string,
    row: CalendarEventRow,
    eventTypeId: string | null,
  ) {
    const repo = createCalendarsRepo(db);
    const seats = await deps.seatsOf(hostId, slotKey);
    const ids = [...new Set([row.bookingId, ...seats.map((s) => s.booking.id)])];
    const rows = (await repo.eventsFor(hostId, ids)).filter((r) => r.slotKey === slotKey);
    const shared = rows.find((r) => r.remoteId && r.accountId && r.calendarRemoteId);
    const account = shared?.accountId ? await repo.findAccount(hostId, shared.accountId) : undefined;
    const seatIds = new Set(seats.map((s) => s.booking.id));
    const left = rows.filter((r) => !seatIds.has(r.bookingId)).map((r) => r.bookingId);
    if (seats.length === 0) {
      if (shared?.remoteId && shared.calendarRemoteId && account) {
        await deps.accounts.open(account).remove(shared.calendarRemoteId, shared.remoteId);
        await deps.invalidate(hostId, account.id, shared.calendarRemoteId);
      }
      await repo.updateEvents(left, { remoteId: null, slotKey: null, state: "synced", lastError: null });
      return "deleted";
    }
    const where =
      account && shared?.calendarRemoteId
        ? { account, calendarRemoteId: shared.calendarRemoteId }
        : await deps.target(hostId, eventTypeId);
    if (!where) {
      await repo.updateEvent(row.bookingId, {
        state: "failed",
        lastError: "No connected calendar receives bookings",
      });
      return "no calendar";
    }
    const written = await deps.accounts
      .open(where.account)
      .write(
        where.calendarRemoteId,
        slotEvent(slotKey, seats, { name: seats[0].host.name, email: where.account.email }),
        shared?.remoteId ?? null,
      );
    await repo.updateEvents([...seatIds], {
      accountId: where.account.id,
      calendarRemoteId: where.calendarRemoteId,
      remoteId: written.remoteId,
      slotKey,
      state: "synced",
      lastError: null,
    });
    // A cancelled (or moved) seat names the event no more.
    await repo.updateEvents(left, { remoteId: null, slotKey: null, state: "synced", lastError: null });
    await deps.invalidate(hostId, where.account.id, where.calendarRemoteId);
    return "written";
  }

  return {
    /** Makes the host's calendar match the seat's slot now (and the slot it left, when moved). */
    async sync(hostId: string, rec: BookingRecord, row: CalendarEventRow): Promise<string> {
      const eventTypeId = rec.eventType?.id ?? null;
      if (row.slotKey && row.slotKey !== rec.booking.slotKey)
        await writeSlot(hostId, row.slotKey, row, eventTypeId);
      if (!isSeatKey(rec.booking.slotKey)) return "left the group slot";
      // Tag the row with its slot first, so the slot's write finds (or updates) it.
      if (row.slotKey !== rec.booking.slotKey)
        await createCalendarsRepo(db).updateEvent(row.bookingId, { slotKey: rec.booking.slotKey });
      return writeSlot(hostId, rec.booking.slotKey, { ...row, slotKey: rec.booking.slotKey }, eventTypeId);
    },
  };
}
