import fp from "fastify-plugin";
import { pollsRoutes } from "./routes.js";
import { createPollsService } from "./service.js";

/** Polls: invitees vote on times; the host books the chosen one. */
export const pollsPlugin = fp(
  async (app) => {
    const polls = createPollsService(app.infra.db, { bookings: app.bookings.service, now: app.infra.now });
    app.apiRoutes.add((api) => api.register(pollsRoutes, { polls }));
  },
  { name: "polls", dependencies: ["bookings"] },
);
