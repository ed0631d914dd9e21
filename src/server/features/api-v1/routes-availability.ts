import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { v1IdParams, v1PageQuery } from "../../../contract/api-v1.js";
import { v1Responses } from "../../../contract/responses/api-v1.js";
import type { AvailabilityFeature } from "../availability/plugin.js";
import { pageOf, v1Route } from "./service.js";

const responses = v1Responses.availability;

/** /api/v1/schedules: the host's availability schedules (an event type's slots: routes-event-types.ts). */
export async function v1AvailabilityRoutes(
  app: FastifyInstance,
  opts: { schedules: AvailabilityFeature["schedules"] },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { schedules } = opts;
  const read = v1Route("availability:read", "availability");

  r.get(
    "/schedules",
    {
      config: read.config,
      schema: {
        summary: "List availability schedules (availability:read)",
        tags: read.tags,
        querystring: v1PageQuery,
        response: responses.list,
      },
    },
    async (request) =>
      pageOf(
        await schedules.list(request.user.id),
        (s) => [new Date(s.createdAt).toISOString(), s._id],
        request.query,
      ),
  );

  r.get(
    "/schedules/:id",
    {
      config: read.config,
      schema: {
        summary: "Read an availability schedule (availability:read)",
        tags: read.tags,
        params: v1IdParams,
        response: responses.one,
      },
    },
    async (request) => ({ data: await schedules.get(request.user.id, request.params.id) }),
  );
}
