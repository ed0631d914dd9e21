import fp from "fastify-plugin";
import { holidaysRoutes } from "./routes.js";
import { createHolidaysService, type HolidaysService } from "./service.js";

/** What other features may use of holidays. */
export interface HolidaysFeature {
  /** The days a host's holidays close, for slot lookups. */
  service: Pick<HolidaysService, "blockedDates">;
}

declare module "fastify" {
  interface FastifyInstance {
    holidays: HolidaysFeature;
  }
}

/** Holidays: the host's country's public holidays and their own days off. */
export const holidaysPlugin = fp(
  async (app) => {
    const { db, now } = app.infra;
    const holidays = createHolidaysService(db, { now, hostZone: app.availability.hostZone });
    app.users.accountParts.add({ name: "holidays", export: (user) => holidays.view(user) });
    app.decorate("holidays", { service: holidays });
    app.apiRoutes.add((api) => api.register(holidaysRoutes, { holidays }));
  },
  { name: "holidays", dependencies: ["users", "availability"] },
);
