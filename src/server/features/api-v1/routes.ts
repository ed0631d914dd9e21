import type { FastifyInstance, onRequestHookHandler, RouteOptions } from "fastify";
import { registerProblemDetails } from "../../lib/problem-details.js";
import { publicRoutes, routeKey } from "../../public-routes.js";

/**
 * The public API's scope, /api/v1 inside /api (so the /api scope's auth hook covers it): failures as
 * problem details, a limit per key, and every route declaring the permission it needs. A resource is
 * one `routes-<resource>.ts` registered here (plugin.ts passes what it uses).
 */
export async function v1Scope(
  v1: FastifyInstance,
  opts: { limit: onRequestHookHandler; resources: ((v1: FastifyInstance) => PromiseLike<unknown>)[] },
) {
  registerProblemDetails(v1);
  v1.addHook("onRoute", (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const open = methods.every((m) => publicRoutes.has(routeKey(m === "HEAD" ? "GET" : m, route.url)));
    const config = route.config as { apiScope?: string } | undefined;
    if (!open && !config?.apiScope) {
      throw new Error(`${methods.join(",")} ${route.url}: a public API route names its apiScope (config)`);
    }
  });
  // After the /api scope's auth hook, so the limit counts per key (or signed-in host).
  v1.addHook("onRequest", opts.limit);
  for (const resource of opts.resources) await resource(v1);
}
