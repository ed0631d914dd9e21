import { z } from "zod";
import type { BookingStatus } from "./booking-constants.js";

/**
 * Requires confirmation (issue 28, item 1): an event type's bookings may be requests the host confirms
 * or declines. A request holds its slot like a booking; it expires unanswered after `expiryHours`.
 */
export const confirmationSchema = z.object({
  required: z.boolean(),
  /** Only bookings made with less than this many hours' notice need approval; null: every booking. */
  noticeHours: z
    .number({ message: "Enter a number of hours" })
    .int("Whole hours")
    .min(1, "At least 1 hour")
    .max(8760, "At most 8760 hours")
    .nullable(),
  /** Hours a request waits for the host before it expires (the invitee is told). */
  expiryHours: z
    .number({ message: "Enter a number of hours" })
    .int("Whole hours")
    .min(1, "At least 1 hour")
    .max(720, "At most 720 hours (30 days)"),
});
export type ConfirmationSettings = z.infer<typeof confirmationSchema>;

export const DEFAULT_CONFIRMATION: ConfirmationSettings = {
  required: false,
  noticeHours: null,
  expiryHours: 24,
};

export { needsApproval } from "./approval-rules.js";

/** When an unanswered request made at `now` expires: after its expiry hours, or when it would start. */
export function requestExpiry(c: ConfirmationSettings, start: Date, now: Date): Date {
  return new Date(Math.min(now.getTime() + c.expiryHours * 3_600_000, start.getTime()));
}

export const MAX_DECLINE_REASON = 500;

/** POST /bookings/:id/decline (host). */
export const declineBody = z.object({
  reason: z.string().trim().max(MAX_DECLINE_REASON, `At most ${MAX_DECLINE_REASON} characters`).default(""),
});
export type DeclineBody = z.infer<typeof declineBody>;

/** POST /bookings/requests/:uid/{confirm,decline}: the mailed link's token is the credential. */
export const requestActionBody = z.object({
  token: z.string().min(1, "Missing token").max(200),
  reason: z.string().trim().max(MAX_DECLINE_REASON, `At most ${MAX_DECLINE_REASON} characters`).default(""),
});
export type RequestActionBody = z.infer<typeof requestActionBody>;

/** GET /bookings/requests/:uid?token=: what the mailed link's page shows before the host acts. */
export interface BookingRequestView {
  uid: string;
  title: string;
  attendeeName: string;
  attendeeEmail: string;
  startTime: string;
  endTime: string;
  hostZone: string;
  status: BookingStatus;
}

export const PENDING_MESSAGE = "Pending host approval";
export const REQUEST_HANDLED_MESSAGE = "This request has already been answered.";
