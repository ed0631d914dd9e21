import { eq, sql } from "drizzle-orm";
import type { BookingLimits } from "../../../contract/booking-limits.js";
import type { NotificationSettings, SyncSettings } from "../../../contract/calendar-settings.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { keptStatement } from "../../db/prepared.js";
import { type CalendarSettingsRow, calendarSettings } from "../../db/schema/index.js";

export interface CalendarSettingsValues {
  bufferTime: number;
  minimumNotice: number;
  sync: SyncSettings;
  notifications: NotificationSettings;
  bookingLimits: BookingLimits;
}

export function createCalendarSettingsRepo(db: DbOrTx) {
  return {
    /** Inserts the row with `defaults` unless the host has one already. */
    async ensure(userId: string, defaults: CalendarSettingsValues): Promise<void> {
      await db
        .insert(calendarSettings)
        .values({ userId, ...defaults })
        .onConflictDoNothing({ target: calendarSettings.userId });
    },

    async find(userId: string, options: { lock?: boolean } = {}): Promise<CalendarSettingsRow | undefined> {
      const query = db.select().from(calendarSettings).where(eq(calendarSettings.userId, userId)).limit(1);
      const [row] = options.lock ? await query.for("update") : await query;
      return row;
    },

    async update(userId: string, values: CalendarSettingsValues): Promise<CalendarSettingsRow | undefined> {
      const [row] = await db
        .update(calendarSettings)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(calendarSettings.userId, userId))
        .returning();
      return row;
    },
  };
}

/**
 * The host's settings row, kept prepared on PGlite (db/prepared.ts): every booking's listeners read
 * it. Make one per database; run it with the caller's handle (a booking's transaction).
 */
export function createCalendarSettingsFind(
  db: Db,
): (handle: DbOrTx, userId: string) => Promise<CalendarSettingsRow | undefined> {
  const run = keptStatement(db, "calendar_settings_find", (h) =>
    h
      .select()
      .from(calendarSettings)
      .where(eq(calendarSettings.userId, sql.placeholder("userId")))
      .limit(1)
      .prepare("calendar_settings_find"),
  );
  return async (handle, userId) => (await run(handle, { userId }))[0];
}
