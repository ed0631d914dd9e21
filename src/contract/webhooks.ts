import { z } from "zod";
import { BOOKING_STATUSES } from "./booking-constants.js";
import { UTM_KEYS } from "./embed.js";
import { LOCATION_TYPES } from "./event-types.js";

/**
 * Webhook subscriptions (issue 26): a host's URL receives the events it chose, each a POST of
 * `{ type, timestamp, data }` signed with Standard Webhooks headers (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature`: HMAC-SHA256 under the subscription's `whsec_` secret). Failed deliveries are
 * retried with backoff; 15 deliveries in a row that failed after every attempt switch the subscription
 * off and mail the host, who can switch it on again.
 */
export const WEBHOOK_EVENTS = [
  "booking.created",
  "booking.rescheduled",
  "booking.cancelled",
  "booking.no_show",
  "booking.requested",
  "booking.request_declined",
  "booking.request_expired",
  "contact.created",
  "contact.updated",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  "booking.created": "Booking created",
  "booking.rescheduled": "Booking rescheduled",
  "booking.cancelled": "Booking cancelled",
  "booking.no_show": "Invitee marked as no-show",
  "booking.requested": "Booking requested (awaits your approval)",
  "booking.request_declined": "Booking request declined",
  "booking.request_expired": "Booking request expired",
  "contact.created": "Contact created",
  "contact.updated": "Contact updated",
};

/** At most this many subscriptions per host. */
export const MAX_WEBHOOK_SUBSCRIPTIONS = 20;
/** Deliveries in a row that failed after every attempt before a subscription is switched off. */
export const WEBHOOK_DISABLE_AFTER = 15;
/** Attempts per delivery (the first and 7 retries: 30 s, 1, 2, 4, 8, 16 and 32 min after). */
export const WEBHOOK_MAX_ATTEMPTS = 8;
/** The deliveries panel shows this many, latest first. */
export const WEBHOOK_DELIVERIES_SHOWN = 50;

export const webhookUrlSchema = z
  .string()
  .trim()
  .min(1, "Enter the URL that receives the events")
  .max(2000, "At most 2000 characters")
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), "Enter a URL starting with https:// or http://");

export const webhookEventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS))
  .min(1, "Choose at least one event")
  .transform((list) => WEBHOOK_EVENTS.filter((e) => list.includes(e)));

/** POST /webhooks: a new subscription; its secret is made by the server and shown once in the answer. */
export const webhookCreateBody = z
  .object({ url: webhookUrlSchema, events: webhookEventsSchema, active: z.boolean().default(true) })
  .strict();
export type WebhookCreateBody = z.input<typeof webhookCreateBody>;

/** PUT /webhooks/:id: any of the three; `active: true` also switches a disabled subscription on again. */
export const webhookUpdateBody = z
  .object({
    url: webhookUrlSchema.optional(),
    events: webhookEventsSchema.optional(),
    active: z.boolean().optional(),
  })
  .strict();
export type WebhookUpdateBody = z.input<typeof webhookUpdateBody>;

export const webhookDeliveryParams = z.object({
  id: z.string().uuid({ message: "Invalid id" }),
  deliveryId: z.string().uuid({ message: "Invalid id" }),
});

export interface WebhookSubscriptionDto {
  _id: string;
  url: string;
  events: WebhookEvent[];
  active: boolean;
  /** Why the server switched it off (repeated failures), or null. */
  disabledReason: string | null;
  consecutiveFailures: number;
  /** The secret's first characters (`whsec_abc…`); the whole one comes with create, reveal and rotate. */
  secretHint: string;
  createdAt: string;
  updatedAt: string;
}

/** Create, reveal and rotate answer the whole secret. */
export interface WebhookSubscriptionWithSecret extends WebhookSubscriptionDto {
  secret: string;
}

export interface WebhookAttemptDto {
  attempt: number;
  at: string;
  responseStatus: number | null;
  /** At most 2 kB of what the receiver answered. */
  responseBody: string | null;
  durationMs: number | null;
  error: string | null;
}

