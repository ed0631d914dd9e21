import {
  MAX_WEBHOOK_SUBSCRIPTIONS,
  WEBHOOK_DELIVERIES_SHOWN,
  type WebhookCreateBody,
  type WebhookDeliveryDto,
  type WebhookEvent,
  type WebhookSubscriptionDto,
  type WebhookSubscriptionWithSecret,
  type WebhookUpdateBody,
  webhookCreateBody,
  webhookUpdateBody,
} from "../../../contract/webhooks.js";
import type { Db } from "../../db/client.js";
import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookSubscriptionRow } from "../../db/schema/index.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import { checkUrl, UnsafeUrlError } from "../../lib/ssrf.js";
import { newWebhookId, newWebhookSecret, openWebhookSecret } from "../../lib/webhook-delivery.js";
import { createWebhooksRepo, type SubscriptionPatch } from "./repo.js";
import { createWebhookDelivery, type DeliveryDeps, queueDeliveries } from "./service-delivery.js";
import { payloadText } from "./service-payloads.js";

const NOT_FOUND = "Webhook subscription not found";

function toDeliveryDto(row: WebhookDeliveryRow, attempts: WebhookAttemptRow[]): WebhookDeliveryDto {
  return {
    _id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    requestBody: row.requestBody,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    attemptLog: attempts.map((a) => ({
      attempt: a.attempt,
      at: a.at.toISOString(),
      responseStatus: a.responseStatus,
      responseBody: a.responseBody,
      durationMs: a.durationMs,
      error: a.error,
    })),
  };
}

/**
 * Webhook subscriptions (issue 26): the host's CRUD, secrets (sealed at rest; revealed and rotated on
 * request), the delivery log, Resend and the test event. What `/api/webhooks` and, after the API keys
 * land, `/api/v1/webhooks` call.
 */
