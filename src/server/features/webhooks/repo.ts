import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.js";
import { keptStatement } from "../../db/prepared.js";
import {
  users,
  type WebhookAttemptRow,
  type WebhookDeliveryRow,
  type WebhookSubscriptionRow,
  webhookAttempts,
  webhookDeliveries,
  webhookSubscriptions,
} from "../../db/schema/index.js";

export type SubscriptionPatch = Partial<
  Pick<
    WebhookSubscriptionRow,
    "url" | "events" | "active" | "secret" | "consecutiveFailures" | "disabledReason"
  >
>;

export interface NewDelivery {
  subscriptionId: string;
  hostUserId: string;
  eventId: string;
  eventType: string;
  requestBody: string;
}

export interface NewAttempt {
  deliveryId: string;
  attempt: number;
  responseStatus: number | null;
  responseBody: string | null;
  durationMs: number | null;
  error: string | null;
  at: Date;
}

/**
 * The host's switched-on subscriptions, to any event: read for every booking change (a new booking's
 * read serves its `booking.created` and the `contact.created` it may make), so kept prepared
 * (db/prepared.ts) like the other reads of the booking path. A host has at most
 * MAX_WEBHOOK_SUBSCRIPTIONS, so the caller picks the event's own from all of them. Make one per database.
 */
export function createListeningQuery(db: Db) {
  const run = keptStatement(db, "webhook_subscriptions_active", (h) =>
    h
      .select()
      .from(webhookSubscriptions)
      .where(
        and(
          eq(webhookSubscriptions.hostUserId, sql.placeholder("hostId")),
          eq(webhookSubscriptions.active, true),
        ),
      )
      .prepare("webhook_subscriptions_active"),
  );
  return (handle: DbOrTx, hostId: string): Promise<WebhookSubscriptionRow[]> => run(handle, { hostId });
}

/** Subscriptions, deliveries and attempts; every host query takes the host's id. */
export function createWebhooksRepo(db: DbOrTx) {
  const own = (hostId: string, id: string) =>
    and(eq(webhookSubscriptions.hostUserId, hostId), eq(webhookSubscriptions.id, id));

  return {
    list(hostId: string): Promise<WebhookSubscriptionRow[]> {
      return db
        .select()
        .from(webhookSubscriptions)
        .where(eq(webhookSubscriptions.hostUserId, hostId))
        .orderBy(webhookSubscriptions.createdAt, webhookSubscriptions.id);
    },

    async count(hostId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(webhookSubscriptions)
        .where(eq(webhookSubscriptions.hostUserId, hostId));
      return row?.n ?? 0;
    },

    async find(hostId: string, id: string): Promise<WebhookSubscriptionRow | undefined> {
      const [row] = await db.select().from(webhookSubscriptions).where(own(hostId, id));
      return row;
    },

    async insert(values: typeof webhookSubscriptions.$inferInsert): Promise<WebhookSubscriptionRow> {
      const [row] = await db.insert(webhookSubscriptions).values(values).returning();
      return row;
    },

    async update(
      hostId: string,
      id: string,
      patch: SubscriptionPatch,
      at: Date,
    ): Promise<WebhookSubscriptionRow | undefined> {
      const [row] = await db
        .update(webhookSubscriptions)
        .set({ ...patch, updatedAt: at })
        .where(own(hostId, id))
        .returning();
      return row;
    },

    async remove(hostId: string, id: string): Promise<boolean> {
      const gone = await db
        .delete(webhookSubscriptions)
        .where(own(hostId, id))
        .returning({ id: webhookSubscriptions.id });
      return gone.length > 0;
    },

    async insertDeliveries(rows: NewDelivery[]): Promise<WebhookDeliveryRow[]> {
      if (rows.length === 0) return [];
      return db.insert(webhookDeliveries).values(rows).returning();
    },

    /** A delivery with what sending it needs (for the job; no host id: the job has only the delivery's). */
    async forSending(deliveryId: string) {
      const [row] = await db
        .select({ delivery: webhookDeliveries, subscription: webhookSubscriptions })
        .from(webhookDeliveries)
        .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
        .where(eq(webhookDeliveries.id, deliveryId));
      return row;
    },

    async findDelivery(hostId: string, subscriptionId: string, id: string) {
      const [row] = await db
        .select()
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.hostUserId, hostId),
            eq(webhookDeliveries.subscriptionId, subscriptionId),
            eq(webhookDeliveries.id, id),
          ),
        );
      return row;
    },

    deliveries(hostId: string, subscriptionId: string, limit: number): Promise<WebhookDeliveryRow[]> {
      return db
        .select()
        .from(webhookDeliveries)
        .where(
          and(eq(webhookDeliveries.hostUserId, hostId), eq(webhookDeliveries.subscriptionId, subscriptionId)),
        )
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(limit);
    },

    attempts(deliveryIds: string[]): Promise<WebhookAttemptRow[]> {
      if (deliveryIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.deliveryId, deliveryIds))
        .orderBy(webhookAttempts.attempt);
    },

    /** Logs an attempt and brings its delivery up to date (`finished`: delivered or failed for good). */
    async recordAttempt(
      attempt: NewAttempt,
      outcome: { status: WebhookDeliveryRow["status"]; finished: boolean },
    ): Promise<void> {
      await db.insert(webhookAttempts).values(attempt);
      await db
        .update(webhookDeliveries)
        .set({
          status: outcome.status,
          attempts: attempt.attempt,
          responseStatus: attempt.responseStatus,
          finishedAt: outcome.finished ? attempt.at : null,
        })
        .where(eq(webhookDeliveries.id, attempt.deliveryId));
    },

    async resetFailures(subscriptionId: string): Promise<void> {
      await db
        .update(webhookSubscriptions)
        .set({ consecutiveFailures: 0 })
        .where(
          and(
            eq(webhookSubscriptions.id, subscriptionId),
            sql`${webhookSubscriptions.consecutiveFailures} > 0`,
          ),
        );
    },

    /**
     * Counts a delivery that failed for good; at `limit` in a row the subscription is switched off.
     * Returns the subscription when this call switched it off (then its owner is told), else undefined.
     */
    async countFailure(subscriptionId: string, limit: number, reason: string, at: Date) {
      const [row] = await db
        .update(webhookSubscriptions)
        .set({ consecutiveFailures: sql`${webhookSubscriptions.consecutiveFailures} + 1` })
        .where(eq(webhookSubscriptions.id, subscriptionId))
        .returning();
      if (!row?.active || row.consecutiveFailures < limit) return undefined;
      const [off] = await db
        .update(webhookSubscriptions)
        .set({ active: false, disabledReason: reason, updatedAt: at })
        .where(and(eq(webhookSubscriptions.id, subscriptionId), eq(webhookSubscriptions.active, true)))
        .returning();
      return off;
    },

    async owner(
      hostId: string,
    ): Promise<{ name: string; email: string; appLanguage: string | null } | undefined> {
      const [row] = await db
        .select({ name: users.name, email: users.email, appLanguage: users.appLanguage })
        .from(users)
        .where(eq(users.id, hostId));
      return row;
    },
  };
}

export type WebhooksRepo = ReturnType<typeof createWebhooksRepo>;
