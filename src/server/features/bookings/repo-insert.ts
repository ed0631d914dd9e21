import { sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.js";
import { keptStatement, runsAlone } from "../../db/prepared.js";
import { type BookingRow, bookingHosts, bookings } from "../../db/schema/index.js";
import type { BookingInsert } from "./repo.js";

/** A new booking's insert: answering the row, or `quietly`, answering nothing. */
export interface BookingInsertRun {
  (tx: DbOrTx, values: BookingInsert): Promise<BookingRow>;
  /**
   * The same insert answering nothing, for a caller that already holds the row as draftRow makes it
   * (service-records.ts): the same row, but for its created and updated times, which the draft takes
   * from the app's clock a moment before the database stamps its own. `coHostIds`: a collective
   * booking's other hosts, each given a (booking, host) row. Every statement goes with the
   * transaction's commit (db/prepared.ts `deferred`), where booking_hosts_no_overlap still refuses a
   * host already taken (the commit fails, and with it the booking).
   *
   * On PostgreSQL the locks of the quarter hours the booking holds of each host (slotLockKeys) are
   * taken first: two new bookings whose rows overlap (a collective booking and a co-host's own, or one
   * host's two event types) would otherwise each insert, find the other's row, and wait for each
   * other until PostgreSQL aborts one as a deadlock, a second later. Overlapping rows share a quarter
   * hour, so one waits for the other's commit and then meets its row; other times pass.
   * PGlite runs one transaction at a time: nothing to take there.
   */
  quietly(tx: DbOrTx, values: BookingInsert, coHostIds?: readonly string[]): Promise<void>;
}

/**
 * The booking insert, kept prepared on PGlite (db/prepared.ts): every booking runs it, and parsing
 * and planning this wide insert was most of its cost there. Make one per database; run it with the
 * booking's transaction.
 */
export function createBookingInsert(db: Db): BookingInsertRun {
  const p = sql.placeholder;
  const columns = () => ({
    id: p("id"),
    uid: p("uid"),
    hostUserId: p("hostUserId"),
    eventTypeId: p("eventTypeId"),
    eventTitle: p("eventTitle"),
    eventColor: p("eventColor"),
    eventSlug: p("eventSlug"),
    startTime: p("startTime"),
    endTime: p("endTime"),
    slotKey: p("slotKey"),
    attendeeName: p("attendeeName"),
    attendeeEmail: p("attendeeEmail"),
    attendeePhone: p("attendeePhone"),
    attendeeTimezone: p("attendeeTimezone"),
    language: p("language"),
    hostTimezone: p("hostTimezone"),
    // Passed as JSON text, so a missing location stays SQL NULL (a placeholder would encode JSON null).
    location: sql`${p("location")}::jsonb`,
    answers: p("answers"),
    guests: p("guests"),
    message: p("message"),
    attribution: sql`${p("attribution")}::jsonb`,
    manageTokenHash: p("manageTokenHash"),
    status: p("status"),
    // As text, so no expiry stays SQL NULL (drizzle's timestamp mapping refuses a null placeholder).
    requestExpiresAt: sql`${p("requestExpiresAt")}::timestamptz`,
    approvalTokenHash: p("approvalTokenHash"),
    seriesId: sql`${p("seriesId")}::uuid`,
    seriesIndex: sql`${p("seriesIndex")}::int`,
  });
  const run = keptStatement(db, "bookings_insert", (handle) =>
    handle.insert(bookings).values(columns()).returning().prepare("bookings_insert"),
  );
  const runQuietly = keptStatement(
    db,
    "bookings_insert_quiet",
    (handle) => handle.insert(bookings).values(columns()).prepare("bookings_insert_quiet"),
    { deferred: true },
  );
  // Lists go as one text (kept statements take no arrays): the slot lock keys, the co-hosts' ids.
  const lockHosts = keptStatement(
    db,
    "booking_hosts_lock",
    (handle) =>
      handle
        .select({ locked: sql`pg_advisory_xact_lock(hashtextextended(k, 0))` })
        .from(sql`unnest(string_to_array(${p("keys")}::text, ',')) with ordinality as u(k, n)`)
        // A volatile function is evaluated after the sort: the locks are taken in the list's order.
        .orderBy(sql`n`)
        .prepare("booking_hosts_lock"),
    { deferred: true },
  );
  const coHosts = keptStatement(
    db,
    "booking_co_hosts_insert_quiet",
    (handle) =>
      handle
        .insert(bookingHosts)
        .select(
          sql`select ${p("id")}::uuid, h::uuid, ${p("eventTypeId")}::uuid, ${p("startTime")}::timestamptz,
            ${p("endTime")}::timestamptz, ${p("status")}, ${p("slotKey")}
          from unnest(string_to_array(${p("hostIds")}::text, ',')) h`,
        )
        .prepare("booking_co_hosts_insert_quiet"),
    { deferred: true },
  );
  const paramsOf = (values: BookingInsert) => ({
    ...values,
    location: values.location === null ? null : JSON.stringify(values.location),
    attribution: values.attribution ? JSON.stringify(values.attribution) : null,
    status: values.status ?? "confirmed",
    requestExpiresAt: values.requestExpiresAt?.toISOString() ?? null,
    approvalTokenHash: values.approvalTokenHash ?? null,
    seriesId: values.seriesId ?? null,
    seriesIndex: values.seriesIndex ?? null,
  });
  const insert = async (tx: DbOrTx, values: BookingInsert) => {
    const [row] = await run(tx, paramsOf(values));
    return row;
  };
  const lockingHosts = !runsAlone(db);
  return Object.assign(insert, {
    async quietly(tx: DbOrTx, values: BookingInsert, coHostIds: readonly string[] = []) {
      if (lockingHosts) {
        const keys = slotLockKeys([values.hostUserId, ...coHostIds], values.startTime, values.endTime);
        await lockHosts(tx, { keys: keys.join(",") });
      }
      await runQuietly(tx, paramsOf(values));
      if (coHostIds.length === 0) return;
      await coHosts(tx, {
        id: values.id,
        eventTypeId: values.eventTypeId,
        startTime: values.startTime.toISOString(),
        endTime: values.endTime.toISOString(),
        status: values.status ?? "confirmed",
        slotKey: values.slotKey,
        hostIds: coHostIds.join(","),
      });
    },
  });
}

/**
 * The span of one slot lock. Shorter spans let more bookings of one host's day be written side by
 * side (a quarter hour: a host's back-to-back 15-minute meetings never wait for each other), longer
 * ones take fewer locks for a long meeting (an 8-hour one: 32 per host).
 */
const SLOT_LOCK_MS = 15 * 60_000;

/**
 * The advisory lock keys of a new booking's hosts over [start, end): one per host and quarter hour
 * it touches, sorted, so two bookings sharing keys take them in one order and never wait crosswise.
 */
export function slotLockKeys(hostIds: readonly string[], start: Date, end: Date): string[] {
  const first = Math.floor(start.getTime() / SLOT_LOCK_MS);
  const last = Math.floor((Math.max(end.getTime(), start.getTime() + 1) - 1) / SLOT_LOCK_MS);
  const keys: string[] = [];
  for (const host of hostIds) for (let h = first; h <= last; h++) keys.push(`kairos:host-slots:${host}:${h}`);
  return keys.sort();
}
