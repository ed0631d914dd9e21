import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.js";

/**
 * A host's webhook subscription (issue 26): a URL that receives the chosen events, signed with its own
 * Standard Webhooks secret (sealed at rest, lib/secrets.ts). `consecutive_failures` counts deliveries
 * that failed after all their attempts since the last success; at 15 the subscription is switched off
 * (`active` false, `disabled_reason` set) and the host is mailed.
 */
export const webhookSubscriptions = pgTable(
  "webhook_subscriptions",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    hostUserId: uuid("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: text("events").array().notNull(),
    active: boolean("active").notNull().default(true),
    secret: text("secret").notNull(),
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    disabledReason: text("disabled_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webhook_subscriptions_host_idx").on(t.hostUserId, t.createdAt)],
);
export type WebhookSubscriptionRow = typeof webhookSubscriptions.$inferSelect;

/**
 * One message to one subscription: its `webhook-id`, type and the exact body signed (a Resend makes a
 * new delivery of the same body). Sent by the `webhook.deliver` job; each attempt is a row below.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: "cascade" }),
    hostUserId: uuid("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    requestBody: text("request_body").notNull(),
    /** pending (attempts left), delivered, failed (every attempt failed). */
    status: text("status").$type<"pending" | "delivered" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    responseStatus: integer("response_status"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("webhook_deliveries_subscription_idx").on(t.subscriptionId, t.createdAt)],
);
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** One attempt of a delivery: what the receiver answered (body cut at 2 kB), how long, or the error. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    durationMs: integer("duration_ms"),
    error: text("error"),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.attempt)],
);
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
