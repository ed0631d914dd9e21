import { and, asc, count, eq, gt, inArray, sql } from "drizzle-orm";
import type { Attribution } from "../../../contract/embed.js";
import type { EventTypeTranslations } from "../../../contract/event-type-translations.js";
import type { EventKind, Location } from "../../../contract/event-types.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { keptStatement } from "../../db/prepared.js";
import {
  type BookingRow,
  bookingHosts,
  bookings,
  eventTypes,
  HOLDING_STATUSES,
  type NewBookingRow,
  users,
} from "../../db/schema/index.js";

/** A booking with what its answers show: the event type as it is now (null once deleted) and the host. */
export interface BookingRecord {
  booking: BookingRow;
  eventType: {
    id: string;
    title: string;
    color: string;
    slug: string;
    duration: number;
    kind: EventKind;
    /** The title in other languages (issue 27): an invitee's pages and mails read theirs. */
    translations: EventTypeTranslations;
  } | null;
  /** `appLanguage`: the host's app language, which their mails speak (issue 27). */
  host: { id: string; name: string; email: string; username: string; appLanguage: string | null };
  /** The other hosts a collective booking occupies (empty for one-host bookings). */
  coHosts: { id: string; name: string; email: string; appLanguage: string | null }[];
}

export type BookingPatch = Partial<
  Pick<
    NewBookingRow,
    | "startTime"
    | "endTime"
    | "slotKey"
    | "status"
    | "icsSequence"
    | "rescheduleCount"
    | "cancelledAt"
    | "cancelReason"
    | "cancelNote"
    | "cancelledBy"
    | "manageTokenHash"
    | "earlierManageTokenHashes"
    | "location"
    | "hostUserId"
    | "hostTimezone"
    | "requestExpiresAt"
    | "approvalTokenHash"
    | "seriesId"
    | "seriesIndex"
  >
>;

const recordFields = {
  booking: bookings,
  eventType: {
    id: eventTypes.id,
    title: eventTypes.title,
    color: eventTypes.color,
    slug: eventTypes.slug,
    duration: eventTypes.duration,
    kind: eventTypes.kind,
    translations: eventTypes.translations,
  },
  host: {
    id: users.id,
    name: users.name,
    email: users.email,
    username: users.username,
    appLanguage: users.appLanguage,
  },
  coHosts: sql<BookingRecord["coHosts"]>`(
    select coalesce(json_agg(json_build_object('id', u.id, 'name', u.name, 'email', u.email, 'appLanguage', u.app_language) order by u.name), '[]'::json)
    from ${bookingHosts} h join ${users} u on u.id = h.host_user_id
    where h.booking_id = "bookings"."id" and h.host_user_id <> "bookings"."host_user_id")`,
};

/** Bookings with their event type, host and co-hosts (BookingRecord); add the conditions. */
export const selectRecords = (db: DbOrTx) =>
  db
    .select(recordFields)
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.hostUserId))
    .leftJoin(eventTypes, eq(eventTypes.id, bookings.eventTypeId));

/**
 * Bookings by id with what their answers show, in the order of `ids`. Kept prepared (db/prepared.ts):
 * a page of the Meetings list reads its 20 bookings this way, and building this wide join (drizzle,
 * ~0.5 ms) and planning it (PostgreSQL, ~0.8 ms) on every page cost more than the round trip it
 * adds after the page's ids. Make one per database.
 */
