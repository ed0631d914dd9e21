import fp from "fastify-plugin";
import { createRegistry, type Registry } from "../../lib/registry.js";
import type { CalendarSettingsListener } from "./events.js";
import { calendarSettingsRoutes } from "./routes.js";
import { type CalendarSettingsService, createCalendarSettingsService } from "./service.js";

/** What other features may use of calendar settings. */
export interface CalendarSettingsFeature {
  service: CalendarSettingsService;
  /** Features that follow these settings, told inside the saving transaction (events.ts). */
  listeners: Registry<CalendarSettingsListener>;
}

declare module "fastify" {
  interface FastifyInstance {
    calendarSettings: CalendarSettingsFeature;
  }
}

/** Calendar settings: the host-wide sync and notification settings. */
export const calendarSettingsPlugin = fp(
  async (app) => {
    const listeners = createRegistry<CalendarSettingsListener>();
    const calendarSettings = createCalendarSettingsService(app.infra.db, { listeners: listeners.items });
    app.users.accountParts.add({ name: "calendarSettings", export: (user) => calendarSettings.get(user.id) });
    app.decorate("calendarSettings", { service: calendarSettings, listeners });
    app.apiRoutes.add((api) => api.register(calendarSettingsRoutes, { calendarSettings }));
  },
  { name: "calendar-settings", dependencies: ["users"] },
);
