import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import {
  availabilitySchedules,
  type EventTypeRow,
  eventTypes,
  type UserRow,
  users,
} from "../../db/schema/index.js";

export type NewEventType = typeof eventTypes.$inferInsert;
export type EventTypeWithHost = { eventType: EventTypeRow; host: UserRow };

export function createEventTypesRepo(db: DbOrTx) {
  return {
    listForUser(userId: string): Promise<EventTypeRow[]> {
      return db
        .select()
        .from(eventTypes)
        .where(eq(eventTypes.userId, userId))
        .orderBy(asc(eventTypes.createdAt));
    },

    listActiveForUser(userId: string): Promise<EventTypeRow[]> {
      return db
        .select()
        .from(eventTypes)
        .where(and(eq(eventTypes.userId, userId), eq(eventTypes.isActive, true)))
        .orderBy(asc(eventTypes.createdAt));
    },

    async findById(id: string): Promise<EventTypeRow | undefined> {
      const [row] = await db.select().from(eventTypes).where(eq(eventTypes.id, id)).limit(1);
      return row;
    },

    async findForUser(userId: string, id: string): Promise<EventTypeRow | undefined> {
      const [row] = await db
        .select()
        .from(eventTypes)
        .where(and(eq(eventTypes.id, id), eq(eventTypes.userId, userId)))
        .limit(1);
      return row;
    },

    /** /book/{slug}: the oldest event type with the slug (slugs were unique across hosts until issue 12). */
    async findBySlugWithHost(slug: string): Promise<EventTypeWithHost | undefined> {
      const [row] = await db
        .select({ eventType: eventTypes, host: users })
        .from(eventTypes)
        .innerJoin(users, eq(users.id, eventTypes.userId))
        .where(eq(eventTypes.slug, slug))
        .orderBy(asc(eventTypes.createdAt))
        .limit(1);
      return row;
    },

    /** /{username}/{slug}, by the host's current username or, with `hostId`, by the host. */
    async findByHostSlugWithHost(
      host: { username: string } | { hostId: string },
      slug: string,
    ): Promise<EventTypeWithHost | undefined> {
      const [row] = await db
        .select({ eventType: eventTypes, host: users })
        .from(eventTypes)
        .innerJoin(users, eq(users.id, eventTypes.userId))
        .where(
          and(
            "username" in host ? eq(users.username, host.username) : eq(users.id, host.hostId),
            eq(eventTypes.slug, slug),
          ),
        )
        .limit(1);
      return row;
    },

    async findByIdWithHost(id: string): Promise<EventTypeWithHost | undefined> {
      const [row] = await db
        .select({ eventType: eventTypes, host: users })
        .from(eventTypes)
        .innerJoin(users, eq(users.id, eventTypes.userId))
        .where(eq(eventTypes.id, id))
        .limit(1);
      return row;
    },

    /** Inserts unless the host already has the slug; undefined means "try another slug". */
    async insertIfSlugFree(values: NewEventType): Promise<EventTypeRow | undefined> {
      const [row] = await db
        .insert(eventTypes)
        .values(values)
        .onConflictDoNothing({ target: [eventTypes.userId, eventTypes.slug] })
        .returning();
      return row;
    },

    /** Whether another event type of the same host has the slug (slugs are unique per host). */
    async slugTaken(userId: string, slug: string, exceptId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: eventTypes.id })
        .from(eventTypes)
        .where(and(eq(eventTypes.userId, userId), eq(eventTypes.slug, slug)))
        .limit(1);
      return !!row && row.id !== exceptId;
    },

    async update(
      userId: string,
      id: string,
      patch: Partial<NewEventType>,
    ): Promise<EventTypeRow | undefined> {
      const [row] = await db
        .update(eventTypes)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(eventTypes.id, id), eq(eventTypes.userId, userId)))
        .returning();
      return row;
    },

    async delete(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(eventTypes)
        .where(and(eq(eventTypes.id, id), eq(eventTypes.userId, userId)))
        .returning({ id: eventTypes.id });
      return rows.length > 0;
    },

    async scheduleBelongsTo(userId: string, scheduleId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: availabilitySchedules.id })
        .from(availabilitySchedules)
        .where(and(eq(availabilitySchedules.id, scheduleId), eq(availabilitySchedules.userId, userId)))
        .limit(1);
      return !!row;
    },
  };
}
