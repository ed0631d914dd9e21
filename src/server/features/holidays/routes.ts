import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { idParams } from "../../../contract/common.js";
import {
  customHolidayBody,
  holidayDateParams,
  holidaySettingsBody,
  holidaysQuery,
  upcomingQuery,
} from "../../../contract/holidays.js";
import { holidaysResponses as responses } from "../../../contract/responses/holidays.js";
import type { HolidaysService } from "./service.js";

export async function holidaysRoutes(app: FastifyInstance, opts: { holidays: HolidaysService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = opts.holidays;
  const tags = ["holidays"];

  r.get(
    "/holidays",
    { schema: { querystring: holidaysQuery, tags, response: responses.settings } },
    async (request) => ({
      success: true,
      data: await service.view(request.user, request.query.year),
    }),
  );

  r.get("/holidays/countries", { schema: { tags, response: responses.countries } }, async () => ({
    success: true,
    data: await service.countries(),
  }));

  r.put(
    "/holidays",
    { schema: { body: holidaySettingsBody, tags, response: responses.settings } },
    async (request) => ({
      success: true,
      message: "Holiday settings saved",
      data: await service.update(request.user, request.body),
    }),
  );

  r.get(
    "/holidays/upcoming",
    { schema: { querystring: upcomingQuery, tags, response: responses.upcoming } },
    async (request) => ({
      success: true,
      data: await service.upcoming(request.user, request.query.limit),
    }),
  );

  r.post(
    "/holidays/custom",
    { schema: { body: customHolidayBody, tags, response: responses.customAdded } },
    async (request, reply) =>
      reply.status(201).send({
        success: true,
        message: "Holiday added",
        data: await service.addCustom(request.user.id, request.body),
      }),
  );

  r.delete(
    "/holidays/custom/:id",
    { schema: { params: idParams, tags, response: responses.deleted } },
    async (request) => {
      await service.deleteCustom(request.user.id, request.params.id);
      return { success: true, message: "Holiday removed" };
    },
  );

  r.get(
    "/holidays/check/:date",
    { schema: { params: holidayDateParams, tags, response: responses.check } },
    async (request) => ({
      success: true,
      data: await service.check(request.user.id, request.params.date),
    }),
  );
}
