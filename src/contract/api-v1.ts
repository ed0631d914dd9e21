import { z } from "zod";
import { dateSchema, scheduleTimeZoneSchema } from "./availability.js";
import {
  createBookingBody,
  hostCancelBody,
  hostRescheduleBody,
  instantSchema,
  noShowBody,
} from "./bookings.js";
import { DEFAULT_TIMEZONE } from "./common.js";
import { createContactBody, updateContactBody } from "./contacts.js";
import { createEventTypeBody, updateEventTypeBody } from "./event-types.js";
import { webhookCreateBody, webhookDeliveryParams, webhookUpdateBody } from "./webhooks.js";

/**
 * The public API, version 1 (/api/v1, issue 26): the requests it takes. Its answers are in
 * responses/api-v1.ts. Version 1 only grows: new routes, new optional fields, new members in answers;
 * anything that would break a client (a removed or renamed field, a new required one, another
 * meaning) waits for /api/v2, and v1 then keeps working for at least 12 months (docs/api/README.md).
 */

export const V1_PAGE_DEFAULT = 20;
export const V1_PAGE_MAX = 100;

/** Every list: `limit` 1-100 (default 20) and the opaque `cursor` of the previous page's `nextCursor`. */
export const v1PageQuery = z.object({
  limit: z.coerce
    .number()
    .int("Use a whole number")
    .min(1, "At least 1")
    .max(V1_PAGE_MAX, `At most ${V1_PAGE_MAX}`)
    .default(V1_PAGE_DEFAULT),
  cursor: z.string().max(200).optional(),
});
export type V1PageQuery = z.infer<typeof v1PageQuery>;

/**
 * `Idempotency-Key` on every create: a random value the client makes per attempt (at least 128 bits;
 * 22-128 URL-safe characters) and sends again, unchanged, when it retries; the retry gets the first
 * answer instead of a second row (bookings: the same booking, as from the booking page).
 */
export const v1CreateHeaders = z.looseObject({
  "idempotency-key": z
    .string()
    .regex(/^[A-Za-z0-9_-]{22,128}$/, "Use 22-128 letters, digits, '-' or '_'")
    .optional(),
});

export const v1IdParams = z.object({ id: z.uuid({ message: "Invalid id" }) });

export const v1EventTypeCreateBody = createEventTypeBody;
export const v1EventTypeUpdateBody = updateEventTypeBody;

/** The bookings list: stored status, a range of start instants, one event type. Ordered by start. */
export const v1BookingsQuery = v1PageQuery.extend({
  status: z.enum(["confirmed", "cancelled", "no_show"]).optional(),
  from: instantSchema.optional(),
  to: instantSchema.optional(),
  eventTypeId: z.uuid({ message: "Invalid event type" }).optional(),
});
export type V1BookingsQuery = z.infer<typeof v1BookingsQuery>;

export const v1BookingCreateBody = createBookingBody;
export const v1BookingCancelBody = hostCancelBody;
export const v1BookingRescheduleBody = hostRescheduleBody;
export const v1NoShowBody = noShowBody;

/** The bookable starts of an event type on the dates from-to (at most 31) of `timezone`. */
export const V1_SLOT_DAYS_MAX = 31;
export const v1SlotsQuery = z
  .object({
    from: dateSchema,
    to: dateSchema,
    timezone: scheduleTimeZoneSchema.default(DEFAULT_TIMEZONE),
  })
  .superRefine((q, ctx) => {
    const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000;
    if (days < 0) ctx.addIssue({ code: "custom", path: ["to"], message: "Must not be before from" });
    else if (days >= V1_SLOT_DAYS_MAX)
      ctx.addIssue({ code: "custom", path: ["to"], message: `At most ${V1_SLOT_DAYS_MAX} days` });
  });

/** The contacts list: an optional search (name, email, company, job title). Ordered by creation. */
export const v1ContactsQuery = v1PageQuery.extend({
  search: z.string().trim().max(200).optional(),
});
export const v1ContactCreateBody = createContactBody;
export const v1ContactUpdateBody = updateContactBody;

/** /api/v1/webhooks: the app's own subscription bodies (contract/webhooks.ts). */
export const v1WebhookCreateBody = webhookCreateBody;
export const v1WebhookUpdateBody = webhookUpdateBody;
export const v1DeliveryParams = webhookDeliveryParams;
