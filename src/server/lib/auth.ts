import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { API_KEY_PREFIX, type ApiScope } from "../../contract/api-keys.js";
import type { UserRow } from "../db/schema/index.js";
import type { ApiKeyIdentity } from "../features/api-keys/index.js";
import type { AuthService } from "../features/auth/service.js";
import { publicRoutes, routeKey } from "../public-routes.js";
import { API_PREFIX } from "./api-routes.js";
import { AppError, unauthorized } from "./errors.js";

declare module "fastify" {
  interface FastifyRequest {
    /**
     * The signed-in host, loaded on every host-only route before its handler (or its body parser) runs;
     * reading it on a public route throws.
     */
    readonly user: UserRow;
    /** The id of the session behind the bearer token (host-only routes, as `user`; never with a key). */
    readonly sessionId: string;
    /** The API key that authenticated this request (public API routes only), or null (a session). */
    readonly apiKeyId: string | null;
  }
  interface FastifyContextConfig {
    /**
     * The permission a public API route (/api/v1) needs of an API key. Only routes that declare one
     * accept keys at all; the public API's scope refuses a route without it (features/api-v1).
     */
    apiScope?: ApiScope;
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

type Session = { user: UserRow; sessionId: string | null; apiKeyId: string | null };

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
      const { sessionId } = sessionOf(this);
      // Keys reach only /api/v1 routes (hostOnly), which never ask for a session.
      if (sessionId === null) throw new Error("An API key request has no session");
      return sessionId;
    },
  });
  app.decorateRequest("apiKeyId", {
    getter() {
      return sessions.get(this)?.apiKeyId ?? null;
    },
  });
  app.decorate("optionalSession", async (request: FastifyRequest) => {
    const token = bearerToken(request);
    return (token && (await opts.auth.authenticateSession(token))) || null;
  });
});

/** Who is calling, for per-caller limits: `key:<id>`, `user:<id>`, or null on a public route. */
export function callerKey(request: FastifyRequest): string | null {
  const session = sessions.get(request);
  if (!session) return null;
  return session.apiKeyId ? `key:${session.apiKeyId}` : `user:${session.user.id}`;
}

/** The public API's versioned routes: the only ones an API key may call. */
export const PUBLIC_API_PREFIX = `${API_PREFIX}/v1/`;

/**
 * The onRequest hook of the /api scope (see sessionPlugin). An API key (`Bearer kairos_live_...`) is
 * accepted only on public API routes (/api/v1) that declare their `apiScope`, and only with that
 * permission; on every other route (password, sessions, account deletion, the keys themselves) it is
 * 401 like any unknown token. A session is accepted on the public API too (its reference page's
 * "Try it", the host's own scripts), with every permission, as the host has in the app.
 */
export function hostOnly(
  app: FastifyInstance,
  authenticateKey: (secret: string) => Promise<ApiKeyIdentity | null>,
) {
  return async (request: FastifyRequest) => {
    const url = request.routeOptions.url;
    // No route: let the 404 handler answer. HEAD is answered by the GET route of the same path.
    if (url === undefined) return;
    const method = request.method === "HEAD" ? "GET" : request.method;
    if (publicRoutes.has(routeKey(method, url))) return;
    const token = bearerToken(request);
    if (token?.startsWith(API_KEY_PREFIX)) {
      const scope = request.routeOptions.config.apiScope;
      if (!scope || !url.startsWith(PUBLIC_API_PREFIX)) {
        throw unauthorized("API keys work only on the public API (/api/v1); sign in for this");
      }
      const key = await authenticateKey(token);
      if (!key) throw unauthorized("This API key is not valid: unknown, revoked or expired");
      if (!key.scopes.includes(scope)) {
        throw new AppError("INSUFFICIENT_SCOPE", `This API key lacks the ${scope} permission`);
      }
      sessions.set(request, { user: key.user, sessionId: null, apiKeyId: key.keyId });
      return;
    }
    const session = await app.optionalSession(request);
    if (!session) throw unauthorized("Please sign in to continue");
    sessions.set(request, { ...session, apiKeyId: null });
  };
}
