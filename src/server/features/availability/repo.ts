import { and, asc, count, eq, inArray, isNull, ne, notInArray, or, sql } from "drizzle-orm";
import type { DaySchedule, TimeSlot } from "../../../contract/availability.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { keptStatement } from "../../db/prepared.js";
import {
  availabilitySchedules,
  type DateOverrideRow,
  dateOverrides,
  eventTypes,
  type ScheduleRow,
} from "../../db/schema/index.js";

export interface NewSchedule {
  userId: string;
  name: string;
  timezone: string;
  isDefault: boolean;
  weekly: DaySchedule[];
  bufferTimeBefore: number;
  bufferTimeAfter: number;
  minimumNotice: number;
  maximumNotice: number;
}

export type SchedulePatch = Partial<Omit<NewSchedule, "userId" | "isDefault">>;

export interface OverrideValues {
  date: string;
  isAvailable: boolean;
  reason: string | null;
  timeSlots: TimeSlot[];
}

/**
 * A host's default schedule, whose zone their dashboard and date filters count days in: every
 * dashboard request reads it, so it is kept prepared (db/prepared.ts). One per database.
 */
export function createDefaultScheduleLookup(db: Db): (userId: string) => Promise<ScheduleRow | undefined> {
  const run = keptStatement(db, "availability_default_schedule", (handle) =>
    handle
      .select()
      .from(availabilitySchedules)
      .where(
        and(
          eq(availabilitySchedules.userId, sql.placeholder("userId")),
          eq(availabilitySchedules.isDefault, true),
        ),
      )
      .limit(1)
      .prepare("availability_default_schedule"),
  );
  return async (userId) => (await run(db, { userId }))[0];
}

