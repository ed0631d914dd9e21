/**
 * Booking constants without zod, so the public booking app can import them and stay small.
 * `bookings.ts` re-exports them next to its schemas.
 */

export const BOOKING_STATUSES = ["confirmed", "cancelled", "completed", "no_show"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Spec section 5: the cancel dialog's reasons, word for word. */
export const CANCEL_REASONS = ["Changed plans", "Found better option", "Booked by mistake", "Other"] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

export const MAX_GUESTS = 10;

/** A one-off link after its booking or expiry, a closed meeting poll. */
export const NO_LONGER_AVAILABLE_MESSAGE = "This meeting link is no longer available.";
