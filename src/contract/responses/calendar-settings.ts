import { z } from "zod";
import { bookingLimitsSchema } from "../booking-limits.js";
import {
  BUFFER_TIME_OPTIONS,
  type CalendarSettings,
  MINIMUM_NOTICE_OPTIONS,
  REMINDER_MINUTES_OPTIONS,
} from "../calendar-settings.js";
import { type Agrees, envelope, isoDateTime } from "./shared.js";

const calendarSettingsSchema = z.object({
  bufferTime: z.literal(BUFFER_TIME_OPTIONS),
  minimumNotice: z.literal(MINIMUM_NOTICE_OPTIONS),
  sync: z.object({
    checkForConflicts: z.boolean(),
    addBookingsToCalendar: z.boolean(),
    removeCancelledBookings: z.boolean(),
  }),
  notifications: z.object({
    emailOnBooking: z.boolean(),
    emailOnCancellation: z.boolean(),
    emailReminders: z.boolean(),
    reminderMinutes: z.literal(REMINDER_MINUTES_OPTIONS),
  }),
  bookingLimits: bookingLimitsSchema,
  updatedAt: isoDateTime,
});
true satisfies Agrees<z.input<typeof calendarSettingsSchema>, CalendarSettings>;

export const calendarSettingsResponses = {
  settings: { 200: envelope(calendarSettingsSchema) },
};
