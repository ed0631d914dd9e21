import {
  WEBHOOK_DISABLE_AFTER,
  WEBHOOK_MAX_ATTEMPTS,
  type WebhookEvent,
  type WebhookPayload,
} from "../../../contract/webhooks.js";
import type { Db, DbOrTx } from "../../db/client.js";
import type { JobRow, WebhookSubscriptionRow } from "../../db/schema/index.js";
import { enqueueJobs } from "../../jobs/queue.js";
import { type JobRunner, PermanentJobError } from "../../jobs/runner.js";
import { hostConfigCache } from "../../lib/host-config-cache.js";
import type { SecretBox } from "../../lib/secrets.js";
import type { OutboundPolicy } from "../../lib/ssrf.js";
import { deliverWebhook, newWebhookId, openWebhookSecret, WebhookError } from "../../lib/webhook-delivery.js";
import { enqueueMail } from "../../mail/outbox.js";
import { webhookDisabledMail } from "../../mail/webhook-mails.js";
import type { BookingListener } from "../bookings/events.js";
import type { ContactListener } from "../contacts/index.js";
import { createListeningQuery, createWebhooksRepo, type NewDelivery } from "./repo.js";
import { bookingData, bookingEvent, contactData, payloadText } from "./service-payloads.js";

export const DELIVERY_JOB = "webhook.deliver";
/** First retry 30 s after a failure, then doubling (the runner caps a wait at an hour). */
const BACKOFF_MS = 30_000;

export interface DeliveryDeps {
  now: () => Date;
  secrets: SecretBox;
  outbound: OutboundPolicy;
  publicUrl: string;
}

/** Writes deliveries and their jobs inside the caller's transaction (so they exist iff it commits). */
export async function queueDeliveries(tx: DbOrTx, rows: NewDelivery[], at: Date) {
  const made = await createWebhooksRepo(tx).insertDeliveries(rows);
  await enqueueJobs(
    tx,
    made.map((d) => ({
      kind: DELIVERY_JOB,
      key: `webhook:${d.id}`,
      runAt: at,
      payload: { deliveryId: d.id },
      maxAttempts: WEBHOOK_MAX_ATTEMPTS,
    })),
  );
  return made;
}

/**
 * The followers of bookings and contacts (inside their transactions), and the job that sends a
 * delivery: one attempt per run, logged; retried with backoff by the runner; a delivery that failed
 * every attempt counts towards switching the subscription off.
 */
