import { and, asc, count, desc, eq, gt, gte, ilike, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { EventKind } from "../../../contract/event-types.js";
import type { DbOrTx } from "../../db/client.js";
import { type BookingRow, bookings, eventTypes, type NewBookingRow, users } from "../../db/schema/index.js";

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
  } | null;
  host: { id: string; name: string; email: string };
}

export interface BookingFilters {
  /** Stored status, with 'completed' and 'upcoming' split from 'confirmed' by `now`. */
  status: "all" | "confirmed" | "cancelled" | "completed" | "no_show" | "upcoming" | "past";
  search?: string;
  from?: Date;
  to?: Date;
  page: number;
  limit: number;
  now: Date;
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
  },
  host: { id: users.id, name: users.name, email: users.email },
};

export function createBookingsRepo(db: DbOrTx) {
  const selectRecords = () =>
    db
      .select(recordFields)
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.hostUserId))
      .leftJoin(eventTypes, eq(eventTypes.id, bookings.eventTypeId));

  return {
    /** The confirmed booking a retried request would have made. */
    async findIdentical(eventTypeId: string, start: Date, email: string): Promise<BookingRecord | undefined> {
      const [row] = await selectRecords()
        .where(
          and(
            eq(bookings.eventTypeId, eventTypeId),
            eq(bookings.startTime, start),
            eq(bookings.attendeeEmail, email),
            eq(bookings.status, "confirmed"),
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
            eq(bookings.status, "confirmed"),
          ),
        );
      return row?.n ?? 0;
    },

    async insert(values: NewBookingRow): Promise<BookingRow> {
      const [row] = await db.insert(bookings).values(values).returning();
      return row;
    },

    async findByUid(uid: string, options: { lock?: boolean } = {}): Promise<BookingRecord | undefined> {
      const query = selectRecords().where(eq(bookings.uid, uid)).limit(1);
      const [row] = options.lock ? await query.for("update", { of: bookings }) : await query;
      return row;
    },

    async findForHost(
      hostUserId: string,
      id: string,
      options: { lock?: boolean } = {},
    ): Promise<BookingRecord | undefined> {
      const query = selectRecords()
        .where(and(eq(bookings.id, id), eq(bookings.hostUserId, hostUserId)))
        .limit(1);
      const [row] = options.lock ? await query.for("update", { of: bookings }) : await query;
      return row;
    },

    async update(id: string, patch: BookingPatch): Promise<BookingRow | undefined> {
      const [row] = await db
        .update(bookings)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(bookings.id, id))
        .returning();
      return row;
    },

    /** Upcoming first (soonest first), then past ones (latest first). */
    async listForHost(
      hostUserId: string,
      f: BookingFilters,
    ): Promise<{ rows: BookingRecord[]; total: number }> {
      const conditions: (SQL | undefined)[] = [eq(bookings.hostUserId, hostUserId)];
      const ended = lte(bookings.endTime, f.now);
      const notEnded = gt(bookings.endTime, f.now);
      const confirmed = eq(bookings.status, "confirmed");
      switch (f.status) {
        case "confirmed":
        case "upcoming":
          conditions.push(and(confirmed, notEnded));
          break;
        case "completed":
          conditions.push(and(confirmed, ended));
          break;
        case "past":
          conditions.push(ended);
          break;
        case "cancelled":
        case "no_show":
          conditions.push(eq(bookings.status, f.status));
          break;
      }
      if (f.from) conditions.push(gte(bookings.startTime, f.from));
      if (f.to) conditions.push(lt(bookings.startTime, f.to));
      if (f.search) {
        const pattern = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(
          or(
            ilike(bookings.attendeeName, pattern),
            ilike(bookings.attendeeEmail, pattern),
            ilike(bookings.attendeePhone, pattern),
            ilike(bookings.eventTitle, pattern),
            ilike(eventTypes.title, pattern),
          ),
        );
      }
      const where = and(...conditions);
      const [rows, [totalRow]] = await Promise.all([
        selectRecords()
          .where(where)
          .orderBy(
            sql`case when ${bookings.endTime} > ${f.now.toISOString()}::timestamptz then 0 else 1 end`,
            sql`case when ${bookings.endTime} > ${f.now.toISOString()}::timestamptz then ${bookings.startTime} end asc`,
            desc(bookings.startTime),
            asc(bookings.id),
          )
          .limit(f.limit)
          .offset((f.page - 1) * f.limit),
        db
          .select({ n: count() })
          .from(bookings)
          .leftJoin(eventTypes, eq(eventTypes.id, bookings.eventTypeId))
          .where(where),
      ]);
      return { rows, total: totalRow?.n ?? 0 };
    },
  };
}

export type BookingsRepo = ReturnType<typeof createBookingsRepo>;
