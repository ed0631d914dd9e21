import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { UserRow } from "../db/schema/index.js";
import type { AuthService } from "../features/auth/service.js";
import { unauthorized } from "./errors.js";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by requireUser; routes behind it can rely on it. */
    user: UserRow;
    /** The id of the session behind the bearer token (set by requireUser). */
    sessionId: string;
  }
  interface FastifyInstance {
    requireUser: (request: FastifyRequest) => Promise<void>;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith("Bearer ")) return undefined;
  const token = header.slice(7).trim();
  return token.length > 0 && token.length <= 200 ? token : undefined;
}

/** Decorates the app with `requireUser`, a preHandler that loads the session's user or answers 401. */
export const authPlugin = fp(async (app: FastifyInstance, opts: { auth: AuthService }) => {
  app.decorateRequest("user", null as unknown as UserRow);
  app.decorateRequest("sessionId", "");
  app.decorate("requireUser", async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const session = token ? await opts.auth.authenticateSession(token) : undefined;
    if (!session) throw unauthorized("Please sign in to continue");
    request.user = session.user;
    request.sessionId = session.sessionId;
  });
});
