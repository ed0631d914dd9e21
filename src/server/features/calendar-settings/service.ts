import type { BookingLimits } from "../../../contract/booking-limits.js";
import {
  type CalendarSettings,
  type CalendarSettingsBody,
  DEFAULT_CALENDAR_SETTINGS,
  type NotificationSettings,
  type SyncSettings,
} from "../../../contract/calendar-settings.js";
import type { Db, DbOrTx } from "../../db/client.js";
import type { CalendarSettingsRow } from "../../db/schema/index.js";
import { notFound } from "../../lib/errors.js";
import type { CalendarSettingsChange, CalendarSettingsListener } from "./events.js";
import {
  type CalendarSettingsValues,
  createCalendarSettingsFind,
  createCalendarSettingsRepo,
} from "./repo.js";

export interface CalendarSettingsPatch {
  bufferTime?: number;
  minimumNotice?: number;
  sync?: Partial<SyncSettings>;
  notifications?: Partial<NotificationSettings>;
  bookingLimits?: BookingLimits;
}

const defaults = (): CalendarSettingsValues => structuredClone(DEFAULT_CALENDAR_SETTINGS);

/**
 * Host-wide calendar settings: sync and notifications are read by the calendar and mail features.
 * bufferTime and minimumNotice are kept for the API (they still seed a new schedule's fields of the
 * same names) but no slot depends on them: event types own those rules (ARCHITECTURE.md, "Booking rules").
 */
export function createCalendarSettingsService(
  db: Db,
  deps: {
    /** Features that follow these settings, told inside the saving transaction (events.ts). */
    listeners?: readonly CalendarSettingsListener[];
  } = {},
) {
  const findIn = createCalendarSettingsFind(db);
  async function get(userId: string): Promise<CalendarSettings> {
    const repo = createCalendarSettingsRepo(db);
    let row = await repo.find(userId);
    if (!row) {
      await repo.ensure(userId, defaults());
      row = await repo.find(userId);
    }
    if (!row) throw notFound();
    return toCalendarSettings(row);
  }

  async function update(userId: string, patch: CalendarSettingsPatch): Promise<CalendarSettings> {
    return db.transaction(async (tx) => {
      const repo = createCalendarSettingsRepo(tx);
      await repo.ensure(userId, defaults());
      const current = await repo.find(userId, { lock: true });
      if (!current) throw notFound();
      const base = toCalendarSettings(current);
      const updated = await repo.update(userId, {
        bufferTime: patch.bufferTime ?? base.bufferTime,
        minimumNotice: patch.minimumNotice ?? base.minimumNotice,
        sync: { ...base.sync, ...patch.sync },
        notifications: { ...base.notifications, ...patch.notifications },
        bookingLimits: patch.bookingLimits ?? base.bookingLimits,
      });
      if (!updated) throw notFound();
      const saved = toCalendarSettings(updated);
      const changes: CalendarSettingsChange[] = [];
      if (patch.sync) changes.push({ kind: "sync", userId });
      if (
        saved.notifications.emailReminders !== base.notifications.emailReminders ||
        saved.notifications.reminderMinutes !== base.notifications.reminderMinutes
      ) {
        changes.push({ kind: "reminders", userId, notifications: saved.notifications });
      }
      // In the transaction: a listener that fails (re-planning reminders) refuses the whole change.
      for (const change of changes) {
        for (const listener of deps.listeners ?? []) await listener(tx, change);
      }
      return saved;
    });
  }

  return {
    get,
    /**
     * The notification settings, read with the caller's transaction (a booking listener must not
     * query outside its transaction: PGlite has one connection). Defaults when never saved.
     */
    async notificationsIn(tx: DbOrTx, userId: string): Promise<NotificationSettings> {
      const row = await findIn(tx, userId);
      return row ? toCalendarSettings(row).notifications : defaults().notifications;
    },
    /** The sync settings, read with the caller's transaction (a booking listener; see notificationsIn). */
    async syncIn(tx: DbOrTx, userId: string): Promise<SyncSettings> {
      const row = await findIn(tx, userId);
      return row ? toCalendarSettings(row).sync : defaults().sync;
    },
    update: (userId: string, body: CalendarSettingsBody) =>
      update(userId, {
        bufferTime: body.bufferTime,
        minimumNotice: body.minimumNotice,
        sync: body.sync,
        notifications: body.notifications,
        bookingLimits: body.bookingLimits,
      }),
    updateSync: (userId: string, sync: Partial<SyncSettings>) => update(userId, { sync }),
    updateNotifications: (userId: string, notifications: Partial<NotificationSettings>) =>
      update(userId, { notifications }),
  };
}

export type CalendarSettingsService = ReturnType<typeof createCalendarSettingsService>;

/** Rows written before a field existed read with that field's default. */
function toCalendarSettings(row: CalendarSettingsRow): CalendarSettings {
  const d = DEFAULT_CALENDAR_SETTINGS;
  return {
    bufferTime: row.bufferTime as CalendarSettings["bufferTime"],
    minimumNotice: row.minimumNotice as CalendarSettings["minimumNotice"],
    sync: { ...d.sync, ...row.sync },
    notifications: { ...d.notifications, ...row.notifications },
    bookingLimits: row.bookingLimits ?? {},
    updatedAt: row.updatedAt.toISOString(),
  };
}
