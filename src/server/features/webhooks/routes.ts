import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { idParams, noBody } from "../../../contract/common.js";
import { webhooksResponses as responses } from "../../../contract/responses/webhooks.js";
import { webhookCreateBody, webhookDeliveryParams, webhookUpdateBody } from "../../../contract/webhooks.js";
import type { WebhooksService } from "./service.js";

/** The host's webhook subscriptions (Settings > Webhooks); host-only, like everything not public. */
export async function webhooksRoutes(app: FastifyInstance, opts: { webhooks: WebhooksService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = opts.webhooks;
  const tags = ["webhooks"];

  r.get("/webhooks", { schema: { tags, response: responses.list } }, async (request) => ({
    success: true,
    data: await service.list(request.user.id),
  }));

  r.post(
    "/webhooks",
    { schema: { body: webhookCreateBody, tags, response: responses.created } },
    async (request, reply) =>
      reply.status(201).send({
        success: true,
        message: "Webhook subscription added",
        data: await service.create(request.user.id, request.body),
      }),
  );

  r.get(
    "/webhooks/:id",
    { schema: { params: idParams, tags, response: responses.one } },
    async (request) => ({
      success: true,
      data: await service.get(request.user.id, request.params.id),
    }),
  );

  r.put(
    "/webhooks/:id",
    { schema: { params: idParams, body: webhookUpdateBody, tags, response: responses.one } },
    async (request) => ({
      success: true,
      message: "Webhook subscription saved",
      data: await service.update(request.user.id, request.params.id, request.body),
    }),
  );

  r.delete(
    "/webhooks/:id",
    { schema: { params: idParams, tags, response: responses.removed } },
    async (request) => {
      await service.remove(request.user.id, request.params.id);
      return { success: true, message: "Webhook subscription deleted" };
    },
  );

  r.post(
    "/webhooks/:id/reveal",
    { schema: { params: idParams, body: noBody, tags, response: responses.withSecret } },
    async (request) => ({ success: true, data: await service.reveal(request.user.id, request.params.id) }),
  );

  r.post(
    "/webhooks/:id/rotate",
    { schema: { params: idParams, body: noBody, tags, response: responses.withSecret } },
    async (request) => ({
      success: true,
      message: "Signing secret rotated",
      data: await service.rotate(request.user.id, request.params.id),
    }),
  );

  r.post(
    "/webhooks/:id/test",
    { schema: { params: idParams, body: noBody, tags, response: responses.delivery } },
    async (request, reply) =>
      reply.status(201).send({
        success: true,
        message: "Test event queued",
        data: await service.test(request.user.id, request.params.id),
      }),
  );

  r.get(
    "/webhooks/:id/deliveries",
    { schema: { params: idParams, tags, response: responses.deliveries } },
    async (request) => ({
      success: true,
      data: await service.deliveries(request.user.id, request.params.id),
    }),
  );

  r.post(
    "/webhooks/:id/deliveries/:deliveryId/resend",
    { schema: { params: webhookDeliveryParams, body: noBody, tags, response: responses.delivery } },
    async (request, reply) =>
      reply.status(201).send({
        success: true,
        message: "Delivery queued again",
        data: await service.resend(request.user.id, request.params.id, request.params.deliveryId),
      }),
  );
}
