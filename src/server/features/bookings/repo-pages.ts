import { and, asc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { bookings, type StoredBookingStatus } from "../../db/schema/index.js";
import { type BookingRecord, createRecordsByIds } from "./repo.js";

/** Keyset pages of a host's bookings by (start, id), for the public API's list. */
export interface BookingPageFilter {
  status?: StoredBookingStatus;
  from?: Date;
  to?: Date;
  eventTypeId?: string;
  /** The (start, id) of the previous page's last booking. */
  after?: { start: Date; id: string };
  limit: number;
}

export function createBookingPagesRepo(db: Db) {
  const recordsByIds = createRecordsByIds(db);
  return {
    /** Up to `limit` of the host's own bookings after `after`, by start then id (the host/start index). */
    async page(hostUserId: string, f: BookingPageFilter): Promise<BookingRecord[]> {
      const conditions: SQL[] = [eq(bookings.hostUserId, hostUserId)];
      if (f.status) conditions.push(eq(bookings.status, f.status));
      if (f.from) conditions.push(gte(bookings.startTime, f.from));
      if (f.to) conditions.push(lt(bookings.startTime, f.to));
      if (f.eventTypeId) conditions.push(eq(bookings.eventTypeId, f.eventTypeId));
      if (f.after) {
        conditions.push(
          sql`(${bookings.startTime}, ${bookings.id}) > (${f.after.start.toISOString()}::timestamptz, ${f.after.id}::uuid)`,
        );
      }
      const ids = await db
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(...conditions))
        .orderBy(asc(bookings.startTime), asc(bookings.id))
        .limit(f.limit);
      return recordsByIds(ids.map((r) => r.id));
    },
  };
}
