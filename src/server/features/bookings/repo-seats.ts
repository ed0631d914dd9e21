import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { bookings, eventTypes, HOLDING_STATUSES, type StoredBookingStatus } from "../../db/schema/index.js";
import { type BookingRecord, selectRecords } from "./repo.js";

/** One seat of a group meeting as its host's list shows it. */
export interface SeatRow {
  id: string;
  slotKey: string;
  name: string;
  email: string;
  status: StoredBookingStatus;
  endTime: Date;
  /** The event type's seats now (null once it is deleted). */
  capacity: number | null;
}

/** The seats of group meetings (issue 28 item 2): all bookings sharing a slot key. */
export function createSeatsRepo(db: DbOrTx) {
  return {
    /** Every seat, cancelled ones too, of the host's meetings with these slot keys, in booking order. */
    seatsOf(hostUserId: string, slotKeys: string[]): Promise<SeatRow[]> {
      if (slotKeys.length === 0) return Promise.resolve([]);
      return db
        .select({
          id: bookings.id,
          slotKey: bookings.slotKey,
          name: bookings.attendeeName,
          email: bookings.attendeeEmail,
          status: bookings.status,
          endTime: bookings.endTime,
          capacity: eventTypes.maxInvitees,
        })
        .from(bookings)
        .leftJoin(eventTypes, eq(eventTypes.id, bookings.eventTypeId))
        .where(and(eq(bookings.hostUserId, hostUserId), inArray(bookings.slotKey, slotKeys)))
        .orderBy(asc(bookings.createdAt), asc(bookings.id));
    },

    /**
     * The names of the other confirmed seats of a meeting, in booking order, only where its group
     * event type shows attendees to each other (issue 28 item 2); otherwise none.
     */
    async namesShownTo(seat: { id: string; hostUserId: string; slotKey: string }): Promise<string[]> {
      const rows = await db
        .select({ name: bookings.attendeeName })
        .from(bookings)
        .innerJoin(eventTypes, eq(eventTypes.id, bookings.eventTypeId))
        .where(
          and(
            eq(bookings.hostUserId, seat.hostUserId),
            eq(bookings.slotKey, seat.slotKey),
            eq(bookings.status, "confirmed"),
            ne(bookings.id, seat.id),
            eq(eventTypes.kind, "group"),
            sql`coalesce((${eventTypes.bookingSettings} ->> 'showAttendees')::boolean, false)`,
          ),
        )
        .orderBy(asc(bookings.createdAt), asc(bookings.id));
      return rows.map((r) => r.name);
    },

    /** The confirmed seats of one meeting, in booking order (the calendar event's attendees). */
    confirmedSeats(hostUserId: string, slotKey: string): Promise<BookingRecord[]> {
      return selectRecords(db)
        .where(
          and(
            eq(bookings.hostUserId, hostUserId),
            eq(bookings.slotKey, slotKey),
            eq(bookings.status, "confirmed"),
          ),
        )
        .orderBy(asc(bookings.createdAt), asc(bookings.id));
    },

    /** The seats of one meeting that hold it (confirmed or pending), locked for the transaction. */
    lockHoldingSeats(hostUserId: string, slotKey: string): Promise<BookingRecord[]> {
      return selectRecords(db)
        .where(
          and(
            eq(bookings.hostUserId, hostUserId),
            eq(bookings.slotKey, slotKey),
            inArray(bookings.status, [...HOLDING_STATUSES]),
          ),
        )
        .orderBy(asc(bookings.id))
        .for("update", { of: bookings });
    },
  };
}
