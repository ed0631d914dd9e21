import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import type { RecurrenceFrequency } from "../../../domain/recurrence.js";
import type { DbOrTx } from "../../db/client.js";
import { type BookingSeriesRow, bookingSeries, bookings, HOLDING_STATUSES } from "../../db/schema/index.js";
import { type BookingRecord, selectRecords } from "./repo.js";

/** Recurring bookings' series rows (issue 28 item 3); their occurrences are bookings. */
export function createSeriesRepo(db: DbOrTx) {
  return {
    async insert(values: {
      id: string;
      hostUserId: string;
      eventTypeId: string;
      frequency: RecurrenceFrequency;
      count: number;
      timezone: string;
      startTime: Date;
      rescheduledFromId?: string;
    }): Promise<BookingSeriesRow> {
      const [row] = await db.insert(bookingSeries).values(values).returning();
      return row;
    },

    /** The series rows of these ids (a page of bookings' series). */
    many(ids: string[]): Promise<BookingSeriesRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.select().from(bookingSeries).where(inArray(bookingSeries.id, ids));
    },

    async find(id: string): Promise<BookingSeriesRow | undefined> {
      const [row] = await db.select().from(bookingSeries).where(eq(bookingSeries.id, id)).limit(1);
      return row;
    },

    /** The series row, locked for the transaction: one "this and following" move of a series at a time. */
    async lock(id: string): Promise<BookingSeriesRow | undefined> {
      const [row] = await db.select().from(bookingSeries).where(eq(bookingSeries.id, id)).for("update");
      return row;
    },

    /**
     * Raises the series' invite SEQUENCE (an occurrence moved off its date); with `count`, the series
     * also ends after that many occurrences ("this and following" moved the rest to a new series).
     */
    async revise(id: string, count?: number): Promise<void> {
      await db
        .update(bookingSeries)
        .set({ sequence: sql`${bookingSeries.sequence} + 1`, ...(count ? { count } : {}) })
        .where(eq(bookingSeries.id, id));
    },

    /** Every occurrence written of a series (any status), in order. */
    occurrences(seriesId: string): Promise<BookingRecord[]> {
      return selectRecords(db).where(eq(bookings.seriesId, seriesId)).orderBy(asc(bookings.seriesIndex));
    },

    /** The occurrences from `fromIndex` on that still hold their slot ("this and following"). */
    holdingFrom(seriesId: string, fromIndex: number): Promise<BookingRecord[]> {
      return (
        selectRecords(db)
          .where(
            and(
              eq(bookings.seriesId, seriesId),
              gte(bookings.seriesIndex, fromIndex),
              inArray(bookings.status, [...HOLDING_STATUSES]),
            ),
          )
          .orderBy(asc(bookings.seriesIndex))
          // Locked for the cancelling transaction: a second "this and following" racing it waits, and then
          // no longer finds the occurrences this one cancelled (PostgreSQL rechecks the status once it gets
          // the lock), so none is cancelled, mailed or announced twice.
          .for("update", { of: bookings })
      );
    },
  };
}
