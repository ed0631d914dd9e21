import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { UserRow } from "../db/schema/index.js";
import type { AuthService } from "../features/auth/service.js";
import { publicRoutes, routeKey } from "../public-routes.js";
import { unauthorized } from "./errors.js";

declare module "fastify" {
  interface FastifyRequest {
    /**
     * The signed-in host, loaded on every host-only route before its handler (or its body parser) runs;
     * reading it on a public route throws.
     */
    readonly user: UserRow;
    /** The id of the session behind the bearer token (host-only routes, as `user`). */
    readonly sessionId: string;
  }
  interface FastifyInstance {
    /** For public routes that treat a signed-in caller differently: the session, or null. */
    optionalSession: (request: FastifyRequest) => Promise<{ user: UserRow; sessionId: string } | null>;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith("Bearer ")) return undefined;
  const token = header.slice(7).trim();
  return token.length > 0 && token.length <= 200 ? token : undefined;
}

type Session = { user: UserRow; sessionId: string };

/** The session `hostOnly` loaded for each request it let through. */
const sessions = new WeakMap<FastifyRequest, Session>();

function sessionOf(request: FastifyRequest): Session {
  const session = sessions.get(request);
  // Only host-only routes read these, after hostOnly: reaching here is a public route's bug, not a caller's.
  if (!session) throw new Error("No session on this request: public routes ask app.optionalSession");
  return session;
}

/**
 * Auth in one place. The /api scope adds `hostOnly` as its onRequest hook: every route not listed in
 * `publicRoutes` needs a live session, checked before the body is parsed or validated (an anonymous
 * caller gets 401, never a field message), so no route file repeats it.
 */
export const sessionPlugin = fp(async (app: FastifyInstance, opts: { auth: AuthService }) => {
  app.decorateRequest("user", {
    getter() {
      return sessionOf(this).user;
    },
  });
  app.decorateRequest("sessionId", {
    getter() {
      return sessionOf(this).sessionId;
    },
  });
  app.decorate("optionalSession", async (request: FastifyRequest) => {
    const token = bearerToken(request);
    return (token && (await opts.auth.authenticateSession(token))) || null;
  });
});

/** The onRequest hook of the /api scope (see sessionPlugin). */
export function hostOnly(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    const url = request.routeOptions.url;
    // No route: let the 404 handler answer. HEAD is answered by the GET route of the same path.
    if (url === undefined) return;
    const method = request.method === "HEAD" ? "GET" : request.method;
    if (publicRoutes.has(routeKey(method, url))) return;
    const session = await app.optionalSession(request);
    if (!session) throw unauthorized("Please sign in to continue");
    sessions.set(request, session);
  };
}
