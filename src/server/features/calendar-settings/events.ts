import type { NotificationSettings } from "../../../contract/calendar-settings.js";
import type { Tx } from "../../db/client.js";

/** What changed in a host's calendar settings, as the calendar-settings service announces it. */
export type CalendarSettingsChange =
  /** Which calendars block slots, or how (connected calendars' checks): lookups must see it at once. */
  | { kind: "sync"; userId: string }
  /** Email reminders turned on or off, or their lead time changed: pending reminders follow it. */
  | { kind: "reminders"; userId: string; notifications: NotificationSettings };

/**
 * A feature that follows calendar settings. It runs inside the settings' transaction, with it: what it
 * writes commits or rolls back with the setting, and one that throws refuses the change (the host is
 * told, nothing is saved). Reads go through `tx` too (PGlite has one connection).
 */
export type CalendarSettingsListener = (tx: Tx, change: CalendarSettingsChange) => Promise<void>;