export function createWebhookDelivery(db: Db, deps: DeliveryDeps) {
  const repo = createWebhooksRepo(db);
  const listening = createListeningQuery(db);
  /**
   * Reads of a host's subscriptions still under way, per handle: a new booking asks twice at once
   * (its `booking.created`, and through contacts the `contact.created` it may make), and both get
   * the one statement's answer. Only reads in flight are shared, so nothing is ever stale.
   */
  const kept = hostConfigCache<WebhookSubscriptionRow[]>();
  const inFlight = new WeakMap<DbOrTx, Map<string, Promise<WebhookSubscriptionRow[]>>>();
  function subscriptionsOf(
    reader: DbOrTx,
    hostId: string,
    configVersion: number | undefined,
  ): Promise<WebhookSubscriptionRow[]> {
    // A new booking brings the host's config counter: the subscriptions last read at it still hold.
    if (configVersion !== undefined) return kept.get(hostId, configVersion, () => listening(reader, hostId));
    const reads = inFlight.get(reader) ?? new Map<string, Promise<WebhookSubscriptionRow[]>>();
    inFlight.set(reader, reads);
    const pending = reads.get(hostId);
    if (pending) return pending;
    const read = listening(reader, hostId).finally(() => reads.delete(hostId));
    reads.set(hostId, read);
    return read;
  }

  /** The rows for one event to each of the given subscriptions that listen to it. */
  function deliveriesFor(
    subscriptions: readonly WebhookSubscriptionRow[],
    hostId: string,
    payload: WebhookPayload,
  ) {
    const listeners = subscriptions.filter((s) => s.events.includes(payload.type));
    if (listeners.length === 0) return [];
    const body = payloadText(payload);
    return listeners.map(
      (s): NewDelivery => ({
        subscriptionId: s.id,
        hostUserId: hostId,
        eventId: newWebhookId(),
        eventType: payload.type,
        requestBody: body,
      }),
    );
  }

  /** Reads the host's subscriptions first; the reaction queues the deliveries with the booking. */
  const bookingListener: BookingListener = async (reader, change) => {
    const at = deps.now();
    const type = bookingEvent(change) as Extract<WebhookEvent, `booking.${string}`>;
    const payload = { type, timestamp: at.toISOString(), data: bookingData(change, at) };
    const rows = deliveriesFor(
      await subscriptionsOf(
        reader,
        change.booking.host.id,
        change.kind === "created" ? change.hostConfigVersion : undefined,
      ),
      change.booking.host.id,
      payload,
    );
    if (rows.length === 0) return undefined;
    return async (tx) => {
      await queueDeliveries(tx, rows, at);
    };
  };

  /** Reads the host's subscriptions first (shared with a booking's read, above). */
  const contactListener: ContactListener = async (reader, hostUserId, configVersion) => {
    const subscriptions = (await subscriptionsOf(reader, hostUserId, configVersion)).filter((s) =>
      s.events.some((e) => e.startsWith("contact.")),
    );
    if (subscriptions.length === 0) return undefined;
    return async (tx, change) => {
      const at = deps.now();
      const type: WebhookEvent = change.kind === "created" ? "contact.created" : "contact.updated";
      const payload = { type, timestamp: at.toISOString(), data: contactData(change) } as WebhookPayload;
      const rows = deliveriesFor(subscriptions, change.hostUserId, payload);
      if (rows.length > 0) await queueDeliveries(tx, rows, at);
    };
  };

  async function onFailure(tx: DbOrTx, job: JobRow, error: Error, final: boolean) {
    const deliveryId = String(job.payload.deliveryId);
    const txRepo = createWebhooksRepo(tx);
    const found = await txRepo.forSending(deliveryId);
    if (!found) return;
    const at = deps.now();
    const failure = error instanceof WebhookError ? error : null;
    await txRepo.recordAttempt(
      {
        deliveryId,
        attempt: job.attempts,
        responseStatus: failure?.responseCode ?? null,
        responseBody: failure?.responseBody ?? null,
        durationMs: failure?.responseMs ?? null,
        error: error.message,
        at,
      },
      { status: final ? "failed" : "pending", finished: final },
    );
    const sub = found.subscription;
    // A paused subscription's last retries do not count towards switching it off.
    if (!final || !sub.active) return;
    const off = await txRepo.countFailure(
      sub.id,
      WEBHOOK_DISABLE_AFTER,
      `Switched off after ${WEBHOOK_DISABLE_AFTER} failed deliveries in a row`,
      at,
    );
    if (!off) return;
    const owner = await txRepo.owner(sub.hostUserId);
    if (owner) {
      await enqueueMail(
        tx,
        webhookDisabledMail(owner.email, {
          hostName: owner.name,
          url: sub.url,
          failures: WEBHOOK_DISABLE_AFTER,
          lastError: error.message,
          publicUrl: deps.publicUrl,
          language: owner.appLanguage,
        }),
      );
    }
  }

  function registerJobs(jobs: JobRunner) {
    jobs.register(
      DELIVERY_JOB,
      async (job, ctx) => {
        const deliveryId = String(job.payload.deliveryId);
        const found = await repo.forSending(deliveryId);
        if (!found) return { status: "skipped", reason: "The subscription was deleted" };
        const { delivery, subscription } = found;
        if (!subscription.active) throw new PermanentJobError("The subscription is switched off");
        const answer = await deliverWebhook(deps.outbound, {
          url: subscription.url,
          body: delivery.requestBody,
          secret: openWebhookSecret(deps.secrets, subscription.secret),
          eventId: delivery.eventId,
          at: ctx.now,
        });
        return {
          result: { responseCode: answer.responseCode, responseMs: answer.responseMs },
          commit: async (tx) => {
            const txRepo = createWebhooksRepo(tx);
            await txRepo.recordAttempt(
              {
                deliveryId,
                attempt: ctx.attempt,
                responseStatus: answer.responseCode,
                responseBody: answer.responseBody,
                durationMs: answer.responseMs,
                error: null,
                at: deps.now(),
              },
              { status: "delivered", finished: true },
            );
            await txRepo.resetFailures(subscription.id);
          },
        };
      },
      { backoffMs: BACKOFF_MS, onError: onFailure },
    );
  }

  return { bookingListener, contactListener, registerJobs };
}
