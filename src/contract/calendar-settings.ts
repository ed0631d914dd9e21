import { z } from "zod";
import { type BookingLimits, bookingLimitsSchema } from "./booking-limits.js";

/** Settings tab options (spec section 2). */
export const BUFFER_TIME_OPTIONS = [0, 5, 10, 15] as const;
export const MINIMUM_NOTICE_OPTIONS = [0, 15, 30, 60, 1440] as const;
export const REMINDER_MINUTES_OPTIONS = [15, 30, 60, 120, 1440] as const;

const oneOf = <T extends readonly number[]>(options: T, message: string) =>
  z
    .number({ message })
    .refine((n) => (options as readonly number[]).includes(n), { message })
    .transform((n) => n as T[number]);

export const syncSettingsSchema = z
  .object({
    /** Busy times of connected calendars block slots. */
    checkForConflicts: z.boolean(),
    /** New bookings are written to the primary connected calendar. */
    addBookingsToCalendar: z.boolean(),
    /** Cancelling a booking removes its calendar event. */
    removeCancelledBookings: z.boolean(),
  })
  .strict();
export type SyncSettings = z.infer<typeof syncSettingsSchema>;

export const notificationSettingsSchema = z
  .object({
    /** E-mail to the host for each new booking. */
    emailOnBooking: z.boolean(),
    /** E-mail to the host when an invitee cancels. */
    emailOnCancellation: z.boolean(),
    /** Reminder e-mails before each meeting, to host and invitee. */
    emailReminders: z.boolean(),
    /** How long before the meeting reminders go out. */
    reminderMinutes: oneOf(REMINDER_MINUTES_OPTIONS, "Choose 15, 30, 60, 120 or 1440 minutes"),
  })
  .strict();
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** PUT /calendar-settings/sync: any subset of the fields. */
export const syncSettingsBody = syncSettingsSchema.partial();
/** PUT /calendar-settings/notifications: any subset of the fields. */
export const notificationSettingsBody = notificationSettingsSchema.partial();

/** PUT /calendar-settings: any subset; sync and notifications merge field by field. */
export const calendarSettingsBody = z
  .object({
    /** Host-wide buffer, minutes before and after each booking. */
    bufferTime: oneOf(BUFFER_TIME_OPTIONS, "Choose none, 5, 10 or 15 minutes").optional(),
    /** Host-wide minimum notice, minutes. */
    minimumNotice: oneOf(MINIMUM_NOTICE_OPTIONS, "Choose none, 15, 30, 60 or 1440 minutes").optional(),
    sync: syncSettingsBody.optional(),
    notifications: notificationSettingsBody.optional(),
    /** Limits across all of the host's event types (issue 28); replaces the stored ones when given. */
    bookingLimits: bookingLimitsSchema.optional(),
    // Read-only parts the tab may echo back; ignored.
    google: z.unknown().optional(),
    updatedAt: z.string().optional(),
  })
  .strict();
export type CalendarSettingsBody = z.infer<typeof calendarSettingsBody>;

/** GET and every PUT of /calendar-settings answer with this. */
export interface CalendarSettings {
  bufferTime: (typeof BUFFER_TIME_OPTIONS)[number];
  minimumNotice: (typeof MINIMUM_NOTICE_OPTIONS)[number];
  sync: SyncSettings;
  notifications: NotificationSettings;
  /** At most N bookings / minutes per period across all of the host's event types; {} is none. */
  bookingLimits: BookingLimits;
  updatedAt: string;
}

export const DEFAULT_CALENDAR_SETTINGS: Omit<CalendarSettings, "updatedAt"> = {
  bufferTime: 0,
  minimumNotice: 0,
  sync: { checkForConflicts: true, addBookingsToCalendar: true, removeCancelledBookings: true },
  notifications: {
    emailOnBooking: true,
    emailOnCancellation: true,
    emailReminders: true,
    reminderMinutes: 1440,
  },
  bookingLimits: {},
};
