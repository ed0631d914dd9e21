import fp from "fastify-plugin";
import { sessionPlugin } from "../../lib/auth.js";
import { createRegistry, type Registry } from "../../lib/registry.js";
import { authRoutes } from "./routes.js";
import { sessionsRoutes } from "./routes-sessions.js";
import { ssoRoutes } from "./routes-sso.js";
import { createAuthService, type UserCreatedHook } from "./service.js";
import { createSsoService } from "./service-sso.js";

/** What other features may use of auth. */
export interface AuthFeature {
  /** Set up what every new host gets, inside the sign-up transaction (availability adds the default schedule). */
  onUserCreated: Registry<UserCreatedHook>;
}

declare module "fastify" {
  interface FastifyInstance {
    auth: AuthFeature;
  }
}

/** Auth: sign-up, sign-in (password and providers), sessions; the /api scope's session check. */
export const authPlugin = fp(
  async (app) => {
    const { db, now, config, oauthStates, google, oidc } = app.infra;
    const onUserCreated = createRegistry<UserCreatedHook>();
    const auth = createAuthService(db, now, {
      onUserCreated: onUserCreated.items,
      freeUsername: app.users.service.freeUsername,
    });
    const sso = createSsoService(db, { auth, oauthStates, google, oidc, now });
    // A changed password ends the account's other sessions, inside the change's transaction.
    app.users.accountListeners.add((tx, change) =>
      auth.revokeSessions(change.userId, change.keepSessionId, tx),
    );
    app.users.accountParts.add({ name: "signInMethods", export: (user) => sso.listIdentities(user.id) });
    await app.register(sessionPlugin, { auth });
    app.decorate("auth", { onUserCreated });
    app.apiRoutes.add(async (api) => {
      await api.register(authRoutes, { auth, rateLimits: config.rateLimits });
      await api.register(sessionsRoutes, { auth });
      await api.register(ssoRoutes, { sso, rateLimits: config.rateLimits });
    });
  },
  { name: "auth", dependencies: ["users"] },
);
