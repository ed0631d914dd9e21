import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.js";
import { keptStatement } from "../../db/prepared.js";
import {
  type CalendarAccountRow,
  type CalendarCalendarRow,
  type CalendarEventRow,
  calendarAccounts,
  calendarCalendars,
  calendarEvents,
} from "../../db/schema/index.js";

export type NewAccount = typeof calendarAccounts.$inferInsert;
export type AccountPatch = Partial<
  Pick<
    CalendarAccountRow,
    "name" | "email" | "picture" | "secret" | "tokenExpiry" | "isActive" | "lastError" | "lastUsed"
  >
>;
export type EventPatch = Partial<Omit<CalendarEventRow, "bookingId" | "userId">>;

export function createCalendarsRepo(db: DbOrTx) {
  return {
    listAccounts(userId: string): Promise<CalendarAccountRow[]> {
      return db
        .select()
        .from(calendarAccounts)
        .where(eq(calendarAccounts.userId, userId))
        .orderBy(asc(calendarAccounts.createdAt));
    },

    listCalendars(userId: string): Promise<CalendarCalendarRow[]> {
      return db
        .select()
        .from(calendarCalendars)
        .where(eq(calendarCalendars.userId, userId))
        .orderBy(asc(calendarCalendars.createdAt), asc(calendarCalendars.name));
    },

    async findAccount(userId: string, id: string, options: { lock?: boolean } = {}) {
      const query = db
        .select()
        .from(calendarAccounts)
        .where(and(eq(calendarAccounts.id, id), eq(calendarAccounts.userId, userId)))
        .limit(1);
      const [row] = options.lock ? await query.for("update") : await query;
      return row;
    },

    async findByIdentity(userId: string, provider: string, externalKey: string) {
      const [row] = await db
        .select()
        .from(calendarAccounts)
        .where(
          and(
            eq(calendarAccounts.userId, userId),
            eq(calendarAccounts.provider, provider as CalendarAccountRow["provider"]),
            eq(calendarAccounts.externalKey, externalKey),
          ),
        )
        .limit(1);
      return row;
    },

    async insertAccount(values: NewAccount): Promise<CalendarAccountRow> {
      const [row] = await db.insert(calendarAccounts).values(values).returning();
      if (!row) throw new Error("insert returned nothing");
      return row;
    },

    async updateAccount(id: string, patch: AccountPatch): Promise<CalendarAccountRow | undefined> {
      const [row] = await db
        .update(calendarAccounts)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(calendarAccounts.id, id))
        .returning();
      return row;
    },

    async deleteAccount(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(calendarAccounts)
        .where(and(eq(calendarAccounts.id, id), eq(calendarAccounts.userId, userId)))
        .returning({ id: calendarAccounts.id });
      return rows.length > 0;
    },

    /** Makes `id` the host's only primary account (null: none). */
    async setPrimary(userId: string, id: string | null): Promise<void> {
      await db
        .update(calendarAccounts)
        .set({ isPrimary: false })
        .where(
          and(
            eq(calendarAccounts.userId, userId),
            eq(calendarAccounts.isPrimary, true),
            id ? ne(calendarAccounts.id, id) : undefined,
          ),
        );
      if (id) {
        await db
          .update(calendarAccounts)
          .set({ isPrimary: true })
          .where(and(eq(calendarAccounts.id, id), eq(calendarAccounts.userId, userId)));
      }
    },

    /** Adds calendars the account does not have yet (keeping the host's choices for the others). */
    async addCalendars(
      accountId: string,
      userId: string,
      calendars: { remoteId: string; name: string; color: string | null; receivesBookings: boolean }[],
    ): Promise<void> {
      if (calendars.length === 0) return;
      await db
        .insert(calendarCalendars)
        .values(calendars.map((c) => ({ ...c, accountId, userId })))
        .onConflictDoUpdate({
          target: [calendarCalendars.accountId, calendarCalendars.remoteId],
          set: { name: sql`excluded.name`, color: sql`excluded.color` },
        });
    },

    async findCalendar(userId: string, accountId: string, id: string) {
      const [row] = await db
        .select()
        .from(calendarCalendars)
        .where(
          and(
            eq(calendarCalendars.id, id),
            eq(calendarCalendars.accountId, accountId),
            eq(calendarCalendars.userId, userId),
          ),
        )
        .limit(1);
      return row;
    },

    async updateCalendar(
      id: string,
      patch: Partial<Pick<CalendarCalendarRow, "checkConflicts" | "allDayBusy">>,
    ): Promise<void> {
      // A body that names one field leaves the others undefined: they are not changes.
      const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
      if (Object.keys(changes).length === 0) return;
      await db.update(calendarCalendars).set(changes).where(eq(calendarCalendars.id, id));
    },

    /** Moves the account's booking calendar to `id`. */
    async setBookingTarget(accountId: string, id: string): Promise<void> {
      await db
        .update(calendarCalendars)
        .set({ receivesBookings: false })
        .where(and(eq(calendarCalendars.accountId, accountId), ne(calendarCalendars.id, id)));
      await db.update(calendarCalendars).set({ receivesBookings: true }).where(eq(calendarCalendars.id, id));
    },

    /** The calendar that receives bookings of an account. */
    async bookingTarget(accountId: string) {
      const [row] = await db
        .select()
        .from(calendarCalendars)
        .where(and(eq(calendarCalendars.accountId, accountId), eq(calendarCalendars.receivesBookings, true)))
        .limit(1);
      return row;
    },

    async findEvent(bookingId: string, options: { lock?: boolean } = {}) {
      const query = db.select().from(calendarEvents).where(eq(calendarEvents.bookingId, bookingId)).limit(1);
      const [row] = options.lock ? await query.for("update") : await query;
      return row;
    },

    async eventsFor(userId: string, bookingIds: string[]): Promise<CalendarEventRow[]> {
      if (bookingIds.length === 0) return [];
      return db
        .select()
        .from(calendarEvents)
        .where(and(eq(calendarEvents.userId, userId), inArray(calendarEvents.bookingId, bookingIds)));
    },

    async insertEvent(values: typeof calendarEvents.$inferInsert): Promise<void> {
      await db.insert(calendarEvents).values(values);
    },

    /** Records that a booking's event must be (re)written; keeps where it already lives. */
    async markPending(bookingId: string, userId: string, deleted: boolean): Promise<void> {
      await db
        .insert(calendarEvents)
        .values({ bookingId, userId, deleted, state: "pending" })
        .onConflictDoUpdate({
          target: calendarEvents.bookingId,
          set: { deleted, state: "pending", lastError: null, attempts: 0, updatedAt: new Date() },
        });
    },

    /**
     * The booking's calendar copy now belongs to `userId` (round robin gave it to another host): nothing
     * written for them yet. The previous host's copy must be removed first (service-sync.ts).
     */
    async handOverEvent(bookingId: string, userId: string): Promise<void> {
      await db
        .update(calendarEvents)
        .set({
          userId,
          accountId: null,
          calendarRemoteId: null,
          remoteId: null,
          meetLink: null,
          state: "pending",
          lastError: null,
          updatedAt: new Date(),
        })
        .where(eq(calendarEvents.bookingId, bookingId));
    },

    async deleteEvent(bookingId: string): Promise<void> {
      await db.delete(calendarEvents).where(eq(calendarEvents.bookingId, bookingId));
    },

    /** The same patch on several bookings' rows (the seats of a group slot share one event). */
    async updateEvents(bookingIds: string[], patch: EventPatch): Promise<void> {
      if (bookingIds.length === 0) return;
      await db
        .update(calendarEvents)
        .set({ ...patch, updatedAt: new Date() })
        .where(inArray(calendarEvents.bookingId, bookingIds));
    },

    async updateEvent(bookingId: string, patch: EventPatch): Promise<void> {
      await db
        .update(calendarEvents)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(calendarEvents.bookingId, bookingId));
    },
  };
}

/**
 * Whether the host has an active calendar account: every booking asks (its calendar listener) and
 * most hosts have none. Kept prepared on PGlite (db/prepared.ts); make one per database.
 */
export function createActiveAccountCheck(db: Db): (handle: DbOrTx, userId: string) => Promise<boolean> {
  const run = keptStatement(db, "calendar_accounts_active_any", (h) =>
    h
      .select({ one: sql<number>`1` })
      .from(calendarAccounts)
      .where(and(eq(calendarAccounts.userId, sql.placeholder("userId")), eq(calendarAccounts.isActive, true)))
      .limit(1)
      .prepare("calendar_accounts_active_any"),
  );
  return async (handle, userId) => (await run(handle, { userId })).length > 0;
}
