import fp from "fastify-plugin";
import { eventTypesRoutes } from "./routes.js";
import { createEventTypesService, type EventTypesService } from "./service.js";

/** What other features may use of event types. */
export interface EventTypesFeature {
  service: Pick<
    EventTypesService,
    "list" | "get" | "create" | "update" | "getPublic" | "googleAccountOf" | "formerUsernameRef"
  >;
}

declare module "fastify" {
  interface FastifyInstance {
    eventTypes: EventTypesFeature;
  }
}

/** Event types: what hosts offer, public by slug; the host's list on their public profile. */
export const eventTypesPlugin = fp(
  async (app) => {
    const eventTypes = createEventTypesService(app.infra.db, {
      parts: app.teams.partsOf,
      teamHosts: app.teams.hostsWriter,
      now: app.infra.now,
      formerHolder: app.users.service.formerHolder,
    });
    app.users.profileParts.add(eventTypes.publicProfilePart);
    app.users.accountParts.add({ name: "eventTypes", export: (user) => eventTypes.list(user) });
    app.decorate("eventTypes", { service: eventTypes });
    app.apiRoutes.add((api) => api.register(eventTypesRoutes, { eventTypes }));
  },
  { name: "event-types", dependencies: ["users", "teams"] },
);
