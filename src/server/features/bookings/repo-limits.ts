import { and, gte, inArray, lt, sql } from "drizzle-orm";
import type { LimitRow } from "../../../domain/booking-limits.js";
import type { DbOrTx } from "../../db/client.js";
import { bookingHosts, HOLDING_STATUSES } from "../../db/schema/index.js";

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

/** The host's confirmed and pending meetings starting in [from, to), as the limits count them. */
export async function limitRowsBetween(
  db: DbOrTx,
  hostUserId: string,
  from: Date,
  to: Date,
): Promise<LimitRow[]> {
  return (await teamLimitRowsBetween(db, [hostUserId], from, to)).get(hostUserId) ?? [];
}

/**
 * The confirmed and pending meetings of each of these hosts starting in [from, to), by host id: every
 * meeting occupying them (booking_hosts), so a collective one they join counts as well as their own.
 */
export async function teamLimitRowsBetween(
  db: DbOrTx,
  hostUserIds: string[],
  from: Date,
  to: Date,
): Promise<Map<string, LimitRow[]>> {
  const byHost = new Map<string, LimitRow[]>(hostUserIds.map((id) => [id, []]));
  if (hostUserIds.length === 0) return byHost;
  const rows = await db
    .select({
      hostUserId: bookingHosts.hostUserId,
      start: bookingHosts.startTime,
      end: bookingHosts.endTime,
      eventTypeId: bookingHosts.eventTypeId,
      id: bookingHosts.bookingId,
    })
    .from(bookingHosts)
    .where(
      and(
        inArray(bookingHosts.hostUserId, hostUserIds),
        inArray(bookingHosts.status, [...HOLDING_STATUSES]),
        gte(bookingHosts.startTime, from),
        lt(bookingHosts.startTime, to),
      ),
    );
  for (const r of rows) {
    byHost
      .get(r.hostUserId)
      ?.push([r.start.getTime(), (r.end.getTime() - r.start.getTime()) / 60_000, r.eventTypeId, r.id]);
  }
  return byHost;
}
