import { randomUUID } from "node:crypto";
import { getTableColumns, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.js";
import { keptStatement } from "../../db/prepared.js";
import { bookings, contacts } from "../../db/schema/index.js";
import { autoFillSet } from "./repo.js";

/** What a booking fills in its invitee's contact ('' where the booking says nothing). */
export interface BookingContactFill {
  fullName: string;
  phone: string;
  timezone: string;
  company: string;
  jobTitle: string;
  /** The booking's UTM and metadata as JSON, or null: kept from the first booking that had any. */
  attribution: string | null;
}

/**
 * The contacts statements every booking runs (its listener), kept prepared on PGlite
 * (db/prepared.ts): parsing and planning them cost more than the booking's own insert. Make one per
 * database; run them with the booking's transaction.
 */
export function createContactsBookingStatements(db: Db) {
  const p = sql.placeholder;
  const host = sql`${p("hostUserId")}::uuid`;
  const email = sql`${p("email")}::text`;
  const now = sql`${p("now")}::timestamptz`;
  // The invitee's meetings, as recountMeetings counts them: confirmed ones that have ended took
  // place; the earliest end still ahead is when the counts next go stale.
  const held = (what: ReturnType<typeof sql>) => sql`(
    select ${what} from ${bookings} b
    where b.host_user_id = ${host} and b.attendee_email = ${email} and b.status = 'confirmed')`;

  /**
   * Creates the invitee's contact or fills what the host never edited (as upsertAuto does), with its
   * meeting counts: one statement instead of an upsert and a recount.
   */
  const filled = {
    ...autoFillSet({ fullName: "", phone: "", timezone: "", company: "", jobTitle: "" }),
    sourceAttribution: sql`coalesce(${contacts.sourceAttribution}, excluded.source_attribution)`,
    totalMeetings: sql`excluded.total_meetings`,
    lastMeetingAt: sql`excluded.last_meeting_at`,
    countsValidUntil: sql`excluded.counts_valid_until`,
  };
  // A repeat invitee's booking usually changes nothing of the contact (a meeting ahead counts once
  // held). Writing the row anyway cost a new version of it in every index, the trigram one included:
  // most of the upsert's time on PGlite. So the row is written only when a value would change.
  const changes = sql.join(
    Object.entries(filled).map(
      ([field, value]) => sql`${contacts[field as keyof typeof filled]} is distinct from ${value}`,
    ),
    sql` or `,
  );
  const upsertInto = (h: DbOrTx) =>
    h
      .insert(contacts)
      .values({
        // The id comes from here: on PGlite, gen_random_uuid() opens /dev/urandom for every row.
        id: sql`${p("id")}::uuid`,
        hostUserId: host,
        email,
        source: "booking",
        fullName: p("fullName"),
        phone: p("phone"),
        timezone: p("timezone"),
        company: p("company"),
        jobTitle: p("jobTitle"),
        sourceAttribution: sql`${p("attribution")}::jsonb`,
        totalMeetings: held(sql`count(*) filter (where b.end_time <= ${now})::int`),
        lastMeetingAt: held(sql`max(b.start_time) filter (where b.end_time <= ${now})`),
        countsValidUntil: held(sql`min(b.end_time) filter (where b.end_time > ${now})`),
      })
      .onConflictDoUpdate({
        target: [contacts.hostUserId, contacts.email],
        set: { ...filled, updatedAt: sql`now()` },
        setWhere: changes,
      });
  /**
   * The upsert answering the contact's row and whether this statement made it (a row an upsert
   * inserted has no xmax): a new one is announced (contacts/events.ts) without a second read. A
   * contact the booking left as it was answers no row: it was not made either.
   */
  const upsert = keptStatement(db, "contacts_booking_upsert", (h) =>
    upsertInto(h)
      .returning({ ...getTableColumns(contacts), created: sql<boolean>`(xmax = 0)` })
      .prepare("contacts_booking_upsert"),
  );
  /**
   * The upsert answering nothing, for a host with no followers of new contacts: on PGlite it goes with
   * the transaction's next statement (its commit, for a one-host booking), one call fewer.
   */
  const upsertQuietly = keptStatement(
    db,
    "contacts_booking_upsert_quiet",
    (h) => upsertInto(h).prepare("contacts_booking_upsert_quiet"),
    { deferred: true },
  );

  /** recountMeetings, prepared: after a move, cancel or no-show of the invitee's booking. */
  const recount = keptStatement(db, "contacts_booking_recount", (h) =>
    h
      .update(contacts)
      .set({
        totalMeetings: held(sql`count(*) filter (where b.end_time <= ${now})::int`),
        lastMeetingAt: held(sql`max(b.start_time) filter (where b.end_time <= ${now})`),
        countsValidUntil: held(sql`min(b.end_time) filter (where b.end_time > ${now})`),
      })
      .where(sql`${contacts.hostUserId} = ${host} and ${contacts.email} = ${email}`)
      .prepare("contacts_booking_recount"),
  );

  return {
    upsertFromBooking: (tx: DbOrTx, hostUserId: string, email: string, fill: BookingContactFill, at: Date) =>
      upsert(tx, { id: randomUUID(), hostUserId, email, ...fill, now: at.toISOString() }),
    /** upsertFromBooking when nobody reads the contact: the statement may be sent later (see above). */
    upsertFromBookingQuietly: async (
      tx: DbOrTx,
      hostUserId: string,
      email: string,
      fill: BookingContactFill,
      at: Date,
    ): Promise<void> => {
      await upsertQuietly(tx, { id: randomUUID(), hostUserId, email, ...fill, now: at.toISOString() });
    },
    recount: (tx: DbOrTx, hostUserId: string, email: string, at: Date) =>
      recount(tx, { hostUserId, email, now: at.toISOString() }),
  };
}
