import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  createScheduleBody,
  dateOverrideBody,
  overrideParams,
  updateScheduleBody,
} from "../../../contract/availability.js";
import { idParams } from "../../../contract/common.js";
import { availabilityResponses as responses } from "../../../contract/responses/availability.js";
import type { AvailabilityService } from "./service.js";

export async function availabilityRoutes(app: FastifyInstance, opts: { availability: AvailabilityService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = opts.availability;
  const tags = ["availability"];

  r.get("/availability", { schema: { tags, response: responses.list } }, async (request) => ({
    success: true,
    data: await service.list(request.user.id),
  }));

  r.post(
    "/availability",
    { schema: { body: createScheduleBody, tags, response: responses.created } },
    async (request, reply) =>
      reply.status(201).send({
        success: true,
        message: "Schedule created",
        data: await service.create(request.user, request.body),
      }),
  );

  r.get(
    "/availability/:id",
    { schema: { params: idParams, tags, response: responses.one } },
    async (request) => ({
      success: true,
      data: await service.get(request.user.id, request.params.id),
    }),
  );

  r.put(
    "/availability/:id",
    { schema: { params: idParams, body: updateScheduleBody, tags, response: responses.one } },
    async (request) => ({
      success: true,
      message: "Schedule updated",
      data: await service.update(request.user.id, request.params.id, request.body),
    }),
  );

  r.delete(
    "/availability/:id",
    { schema: { params: idParams, tags, response: responses.deleted } },
    async (request) => {
      await service.remove(request.user.id, request.params.id);
      return { success: true, message: "Schedule deleted" };
    },
  );

  r.put(
    "/availability/:id/set-default",
    { schema: { params: idParams, tags, response: responses.one } },
    async (request) => ({
      success: true,
      message: "Default schedule updated",
      data: await service.setDefault(request.user.id, request.params.id),
    }),
  );

  r.post(
    "/availability/:id/date-override",
    { schema: { params: idParams, body: dateOverrideBody, tags, response: responses.created } },
    async (request, reply) =>
      reply.status(201).send({
        success: true,
        message: "Date override saved",
        data: await service.addDateOverride(request.user.id, request.params.id, request.body),
      }),
  );

  r.delete(
    "/availability/:id/date-override/:overrideId",
    { schema: { params: overrideParams, tags, response: responses.one } },
    async (request) => ({
      success: true,
      message: "Date override removed",
      data: await service.deleteDateOverride(request.user.id, request.params.id, request.params.overrideId),
    }),
  );
}
