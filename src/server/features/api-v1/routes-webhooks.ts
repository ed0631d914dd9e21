import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  v1CreateHeaders,
  v1DeliveryParams,
  v1IdParams,
  v1PageQuery,
  v1WebhookCreateBody,
  v1WebhookUpdateBody,
} from "../../../contract/api-v1.js";
import { v1Responses } from "../../../contract/responses/api-v1.js";
import type { WebhooksService } from "../webhooks/index.js";
import { type AnswerStore, idempotent, pageOf, v1Route } from "./service.js";

const responses = v1Responses.webhooks;

/** A position that pageOf's ascending order puts newest first (it counts down to a far date). */
const LATEST = Date.parse("2999-01-01T00:00:00.000Z");
const newestFirst = (iso: string) => String(LATEST - Date.parse(iso)).padStart(16, "0");

/**
 * /api/v1/webhooks: the host's subscriptions and their delivery log, over the same service as
 * Settings > Webhooks (the URL checked by the SSRF guard, at most 20, the secret shown on create).
 */
export async function v1WebhooksRoutes(
  app: FastifyInstance,
  opts: { webhooks: WebhooksService; answers: AnswerStore },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { webhooks } = opts;
  const read = v1Route("webhooks:read", "webhooks");
  const write = v1Route("webhooks:write", "webhooks");

  r.get(
    "/webhooks",
    {
      config: read.config,
      schema: {
        summary: "List webhook subscriptions (webhooks:read)",
        tags: read.tags,
        querystring: v1PageQuery,
        response: responses.list,
      },
    },
    async (request) =>
      pageOf(await webhooks.list(request.user.id), (w) => [w.createdAt, w._id], request.query),
  );

  r.get(
    "/webhooks/:id",
    {
      config: read.config,
      schema: {
        summary: "Read a webhook subscription (webhooks:read)",
        tags: read.tags,
        params: v1IdParams,
        response: responses.one,
      },
    },
    async (request) => ({ data: await webhooks.get(request.user.id, request.params.id) }),
  );

  r.post(
    "/webhooks",
    {
      config: write.config,
      schema: {
        summary:
          "Subscribe a URL to events; the answer carries the signing secret (webhooks:write; Idempotency-Key)",
        tags: write.tags,
        headers: v1CreateHeaders,
        body: v1WebhookCreateBody,
        response: responses.created,
      },
    },
    (request, reply) =>
      idempotent(opts.answers, request, reply, async () => ({
        status: 201,
        body: { data: await webhooks.create(request.user.id, request.body) },
      })),
  );

  r.patch(
    "/webhooks/:id",
    {
      config: write.config,
      schema: {
        summary: "Change a subscription's URL, events or switch (webhooks:write)",
        tags: write.tags,
        params: v1IdParams,
        body: v1WebhookUpdateBody,
        response: responses.one,
      },
    },
    async (request) => ({ data: await webhooks.update(request.user.id, request.params.id, request.body) }),
  );

  r.delete(
    "/webhooks/:id",
    {
      config: write.config,
      schema: {
        summary: "Delete a subscription and its delivery log (webhooks:write)",
        tags: write.tags,
        params: v1IdParams,
        response: responses.deleted,
      },
    },
    async (request, reply) => {
      await webhooks.remove(request.user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    "/webhooks/:id/deliveries",
    {
      config: read.config,
      schema: {
        summary: "The subscription's latest deliveries with every attempt, newest first (webhooks:read)",
        tags: read.tags,
        params: v1IdParams,
        querystring: v1PageQuery,
        response: responses.deliveries,
      },
    },
    async (request) => {
      // The log keeps the latest deliveries (contract/webhooks.ts WEBHOOK_DELIVERIES_SHOWN).
      const all = await webhooks.deliveries(request.user.id, request.params.id);
      return pageOf(all, (d) => [newestFirst(d.createdAt), d._id], request.query);
    },
  );

  r.post(
    "/webhooks/:id/deliveries/:deliveryId/resend",
    {
      config: write.config,
      schema: {
        summary: "Send a delivery's payload again, as a new delivery (webhooks:write)",
        tags: write.tags,
        params: v1DeliveryParams,
        response: responses.resent,
      },
    },
    async (request, reply) => {
      const { id, deliveryId } = request.params;
      return reply.status(201).send({ data: await webhooks.resend(request.user.id, id, deliveryId) });
    },
  );
}
