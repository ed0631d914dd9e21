import { eq } from "drizzle-orm";
import type { NotificationSettings, SyncSettings } from "../../../contract/calendar-settings.js";
import type { DbOrTx } from "../../db/client.js";
import { type CalendarSettingsRow, calendarSettings } from "../../db/schema/index.js";

export interface CalendarSettingsValues {
  bufferTime: number;
  minimumNotice: number;
  sync: SyncSettings;
  notifications: NotificationSettings;
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
