import { and, asc, count, eq, gte, lte } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import {
  type CustomHolidayRow,
  customHolidays,
  type HolidaySettingsRow,
  holidaySettings,
} from "../../db/schema/index.js";

export interface NewCustomHoliday {
  name: string;
  startDate: string;
  endDate: string;
}

export function createHolidaysRepo(db: DbOrTx) {
  return {
    async findSettings(userId: string): Promise<HolidaySettingsRow | undefined> {
      const [row] = await db
        .select()
        .from(holidaySettings)
        .where(eq(holidaySettings.userId, userId))
        .limit(1);
      return row;
    },

    async upsertSettings(
      userId: string,
      values: {
        countryCode: string | null;
        region: string | null;
        disabledHolidays: string[];
        enabledHolidays: string[];
      },
    ): Promise<void> {
      await db
        .insert(holidaySettings)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: holidaySettings.userId, set: { ...values, updatedAt: new Date() } });
    },

    /** Custom holidays overlapping [from, to] (inclusive), or all of them. */
    listCustom(userId: string, range?: { from: string; to: string }): Promise<CustomHolidayRow[]> {
      const conditions = [eq(customHolidays.userId, userId)];
      if (range) {
        conditions.push(lte(customHolidays.startDate, range.to), gte(customHolidays.endDate, range.from));
      }
      return db
        .select()
        .from(customHolidays)
        .where(and(...conditions))
        .orderBy(asc(customHolidays.startDate), asc(customHolidays.createdAt));
    },

    async countCustom(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(customHolidays)
        .where(eq(customHolidays.userId, userId));
      return row?.n ?? 0;
    },

    async insertCustom(userId: string, holidays: NewCustomHoliday[]): Promise<CustomHolidayRow[]> {
      if (holidays.length === 0) return [];
      return db
        .insert(customHolidays)
        .values(holidays.map((h) => ({ userId, ...h })))
        .returning();
    },

    async deleteCustom(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(customHolidays)
        .where(and(eq(customHolidays.userId, userId), eq(customHolidays.id, id)))
        .returning({ id: customHolidays.id });
      return rows.length > 0;
    },

    async deleteAllCustom(userId: string): Promise<void> {
      await db.delete(customHolidays).where(eq(customHolidays.userId, userId));
    },
  };
}
