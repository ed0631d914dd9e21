import { z } from "zod";

/**
 * Booking limits (issue 28, item 4): at most N bookings per day / week / month and at most N minutes
 * of meetings per day / week, of one event type or across all of a host's event types. Periods are
 * the host's: days in their schedule's zone, weeks starting on their profile's week start. Confirmed
 * and pending bookings count. A missing (or null) field is no limit.
 */
const count = z
  .number({ message: "Enter a number" })
  .int("Whole numbers")
  .min(1, "At least 1")
  .max(1000, "At most 1000")
  .nullable()
  .optional();
const minutes = z
  .number({ message: "Enter a number of minutes" })
  .int("Whole minutes")
  .min(5, "At least 5 minutes")
  .max(10_080, "At most 10080 minutes")
  .nullable()
  .optional();

export const bookingLimitsSchema = z.object({
  perDay: count,
  perWeek: count,
  perMonth: count,
  minutesPerDay: minutes,
  minutesPerWeek: minutes,
});
export type BookingLimits = z.infer<typeof bookingLimitsSchema>;

export const LIMIT_FIELDS = ["perDay", "perWeek", "perMonth", "minutesPerDay", "minutesPerWeek"] as const;
export type LimitField = (typeof LIMIT_FIELDS)[number];

/** Whether any limit is set. */
export const hasLimits = (l: BookingLimits | null | undefined): boolean =>
  !!l && LIMIT_FIELDS.some((f) => typeof l[f] === "number");

export const BOOKING_LIMIT_MESSAGE =
  "This time is no longer available: the host's bookings for that period are full. Please pick another day.";