export function createWebhooksService(db: Db, deps: DeliveryDeps) {
  const repo = createWebhooksRepo(db);
  const { now, secrets } = deps;
  const delivery = createWebhookDelivery(db, deps);

  const plainSecret = (row: WebhookSubscriptionRow) => openWebhookSecret(secrets, row.secret);

  function toDto(row: WebhookSubscriptionRow): WebhookSubscriptionDto {
    return {
      _id: row.id,
      url: row.url,
      events: row.events as WebhookEvent[],
      active: row.active,
      disabledReason: row.disabledReason,
      consecutiveFailures: row.consecutiveFailures,
      secretHint: `${plainSecret(row).slice(0, 9)}…`,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  const withSecret = (row: WebhookSubscriptionRow): WebhookSubscriptionWithSecret => ({
    ...toDto(row),
    secret: plainSecret(row),
  });

  /** The SSRF guard at save: a refused address is a 400 on `url`, and no request leaves. */
  async function checkTarget(url: string): Promise<void> {
    try {
      await checkUrl(url, { allowPrivate: deps.outbound.allowPrivate, resolve: deps.outbound.resolve });
    } catch (error) {
      if (!(error instanceof UnsafeUrlError)) throw error;
      throw badRequest(error.message, { url: error.message }, "ADDRESS_NOT_ALLOWED");
    }
  }

  async function owned(hostId: string, id: string): Promise<WebhookSubscriptionRow> {
    const row = await repo.find(hostId, id);
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  function mustBeOn(row: WebhookSubscriptionRow) {
    if (!row.active) throw conflict("Switch the subscription on first");
  }

  return {
    ...delivery,

    async list(hostId: string): Promise<WebhookSubscriptionDto[]> {
      return (await repo.list(hostId)).map(toDto);
    },

    async get(hostId: string, id: string): Promise<WebhookSubscriptionDto> {
      return toDto(await owned(hostId, id));
    },

    async create(hostId: string, body: WebhookCreateBody): Promise<WebhookSubscriptionWithSecret> {
      const input = webhookCreateBody.parse(body);
      if ((await repo.count(hostId)) >= MAX_WEBHOOK_SUBSCRIPTIONS) {
        throw badRequest(`At most ${MAX_WEBHOOK_SUBSCRIPTIONS} webhook subscriptions`, {
          url: "Too many subscriptions",
        });
      }
      await checkTarget(input.url);
      const row = await repo.insert({
        hostUserId: hostId,
        url: input.url,
        events: input.events,
        active: input.active,
        secret: secrets.seal(newWebhookSecret()),
      });
      return withSecret(row);
    },

    async update(hostId: string, id: string, body: WebhookUpdateBody): Promise<WebhookSubscriptionDto> {
      const input = webhookUpdateBody.parse(body);
      const current = await owned(hostId, id);
      if (input.url !== undefined && input.url !== current.url) await checkTarget(input.url);
      const patch: SubscriptionPatch = { url: input.url, events: input.events, active: input.active };
      // Switched on again by the host: a fresh start.
      if (input.active === true) Object.assign(patch, { consecutiveFailures: 0, disabledReason: null });
      const row = await repo.update(hostId, id, patch, now());
      if (!row) throw notFound(NOT_FOUND);
      return toDto(row);
    },

    async remove(hostId: string, id: string): Promise<void> {
      if (!(await repo.remove(hostId, id))) throw notFound(NOT_FOUND);
    },

    async reveal(hostId: string, id: string): Promise<WebhookSubscriptionWithSecret> {
      return withSecret(await owned(hostId, id));
    },

    /** A new secret at once; the old one stops signing (receivers must take the new one). */
    async rotate(hostId: string, id: string): Promise<WebhookSubscriptionWithSecret> {
      await owned(hostId, id);
      const row = await repo.update(hostId, id, { secret: secrets.seal(newWebhookSecret()) }, now());
      if (!row) throw notFound(NOT_FOUND);
      return withSecret(row);
    },

    async deliveries(hostId: string, id: string): Promise<WebhookDeliveryDto[]> {
      await owned(hostId, id);
      const rows = await repo.deliveries(hostId, id, WEBHOOK_DELIVERIES_SHOWN);
      const attempts = await repo.attempts(rows.map((r) => r.id));
      return rows.map((r) =>
        toDeliveryDto(
          r,
          attempts.filter((a) => a.deliveryId === r.id),
        ),
      );
    },

    /** A new delivery of the same body and `webhook-id` (receivers deduplicate on it). */
    async resend(hostId: string, id: string, deliveryId: string): Promise<WebhookDeliveryDto> {
      const sub = await owned(hostId, id);
      const original = await repo.findDelivery(hostId, id, deliveryId);
      if (!original) throw notFound("Delivery not found");
      mustBeOn(sub);
      const [made] = await db.transaction((tx) =>
        queueDeliveries(
          tx,
          [
            {
              subscriptionId: id,
              hostUserId: hostId,
              eventId: original.eventId,
              eventType: original.eventType,
              requestBody: original.requestBody,
            },
          ],
          now(),
        ),
      );
      return toDeliveryDto(made, []);
    },

    /** "Send test event": a `ping` delivery, sent and logged like any other. */
    async test(hostId: string, id: string): Promise<WebhookDeliveryDto> {
      const sub = await owned(hostId, id);
      mustBeOn(sub);
      const at = now();
      const body = payloadText({
        type: "ping",
        timestamp: at.toISOString(),
        data: { subscriptionId: id, message: "A test event from Kairos" },
      });
      const [made] = await db.transaction((tx) =>
        queueDeliveries(
          tx,
          [
            {
              subscriptionId: id,
              hostUserId: hostId,
              eventId: newWebhookId(),
              eventType: "ping",
              requestBody: body,
            },
          ],
          at,
        ),
      );
      return toDeliveryDto(made, []);
    },

    /** The account export's part: subscriptions without their secrets. */
    exportFor: (hostId: string) => repo.list(hostId).then((rows) => rows.map(toDto)),
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
