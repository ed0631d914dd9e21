import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParams } from "../../../contract/common.js";
import { createEventTypeBody, updateEventTypeBody } from "../../../contract/event-types.js";
import { eventTypeResponses as responses } from "../../../contract/responses/event-types.js";
import type { EventTypesService } from "./service.js";

export async function eventTypesRoutes(app: FastifyInstance, opts: { eventTypes: EventTypesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { eventTypes } = opts;

  r.get("/event-types", { schema: { response: responses.list } }, async (request) => ({
    success: true,
    data: await eventTypes.list(request.user),
  }));

  r.post(
    "/event-types",
    { schema: { body: createEventTypeBody, response: responses.created } },
    async (request, reply) => {
      const data = await eventTypes.create(request.user, request.body);
      return reply.status(201).send({ success: true, message: "Event type created", data });
    },
  );

  r.get(
    "/event-types/:slug/public",
    {
      schema: {
        params: z.object({ slug: z.string().min(1).max(80) }),
        // ?user={username}: the event type at /{username}/{slug}; without it, /book/{slug}.
        querystring: z.object({ user: z.string().min(1).max(60).optional() }),
        response: responses.one,
      },
    },
    async (request) => ({
      success: true,
      data: await eventTypes.getPublic(request.params.slug, request.query.user),
    }),
  );

  r.get("/event-types/:id", { schema: { params: idParams, response: responses.one } }, async (request) => ({
    success: true,
    data: await eventTypes.get(request.user, request.params.id),
  }));

  r.put(
    "/event-types/:id",
    { schema: { params: idParams, body: updateEventTypeBody, response: responses.one } },
    async (request) => ({
      success: true,
      message: "Event type updated",
      data: await eventTypes.update(request.user, request.params.id, request.body),
    }),
  );

  r.post(
    "/event-types/:id/duplicate",
    { schema: { params: idParams, response: responses.duplicated } },
    async (request, reply) => {
      const data = await eventTypes.duplicate(request.user, request.params.id);
      return reply.status(201).send({ success: true, message: "Event type duplicated", data });
    },
  );

  r.delete(
    "/event-types/:id",
    { schema: { params: idParams, response: responses.deleted } },
    async (request) => {
      await eventTypes.remove(request.user, request.params.id);
      return { success: true, message: "Event type deleted" };
    },
  );
}