export function createRecordsByIds(db: Db): (ids: string[]) => Promise<BookingRecord[]> {
  const run = keptStatement(db, "bookings_records_by_ids", (handle) =>
    selectRecords(handle)
      .where(sql`${bookings.id} = any(${sql.placeholder("ids")}::uuid[])`)
      .prepare("bookings_records_by_ids"),
  );
  return async (ids) => {
    if (ids.length === 0) return [];
    // An array literal: ids are uuids the database gave (no quotes or commas to escape).
    const found = await run(db, { ids: `{${ids.join(",")}}` });
    const byId = new Map(found.map((r) => [r.booking.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  };
}

export function createBookingsRepo(db: DbOrTx) {
  return {
    /** The confirmed booking (or pending request) a retried request would have made. */
    async findIdentical(eventTypeId: string, start: Date, email: string): Promise<BookingRecord | undefined> {
      const [row] = await selectRecords(db)
        .where(
          and(
            eq(bookings.eventTypeId, eventTypeId),
            eq(bookings.startTime, start),
            eq(bookings.attendeeEmail, email),
            inArray(bookings.status, [...HOLDING_STATUSES]),
          ),
        )
        .limit(1);
      return row;
    },

    /** Serialises seat counting of one event type for the rest of the transaction. */
    async lockEventType(eventTypeId: string): Promise<{ maxInvitees: number } | undefined> {
      const [row] = await db
        .select({ maxInvitees: eventTypes.maxInvitees })
        .from(eventTypes)
        .where(eq(eventTypes.id, eventTypeId))
        .for("update");
      return row;
    },

    async countConfirmedAtSlot(hostUserId: string, slotKey: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(bookings)
        .where(
          and(
            eq(bookings.hostUserId, hostUserId),
            eq(bookings.slotKey, slotKey),
            inArray(bookings.status, [...HOLDING_STATUSES]),
          ),
        );
      return row?.n ?? 0;
    },

    /**
     * Round-robin fairness inputs per host: bookings of the event type made in [from, to) that
     * were not cancelled, and when the host was last given one (ever).
     */
    async roundRobinStats(
      eventTypeId: string,
      hostIds: string[],
      window: { from: Date; to: Date },
    ): Promise<Map<string, { count: number; lastBookedAt: number | null }>> {
      const rows =
        hostIds.length === 0
          ? []
          : await db
              .select({
                hostId: bookings.hostUserId,
                count: sql<number>`count(*) filter (where ${bookings.createdAt} >= ${window.from} and ${bookings.createdAt} < ${window.to} and ${bookings.status} <> 'cancelled')::int`,
                last: sql<string | null>`max(${bookings.createdAt})`,
              })
              .from(bookings)
              .where(and(eq(bookings.eventTypeId, eventTypeId), inArray(bookings.hostUserId, hostIds)))
              .groupBy(bookings.hostUserId);
      return new Map(
        rows.map((r) => [
          r.hostId,
          { count: Number(r.count), lastBookedAt: r.last ? Date.parse(r.last) : null },
        ]),
      );
    },

    /** A one-off link is used up by its booking; a poll is closed by the booking made from it. */
    async closeEventType(eventTypeId: string, at: Date, pollBookingId?: string): Promise<void> {
      await db
        .update(eventTypes)
        .set({ closedAt: at, ...(pollBookingId ? { pollBookingId } : {}) })
        .where(eq(eventTypes.id, eventTypeId));
    },

    /** Locks the event type and says whether it is still open (not closed). */
    async lockOpenEventType(eventTypeId: string): Promise<boolean> {
      const [row] = await db
        .select({ closedAt: eventTypes.closedAt })
        .from(eventTypes)
        .where(eq(eventTypes.id, eventTypeId))
        .for("update");
      return !!row && row.closedAt === null;
    },

    /** A team booking: written with its creation time from the clock, which round-robin fairness counts by. */
    async insert(values: NewBookingRow): Promise<BookingRow> {
      const [row] = await db.insert(bookings).values(values).returning();
      return row;
    },

    async findByUid(uid: string, options: { lock?: boolean } = {}): Promise<BookingRecord | undefined> {
      const query = selectRecords(db).where(eq(bookings.uid, uid)).limit(1);
      const [row] = options.lock ? await query.for("update", { of: bookings }) : await query;
      return row;
    },

    /** The host's confirmed bookings and pending requests not started by `now`, locked for the transaction. */
    lockUpcomingForHost(hostUserId: string, now: Date): Promise<BookingRecord[]> {
      return selectRecords(db)
        .where(
          and(
            eq(bookings.hostUserId, hostUserId),
            inArray(bookings.status, [...HOLDING_STATUSES]),
            gt(bookings.startTime, now),
          ),
        )
        .orderBy(asc(bookings.startTime))
        .for("update", { of: bookings });
    },

    /** Every booking of the host with what its answers show, oldest first (the account export). */
    allForHost(hostUserId: string): Promise<BookingRecord[]> {
      return selectRecords(db).where(eq(bookings.hostUserId, hostUserId)).orderBy(asc(bookings.startTime));
    },

    async findForHost(
      hostUserId: string,
      id: string,
      options: { lock?: boolean } = {},
    ): Promise<BookingRecord | undefined> {
      const query = selectRecords(db)
        .where(and(eq(bookings.id, id), eq(bookings.hostUserId, hostUserId)))
        .limit(1);
      const [row] = options.lock ? await query.for("update", { of: bookings }) : await query;
      return row;
    },

    /** Confirmed bookings of a host that have not ended by `after`, soonest first. */
    upcomingConfirmed(hostUserId: string, after: Date, limit: number, offset = 0): Promise<BookingRecord[]> {
      return selectRecords(db)
        .where(
          and(
            eq(bookings.hostUserId, hostUserId),
            eq(bookings.status, "confirmed"),
            gt(bookings.endTime, after),
          ),
        )
        .orderBy(asc(bookings.startTime), asc(bookings.id))
        .limit(limit)
        .offset(offset);
    },

    async update(id: string, patch: BookingPatch): Promise<BookingRow | undefined> {
      const [row] = await db
        .update(bookings)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(bookings.id, id))
        .returning();
      return row;
    },
  };
}

export type BookingsRepo = ReturnType<typeof createBookingsRepo>;

/** What a new booking is written with; the other columns take their defaults. */
export type BookingInsert = Required<
  Pick<
    NewBookingRow,
    | "id"
    | "uid"
    | "hostUserId"
    | "eventTypeId"
    | "eventTitle"
    | "eventColor"
    | "eventSlug"
    | "startTime"
    | "endTime"
    | "slotKey"
    | "attendeeName"
    | "attendeeEmail"
    | "attendeePhone"
    | "attendeeTimezone"
    | "language"
    | "hostTimezone"
    | "answers"
    | "guests"
    | "message"
    | "manageTokenHash"
  >
> & {
  location: Location | null;
  /** UTM and metadata (issue 25); none when the booking came without. */
  attribution?: Attribution | null;
  /** A request awaiting its host (issue 28): 'pending', when it expires, the mailed links' token hash. */
  status?: "confirmed" | "pending";
  requestExpiresAt?: Date | null;
  approvalTokenHash?: string | null;
  /** An occurrence of a recurring booking (issue 28 item 3): its series and place in it. */
  seriesId?: string | null;
  seriesIndex?: number | null;
};
