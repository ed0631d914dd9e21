import type { FastifyInstance } from "fastify";

/**
 * A feature's routes, added to the /api scope when app.ts builds it after every feature registered:
 * the scope's onRequest hook (lib/auth.ts) makes each host-only unless public-routes.ts lists it.
 */
export type ApiRoutes = (api: FastifyInstance) => PromiseLike<unknown>;

/** Where every feature puts its routes (`app.apiRoutes`). */
export interface ApiRouteList {
  /** Adds a feature's routes to the /api scope; refused once the scope is built. */
  add(routes: ApiRoutes): void;
}

export const API_PREFIX = "/api";

/**
 * The routes of the /api scope. The scope is built once, after every feature; routes added later would
 * never be registered (or, registered some other way, miss the scope's auth hook), so `add` refuses
 * them with an error that fails the start instead of leaving a hole.
 */
export function createApiRoutes(): ApiRouteList & { buildInto(api: FastifyInstance): Promise<void> } {
  const list: ApiRoutes[] = [];
  let built = false;
  return {
    add(routes) {
      if (built) {
        throw new Error(
          "The /api scope is already built: a feature adds its routes while it registers, listed in app.ts before the scope",
        );
      }
      list.push(routes);
    },
    async buildInto(api) {
      if (built) throw new Error("The /api scope is built once");
      built = true;
      for (const routes of list) await routes(api);
    },
  };
}

const underApi = (url: string) => url === API_PREFIX || url.startsWith(`${API_PREFIX}/`);

/**
 * Refuses, when it is declared, any route under /api that is not inside the /api scope: written as
 * `app.get("/api/...")` on the root or in a feature's plugin, it would miss the scope's auth hook.
 * Added on the root before the features, so it sees every route of the app.
 */
export function refuseApiRoutesOutsideScope(app: FastifyInstance): void {
  app.addHook("onRoute", (route) => {
    if (underApi(route.url) && !underApi(route.prefix)) {
      throw new Error(
        `${route.method} ${route.url} is outside the /api scope (and its auth hook): add it with app.apiRoutes.add`,
      );
    }
  });
}
