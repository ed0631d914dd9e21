import fp from "fastify-plugin";
import { apiKeysRoutes } from "./routes.js";
import { type ApiKeysService, createApiKeysService } from "./service.js";

/** What other parts may use of API keys: the /api scope's auth hook and the public API's idempotency. */
export interface ApiKeysFeature {
  service: Pick<ApiKeysService, "authenticate" | "storedAnswer" | "reserve" | "storeAnswer" | "release">;
}

declare module "fastify" {
  interface FastifyInstance {
    apiKeys: ApiKeysFeature;
  }
}

/** API keys (issue 26): Settings > Developers; the keys the public API (/api/v1) accepts. */
export const apiKeysPlugin = fp(
  async (app) => {
    const apiKeys = createApiKeysService(app.infra.db, { now: app.infra.now });
    // The export lists the keys (names, prefixes, permissions, dates), never a secret: none is kept.
    app.users.accountParts.add({ name: "apiKeys", export: (user) => apiKeys.list(user.id) });
    app.decorate("apiKeys", { service: apiKeys });
    app.apiRoutes.add((api) => api.register(apiKeysRoutes, { apiKeys }));
  },
  { name: "api-keys", dependencies: ["users"] },
);
