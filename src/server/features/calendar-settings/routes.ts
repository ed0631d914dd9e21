import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  calendarSettingsBody,
  notificationSettingsBody,
  syncSettingsBody,
} from "../../../contract/calendar-settings.js";
import { calendarSettingsResponses as responses } from "../../../contract/responses/calendar-settings.js";
import type { CalendarSettingsService } from "./service.js";

export async function calendarSettingsRoutes(
  app: FastifyInstance,
  opts: { calendarSettings: CalendarSettingsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = opts.calendarSettings;
  const tags = ["calendar-settings"];

  r.get("/calendar-settings", { schema: { tags, response: responses.settings } }, async (request) => ({
    success: true,
    data: await service.get(request.user.id),
  }));

  r.put(
    "/calendar-settings",
    { schema: { body: calendarSettingsBody, tags, response: responses.settings } },
    async (request) => ({
      success: true,
      message: "Calendar settings saved",
      data: await service.update(request.user.id, request.body),
    }),
  );

  r.put(
    "/calendar-settings/sync",
    { schema: { body: syncSettingsBody, tags, response: responses.settings } },
    async (request) => ({
      success: true,
      message: "Sync settings saved",
      data: await service.updateSync(request.user.id, request.body),
    }),
  );

  r.put(
    "/calendar-settings/notifications",
    { schema: { body: notificationSettingsBody, tags, response: responses.settings } },
    async (request) => ({
      success: true,
      message: "Notification settings saved",
      data: await service.updateNotifications(request.user.id, request.body),
    }),
  );
}
