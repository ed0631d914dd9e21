/**
 * Booking constants without zod, so the public booking app can import them and stay small.
 * `bookings.ts` re-exports them next to its schemas.
 */

/**
 * pending: a request awaiting the host (event types that require confirmation); declined: the host
 * said no; expired: nobody answered the request in time (issue 28, item 1).
 */
export const BOOKING_STATUSES = [
  "confirmed",
  "cancelled",
  "completed",
  "no_show",
  "pending",
  "declined",
  "expired",
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Spec section 5: the cancel dialog's reasons, word for word. */
export const CANCEL_REASONS = ["Changed plans", "Found better option", "Booked by mistake", "Other"] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/**
 * The reasons the host picks from on Meetings: the invitee's list ("Found better option") reads wrong in
 * the host's mouth. The invitee's cancel mail shows the chosen one, so they read well to both.
 */
export const HOST_CANCEL_REASONS = [
  "Scheduling conflict",
  "No longer available at this time",
  "Meeting no longer needed",
  "Other",
] as const;
export type HostCancelReason = (typeof HOST_CANCEL_REASONS)[number];

export const MAX_GUESTS = 10;

/** A one-off link after its booking or expiry, a closed meeting poll. */
export const NO_LONGER_AVAILABLE_MESSAGE = "This meeting link is no longer available.";
