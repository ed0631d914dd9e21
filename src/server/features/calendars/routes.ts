import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  accountCalendarParams,
  connectCaldavBody,
  updateConnectedCalendarBody,
} from "../../../contract/calendars.js";
import { idParams } from "../../../contract/common.js";
import { calendarsResponses as responses } from "../../../contract/responses/calendars.js";
import type { AccountsService } from "./service-accounts.js";

/** Every connected calendar account (Google and CalDAV): the Calendar Settings list and its actions. */
export async function calendarAccountsRoutes(app: FastifyInstance, opts: { accounts: AccountsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { accounts } = opts;
  const tags = ["calendar-accounts"];

  r.get("/calendar-accounts", { schema: { tags, response: responses.list } }, async (request) => ({
    success: true,
    data: await accounts.list(request.user.id),
  }));

  r.post(
    "/calendar-accounts/caldav",
    { schema: { body: connectCaldavBody, tags, response: responses.connected } },
    async (request, reply) => {
      const data = await accounts.connectCaldav(request.user.id, request.body);
      return reply.status(201).send({ success: true, message: "Calendar connected", data });
    },
  );

  r.put(
    "/calendar-accounts/:id/set-primary",
    { schema: { params: idParams, tags, response: responses.account } },
    async (request) => ({
      success: true,
      message: "Primary account updated",
      data: await accounts.setPrimary(request.user.id, request.params.id),
    }),
  );

  r.put(
    "/calendar-accounts/:id/calendars/:calendarId",
    {
      schema: {
        params: accountCalendarParams,
        body: updateConnectedCalendarBody,
        tags,
        response: responses.account,
      },
    },
    async (request) => ({
      success: true,
      message: "Calendar updated",
      data: await accounts.updateCalendar(
        request.user.id,
        request.params.id,
        request.params.calendarId,
        request.body,
      ),
    }),
  );

  r.post(
    "/calendar-accounts/:id/refresh",
    { schema: { params: idParams, tags, response: responses.account } },
    async (request) => ({
      success: true,
      message: "Connection refreshed",
      data: await accounts.refresh(request.user.id, request.params.id),
    }),
  );

  r.delete(
    "/calendar-accounts/:id",
    { schema: { params: idParams, tags, response: responses.done } },
    async (request) => {
      await accounts.remove(request.user.id, request.params.id, request.log);
      return { success: true, message: "Account disconnected" };
    },
  );
}
