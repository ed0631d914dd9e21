import fp from "fastify-plugin";
import { availabilityRoutes } from "./routes.js";
import { type AvailabilityService, createAvailabilityService } from "./service.js";

/** What other features may use of availability. */
export interface AvailabilityFeature {
  /** The zone a host's dates and days are read in: their default schedule's, else their profile's. */
  hostZone: AvailabilityService["hostZone"];
  /** The host's schedules as the app shows them (the public API reads them). */
  schedules: Pick<AvailabilityService, "list" | "get">;
}

declare module "fastify" {
  interface FastifyInstance {
    availability: AvailabilityFeature;
  }
}

/** Availability: the host's schedules and date overrides; every new host gets a default schedule. */
export const availabilityPlugin = fp(
  async (app) => {
    const availability = createAvailabilityService(app.infra.db, {
      calendarSettings: app.calendarSettings.service,
    });
    app.auth.onUserCreated.add(availability.createDefaultSchedule);
    app.users.accountParts.add({
      name: "availabilitySchedules",
      export: (user) => availability.list(user.id),
    });
    app.decorate("availability", { hostZone: availability.hostZone, schedules: availability });
    app.apiRoutes.add((api) => api.register(availabilityRoutes, { availability }));
  },
  { name: "availability", dependencies: ["users", "auth", "calendar-settings"] },
);
