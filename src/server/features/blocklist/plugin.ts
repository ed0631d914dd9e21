import fp from "fastify-plugin";
import { blocklistRoutes } from "./routes.js";
import { createBlocklistService } from "./service.js";

/** Blocked bookers: a host's refused addresses and domains, checked by every new booking. */
export const blocklistPlugin = fp(
  async (app) => {
    const blocklist = createBlocklistService(app.infra.db);
    app.bookings.guards.add((input) => blocklist.refuses(input));
    app.users.accountParts.add({ name: "blocklist", export: (user) => blocklist.view(user.id) });
    app.apiRoutes.add((api) => api.register(blocklistRoutes, { blocklist }));
  },
  { name: "blocklist", dependencies: ["users", "bookings"] },
);