export interface WebhookDeliveryDto {
  _id: string;
  /** The `webhook-id` header: the same on every attempt and on a Resend. */
  eventId: string;
  eventType: string;
  /** The exact JSON body that was signed and sent. */
  requestBody: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  responseStatus: number | null;
  createdAt: string;
  finishedAt: string | null;
  attemptLog: WebhookAttemptDto[];
}

/* The payloads: what a receiver gets in the body (documented at /api/docs through these schemas). */

const attributionPayload = z
  .object({
    utm: z.partialRecord(z.enum(UTM_KEYS), z.string()),
    metadata: z.record(z.string(), z.string()),
  })
  .nullable()
  .meta({ description: "utm_* parameters and metadata of the page the booking was made through (embeds)" });

export const webhookBookingData = z.object({
  uid: z.string().meta({ description: "The booking's public id" }),
  status: z.enum(BOOKING_STATUSES),
  startTime: z.string().meta({ format: "date-time" }),
  endTime: z.string().meta({ format: "date-time" }),
  eventType: z.object({ id: z.string().nullable(), slug: z.string(), title: z.string() }),
  invitee: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    timezone: z.string(),
  }),
  guests: z.array(z.string()),
  host: z.object({ name: z.string(), email: z.string(), username: z.string(), timezone: z.string() }),
  location: z.object({ type: z.enum(LOCATION_TYPES), value: z.string(), displayName: z.string() }).nullable(),
  answers: z.array(z.object({ question: z.string(), answer: z.string() })),
  message: z.string(),
  attribution: attributionPayload,
  cancelReason: z.string().nullable(),
  cancelledBy: z.enum(["host", "invitee"]).nullable(),
  /** booking.rescheduled: where it was before. */
  previousStartTime: z.string().nullable().optional(),
  previousEndTime: z.string().nullable().optional(),
  /** booking.no_show: false when the host took the mark back. */
  noShow: z.boolean().optional(),
  createdAt: z.string().meta({ format: "date-time" }),
});
export type WebhookBookingData = z.infer<typeof webhookBookingData>;

export const webhookContactData = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  phone: z.string(),
  company: z.string(),
  jobTitle: z.string(),
  timezone: z.string(),
  relationshipStage: z.string(),
  priority: z.string(),
  tags: z.array(z.string()),
  source: z.string(),
  createdAt: z.string().meta({ format: "date-time" }),
  updatedAt: z.string().meta({ format: "date-time" }),
});
export type WebhookContactData = z.infer<typeof webhookContactData>;

const envelopeOf = <T extends z.ZodType, E extends readonly [WebhookEvent, ...WebhookEvent[]]>(
  types: E,
  data: T,
) =>
  z.object({
    type: z.enum(types),
    timestamp: z.string().meta({ format: "date-time", description: "When the event happened" }),
    data,
  });

/** Every body a subscription receives; `type: "ping"` is the "Send test event" one. */
export const webhookPayloadSchema = z.discriminatedUnion("type", [
  envelopeOf(
    [
      "booking.created",
      "booking.rescheduled",
      "booking.cancelled",
      "booking.no_show",
      "booking.requested",
      "booking.request_declined",
      "booking.request_expired",
    ],
    webhookBookingData,
  ),
  envelopeOf(["contact.created", "contact.updated"], webhookContactData),
  z.object({
    type: z.literal("ping"),
    timestamp: z.string(),
    data: z.object({ subscriptionId: z.string(), message: z.string() }),
  }),
]);
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

/**
 * The payloads as OpenAPI components (`WebhookPayload`, `WebhookBookingData`, `WebhookContactData`), for
 * the API description at /api/docs: a function, so the web app that imports this file never builds them.
 */
export function webhookPayloadComponents(): Record<string, Record<string, unknown>> {
  const json = (schema: z.ZodType) => z.toJSONSchema(schema, { target: "openapi-3.0", io: "output" });
  return {
    WebhookPayload: json(webhookPayloadSchema),
    WebhookBookingData: json(webhookBookingData),
    WebhookContactData: json(webhookContactData),
  };
}
