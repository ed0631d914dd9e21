import { z } from "zod";
import {
  WEBHOOK_EVENTS,
  type WebhookAttemptDto,
  type WebhookDeliveryDto,
  type WebhookSubscriptionDto,
  type WebhookSubscriptionWithSecret,
} from "../webhooks.js";
import { type Agrees, doneEnvelope, envelope, isoDateTime } from "./shared.js";

const subscriptionShape = {
  _id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  active: z.boolean(),
  disabledReason: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  secretHint: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
};
export const subscriptionSchema = z.object(subscriptionShape);
true satisfies Agrees<z.input<typeof subscriptionSchema>, WebhookSubscriptionDto>;

export const withSecretSchema = z.object({ ...subscriptionShape, secret: z.string() });
true satisfies Agrees<z.input<typeof withSecretSchema>, WebhookSubscriptionWithSecret>;

const attemptSchema = z.object({
  attempt: z.number().int(),
  at: isoDateTime,
  responseStatus: z.number().int().nullable(),
  responseBody: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
});
true satisfies Agrees<z.input<typeof attemptSchema>, WebhookAttemptDto>;

export const deliverySchema = z.object({
  _id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  requestBody: z.string(),
  status: z.enum(["pending", "delivered", "failed"]),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  createdAt: isoDateTime,
  finishedAt: isoDateTime.nullable(),
  attemptLog: z.array(attemptSchema),
});
true satisfies Agrees<z.input<typeof deliverySchema>, WebhookDeliveryDto>;

export const webhooksResponses = {
  list: { 200: envelope(z.array(subscriptionSchema)) },
  created: { 201: envelope(withSecretSchema) },
  one: { 200: envelope(subscriptionSchema) },
  withSecret: { 200: envelope(withSecretSchema) },
  removed: { 200: doneEnvelope },
  deliveries: { 200: envelope(z.array(deliverySchema)) },
  delivery: { 201: envelope(deliverySchema) },
};
