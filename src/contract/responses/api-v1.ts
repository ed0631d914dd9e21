import { z } from "zod";
import { ERROR_STATUS, type ErrorCode } from "../error-codes.js";
import { availabilityScheduleSchema } from "./availability.js";
import { bookingSchema } from "./bookings.js";
import { contactSchema } from "./contacts.js";
import { eventTypeSchema } from "./event-types.js";
import { deliverySchema, subscriptionSchema, withSecretSchema } from "./webhooks.js";

/*
 * The answers of the public API, version 1 (/api/v1). A success is `{data}` (one item) or
 * `{data, nextCursor}` (a page; nextCursor null at the end); a failure is RFC 7807 problem details
 * (application/problem+json) with the app's error `code` and, for bad input, `errors` by field.
 * The serializer sends every answer through these schemas: members they do not name are dropped.
 * The items reuse the app's DTO schemas; version 1 only ever adds to them (contract/api-v1.ts).
 */

const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** RFC 7807 problem details, as lib/problem-details.ts writes them. */
export const problemSchema = z.object({
  type: z.string().meta({ description: "A URI naming the kind of problem (docs/api/README.md#errors)" }),
  title: z.string(),
  status: z.number(),
  detail: z.string(),
  code: z.enum(ERROR_CODES),
  errors: z.record(z.string(), z.string()).optional(),
});

const failures = { "4xx": problemSchema, "5xx": problemSchema };

const one = <T extends z.ZodType>(item: T) => z.object({ data: item });
const page = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: "Pass as `cursor` for the next page; null at the end" }),
  });

const v1Booking = bookingSchema;

const slotDaysSchema = z.object({
  timezone: z.string(),
  days: z.array(z.object({ date: z.string(), slots: z.array(z.object({ start: z.string() })) })),
});

export const v1Responses = {
  eventTypes: {
    list: { 200: page(eventTypeSchema), ...failures },
    one: { 200: one(eventTypeSchema), ...failures },
    created: { 201: one(eventTypeSchema), ...failures },
    slots: { 200: one(slotDaysSchema), ...failures },
  },
  bookings: {
    list: { 200: page(v1Booking), ...failures },
    one: { 200: one(v1Booking), ...failures },
    /** 201 a new booking; 200 a retry (same Idempotency-Key, or the same invitee at the same time). */
    created: { 201: one(v1Booking), 200: one(v1Booking), ...failures },
  },
  availability: {
    list: { 200: page(availabilityScheduleSchema), ...failures },
    one: { 200: one(availabilityScheduleSchema), ...failures },
  },
  contacts: {
    list: { 200: page(contactSchema), ...failures },
    one: { 200: one(contactSchema), ...failures },
    created: { 201: one(contactSchema), ...failures },
    deleted: { 204: z.null().meta({ description: "Deleted" }), ...failures },
  },
  webhooks: {
    list: { 200: page(subscriptionSchema), ...failures },
    one: { 200: one(subscriptionSchema), ...failures },
    /** The signing secret is in the answer of a create only (and of the app's Reveal). */
    created: { 201: one(withSecretSchema), ...failures },
    deleted: { 204: z.null().meta({ description: "Deleted" }), ...failures },
    deliveries: { 200: page(deliverySchema), ...failures },
    resent: { 201: one(deliverySchema), ...failures },
  },
};
