import { sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.js";
import { keptStatement } from "../../db/prepared.js";
import { type BookingRow, bookings } from "../../db/schema/index.js";
import type { BookingInsert } from "./repo.js";

/** A new booking's insert: answering the row, or `quietly`, answering nothing. */
export interface BookingInsertRun {
  (tx: DbOrTx, values: BookingInsert): Promise<BookingRow>;
  /**
   * The same insert answering nothing, for a caller that already holds the row as draftRow makes it
   * (service-records.ts): the same row, but for its created and updated times, which the draft takes
   * from the app's clock a moment before the database stamps its own. On PGlite it goes with the
   * transaction's next statement or its commit (db/prepared.ts `deferred`), one call fewer.
   */
  quietly(tx: DbOrTx, values: BookingInsert): Promise<void>;
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
  return Object.assign(insert, {
    async quietly(tx: DbOrTx, values: BookingInsert) {
      await runQuietly(tx, paramsOf(values));
    },
  });
}
