import fp from "fastify-plugin";
import { embedsRoutes } from "./routes.js";
import { createEmbedsService, type EmbedsService } from "./service.js";

/** What other parts of the server may use of embeds. */
export interface EmbedsFeature {
  /** The public pages' frame-ancestors (pages.ts). */
  service: Pick<EmbedsService, "frameAncestors">;
}

declare module "fastify" {
  interface FastifyInstance {
    embeds: EmbedsFeature;
  }
}

/** Embeds (issue 25): who may frame a host's booking pages (Settings > Embeds). */
export const embedsPlugin = fp(
  async (app) => {
    const { db, now } = app.infra;
    const embeds = createEmbedsService(db, now);
    app.users.accountParts.add({ name: "embeds", export: (user) => embeds.settings(user) });
    app.decorate("embeds", { service: embeds });
    app.apiRoutes.add((api) => api.register(embedsRoutes, { embeds }));
  },
  { name: "embeds", dependencies: ["users"] },
);
