import fp from "fastify-plugin";
import { analyticsRoutes } from "./routes.js";
import { createAnalyticsService } from "./service.js";
import { createUpcomingService } from "./service-upcoming.js";

/** Analytics: the host's dashboard figures and upcoming meetings. */
export const analyticsPlugin = fp(
  async (app) => {
    const { db, now } = app.infra;
    const deps = { now, hostZone: app.availability.hostZone };
    const analytics = createAnalyticsService(db, deps);
    const upcoming = createUpcomingService(db, deps);
    app.apiRoutes.add((api) => api.register(analyticsRoutes, { analytics, upcoming }));
  },
  { name: "analytics", dependencies: ["availability"] },
);