export function createAvailabilityRepo(db: DbOrTx) {
  return {
    /** Default first, then by name. */
    listSchedules(userId: string): Promise<ScheduleRow[]> {
      return db
        .select()
        .from(availabilitySchedules)
        .where(eq(availabilitySchedules.userId, userId))
        .orderBy(
          sql`${availabilitySchedules.isDefault} desc`,
          asc(availabilitySchedules.name),
          asc(availabilitySchedules.createdAt),
        );
    },

    async countSchedules(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(availabilitySchedules)
        .where(eq(availabilitySchedules.userId, userId));
      return row?.n ?? 0;
    },

    async findSchedule(userId: string, id: string): Promise<ScheduleRow | undefined> {
      const [row] = await db
        .select()
        .from(availabilitySchedules)
        .where(and(eq(availabilitySchedules.userId, userId), eq(availabilitySchedules.id, id)))
        .limit(1);
      return row;
    },

    async findDefaultSchedule(userId: string): Promise<ScheduleRow | undefined> {
      const [row] = await db
        .select()
        .from(availabilitySchedules)
        .where(and(eq(availabilitySchedules.userId, userId), eq(availabilitySchedules.isDefault, true)))
        .limit(1);
      return row;
    },

    /**
     * Locks all of the host's schedules for the rest of the transaction, so
     * concurrent default changes queue instead of tripping the unique index.
     */
    async lockSchedules(userId: string): Promise<ScheduleRow[]> {
      return (
        db
          .select()
          .from(availabilitySchedules)
          .where(eq(availabilitySchedules.userId, userId))
          // One order for every caller, or two transactions can deadlock.
          .orderBy(asc(availabilitySchedules.id))
          .for("update")
      );
    },

    async insertSchedule(values: NewSchedule): Promise<ScheduleRow> {
      const [row] = await db.insert(availabilitySchedules).values(values).returning();
      return row;
    },

    async updateSchedule(userId: string, id: string, patch: SchedulePatch): Promise<ScheduleRow | undefined> {
      const [row] = await db
        .update(availabilitySchedules)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(availabilitySchedules.userId, userId), eq(availabilitySchedules.id, id)))
        .returning();
      return row;
    },

    async deleteSchedule(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(availabilitySchedules)
        .where(and(eq(availabilitySchedules.userId, userId), eq(availabilitySchedules.id, id)))
        .returning({ id: availabilitySchedules.id });
      return rows.length > 0;
    },

    /** Clears the default flag on every schedule of the host except `keepId`. */
    async clearDefault(userId: string, keepId?: string): Promise<void> {
      const conditions = [
        eq(availabilitySchedules.userId, userId),
        eq(availabilitySchedules.isDefault, true),
      ];
      if (keepId) conditions.push(ne(availabilitySchedules.id, keepId));
      await db
        .update(availabilitySchedules)
        .set({ isDefault: false, updatedAt: new Date() })
        .where(and(...conditions));
    },

    async markDefault(userId: string, id: string): Promise<ScheduleRow | undefined> {
      const [row] = await db
        .update(availabilitySchedules)
        .set({ isDefault: true, updatedAt: new Date() })
        .where(and(eq(availabilitySchedules.userId, userId), eq(availabilitySchedules.id, id)))
        .returning();
      return row;
    },

    listOverrides(userId: string, scheduleIds: string[]): Promise<DateOverrideRow[]> {
      if (scheduleIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(dateOverrides)
        .where(and(eq(dateOverrides.userId, userId), inArray(dateOverrides.scheduleId, scheduleIds)))
        .orderBy(asc(dateOverrides.date));
    },

    /** Adds the override, or replaces the one on the same date (keeping its id). */
    async upsertOverride(userId: string, scheduleId: string, o: OverrideValues): Promise<DateOverrideRow> {
      const [row] = await db
        .insert(dateOverrides)
        .values({ userId, scheduleId, ...o })
        .onConflictDoUpdate({
          target: [dateOverrides.scheduleId, dateOverrides.date],
          set: {
            isAvailable: o.isAvailable,
            reason: o.reason,
            timeSlots: o.timeSlots,
            updatedAt: new Date(),
          },
        })
        .returning();
      return row;
    },

    /** Drops the schedule's overrides on dates not in `keepDates`. */
    async deleteOverridesExcept(userId: string, scheduleId: string, keepDates: string[]): Promise<void> {
      const conditions = [eq(dateOverrides.userId, userId), eq(dateOverrides.scheduleId, scheduleId)];
      if (keepDates.length > 0) conditions.push(notInArray(dateOverrides.date, keepDates));
      await db.delete(dateOverrides).where(and(...conditions));
    },

    async deleteOverride(userId: string, scheduleId: string, overrideId: string): Promise<boolean> {
      const rows = await db
        .delete(dateOverrides)
        .where(
          and(
            eq(dateOverrides.userId, userId),
            eq(dateOverrides.scheduleId, scheduleId),
            eq(dateOverrides.id, overrideId),
          ),
        )
        .returning({ id: dateOverrides.id });
      return rows.length > 0;
    },

    /**
     * Event types of the host that use this schedule: those naming it, plus,
     * for the default schedule, those naming none (they follow the default).
     */
    async countEventTypesUsingSchedule(userId: string, scheduleId: string): Promise<number> {
      const isDefaultSchedule = sql`exists (select 1 from ${availabilitySchedules} where ${availabilitySchedules.id} = ${scheduleId} and ${availabilitySchedules.userId} = ${userId} and ${availabilitySchedules.isDefault})`;
      const [row] = await db
        .select({ n: count() })
        .from(eventTypes)
        .where(
          and(
            eq(eventTypes.userId, userId),
            or(
              eq(eventTypes.availabilityScheduleId, scheduleId),
              and(isNull(eventTypes.availabilityScheduleId), isDefaultSchedule),
            ),
          ),
        );
      return row?.n ?? 0;
    },

    /** The same count for every schedule of the host at once (for the list). */
    async eventTypeCountsBySchedule(userId: string): Promise<Map<string, number>> {
      const rows = await db
        .select({
          scheduleId: sql<string>`coalesce(${eventTypes.availabilityScheduleId}, ${availabilitySchedules.id})`,
          n: count(),
        })
        .from(eventTypes)
        .leftJoin(
          availabilitySchedules,
          and(eq(availabilitySchedules.userId, eventTypes.userId), eq(availabilitySchedules.isDefault, true)),
        )
        .where(eq(eventTypes.userId, userId))
        .groupBy(sql`1`);
      return new Map(rows.filter((r) => r.scheduleId).map((r) => [r.scheduleId, Number(r.n)]));
    },
  };
}

export type AvailabilityRepo = ReturnType<typeof createAvailabilityRepo>;
