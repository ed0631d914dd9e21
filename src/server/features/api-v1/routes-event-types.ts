import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  v1CreateHeaders,
  v1EventTypeCreateBody,
  v1EventTypeUpdateBody,
  v1IdParams,
  v1PageQuery,
  v1SlotsQuery,
} from "../../../contract/api-v1.js";
import { v1Responses } from "../../../contract/responses/api-v1.js";
import type { EventTypesFeature } from "../event-types/plugin.js";
import type { SlotsFeature } from "../slots/plugin.js";
import { type AnswerStore, idempotent, pageOf, v1Route } from "./service.js";

const responses = v1Responses.eventTypes;

/** Dates from..to (YYYY-MM-DD), both included. */
function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000) {
    out.push(new Date(at).toISOString().slice(0, 10));
  }
  return out;
}

/** /api/v1/event-types: list, read, create, update; the bookable slots of one for a range of dates. */
export async function v1EventTypesRoutes(
  app: FastifyInstance,
  opts: { eventTypes: EventTypesFeature["service"]; slots: SlotsFeature["service"]; answers: AnswerStore },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { eventTypes, slots } = opts;
  const read = v1Route("event_types:read", "event-types");
  const write = v1Route("event_types:write", "event-types");

  r.get(
    "/event-types",
    {
      config: read.config,
      schema: {
        summary: "List event types (event_types:read)",
        tags: read.tags,
        querystring: v1PageQuery,
        response: responses.list,
      },
    },
    async (request) =>
      pageOf(await eventTypes.list(request.user), (e) => [e.createdAt, e._id], request.query),
  );

  r.get(
    "/event-types/:id",
    {
      config: read.config,
      schema: {
        summary: "Read an event type (event_types:read)",
        tags: read.tags,
        params: v1IdParams,
        response: responses.one,
      },
    },
    async (request) => ({ data: await eventTypes.get(request.user, request.params.id) }),
  );

  r.post(
    "/event-types",
    {
      config: write.config,
      schema: {
        summary: "Create an event type (event_types:write; Idempotency-Key)",
        tags: write.tags,
        headers: v1CreateHeaders,
        body: v1EventTypeCreateBody,
        response: responses.created,
      },
    },
    (request, reply) =>
      idempotent(opts.answers, request, reply, async () => ({
        status: 201,
        body: { data: await eventTypes.create(request.user, request.body) },
      })),
  );

  r.patch(
    "/event-types/:id",
    {
      config: write.config,
      schema: {
        summary: "Update an event type (event_types:write)",
        tags: write.tags,
        params: v1IdParams,
        body: v1EventTypeUpdateBody,
        response: responses.one,
      },
    },
    async (request) => ({ data: await eventTypes.update(request.user, request.params.id, request.body) }),
  );

  r.get(
    "/event-types/:id/slots",
    {
      config: v1Route("availability:read", "availability").config,
      schema: {
        summary: "Bookable slots of an event type for dates from-to in a zone (availability:read)",
        tags: ["availability"],
        params: v1IdParams,
        querystring: v1SlotsQuery,
        response: responses.slots,
      },
    },
    async (request, reply) => {
      // Only the host's own event type; its slots as the booking page offers them.
      await eventTypes.get(request.user, request.params.id);
      const { from, to, timezone } = request.query;
      const ref = { id: request.params.id };
      const viewer = async () => request.user.id;
      const days = [];
      for (const date of datesBetween(from, to)) {
        const found = await slots.forDate(ref, date, timezone, undefined, undefined, viewer);
        days.push({ date, slots: found.map((s) => ({ start: s.iso })) });
      }
      reply.header("Cache-Control", "no-store");
      return { data: { timezone, days } };
    },
  );
}
