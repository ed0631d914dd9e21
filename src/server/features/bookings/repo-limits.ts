import { and, gte, inArray, lt, sql } from "drizzle-orm";
import type { LimitRow } from "../../../domain/booking-limits.js";
import type { DbOrTx } from "../../db/client.js";
import { bookings, HOLDING_STATUSES } from "../../db/schema/index.js";

/**
 * Serialises the bookings of one host that are checked against booking limits (issue 28), until the
 * transaction ends: a transaction-scoped advisory lock keyed by the host, so two bookings counting
 * the same day never both see room for one more. Hosts without limits never take it.
 */
export async function lockHostBookings(db: DbOrTx, hostUserId: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`kairos:host-bookings:${hostUserId}`}, 0))`,
  );
}

/** The host's confirmed and pending bookings starting in [from, to), as the limits count them. */
export async function limitRowsBetween(
  db: DbOrTx,
  hostUserId: string,
  from: Date,
  to: Date,
): Promise<LimitRow[]> {
  const rows = await db
    .select({
      start: bookings.startTime,
      end: bookings.endTime,
      eventTypeId: bookings.eventTypeId,
      id: bookings.id,
    })
    .from(bookings)
    .where(
      and(
        sql`${bookings.hostUserId} = ${hostUserId}`,
        inArray(bookings.status, [...HOLDING_STATUSES]),
        gte(bookings.startTime, from),
        lt(bookings.startTime, to),
      ),
    );
  return rows.map((r) => [
    r.start.getTime(),
    (r.end.getTime() - r.start.getTime()) / 60_000,
    r.eventTypeId,
    r.id,
  ]);
}
