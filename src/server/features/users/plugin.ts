import fp from "fastify-plugin";
import { createRegistry, type Registry } from "../../lib/registry.js";
import type { AccountListener } from "./events.js";
import { usersRoutes } from "./routes.js";
import { accountDataRoutes } from "./routes-data.js";
import { securityRoutes } from "./routes-security.js";
import { createUsersService, type PublicProfileExtension, type UsersService } from "./service.js";
import { type AccountDataPart, type AccountDeletionHook, createAccountDataService } from "./service-data.js";
import { createSecurityService } from "./service-security.js";

/** What other features may use of users: its service and the registries they join. */
export interface UsersFeature {
  /** Public pages (pages.ts), a new host's free username, the holder of a username given up lately. */
  service: Pick<UsersService, "publicProfileView" | "renamedTo" | "freeUsername" | "formerHolder">;
  /** What a public profile shows besides the host (event types add the host's list). */
  profileParts: Registry<PublicProfileExtension>;
  /** Settings > Data: each feature adds its share of the account export. */
  accountParts: Registry<AccountDataPart>;
  /** Run inside the account deletion's transaction before the user row goes. */
  onDelete: Registry<AccountDeletionHook>;
  /** Told of a changed password inside its transaction (events.ts). */
  accountListeners: Registry<AccountListener>;
}

declare module "fastify" {
  interface FastifyInstance {
    users: UsersFeature;
  }
}

/** Users: profiles, usernames, Settings > Security and Settings > Data. */
export const usersPlugin = fp(
  async (app) => {
    const { db, now, config } = app.infra;
    const profileParts = createRegistry<PublicProfileExtension>();
    const accountParts = createRegistry<AccountDataPart>();
    const onDelete = createRegistry<AccountDeletionHook>();
    const accountListeners = createRegistry<AccountListener>();
    const users = createUsersService(db, now, profileParts.items);
    const security = createSecurityService(db, {
      listeners: accountListeners,
      now,
      publicUrl: config.publicUrl,
    });
    const data = createAccountDataService(db, { now, parts: accountParts.items, onDelete: onDelete.items });
    app.decorate("users", { service: users, profileParts, accountParts, onDelete, accountListeners });
    app.apiRoutes.add(async (api) => {
      await api.register(usersRoutes, { users });
      await api.register(securityRoutes, { security, rateLimits: config.rateLimits });
      await api.register(accountDataRoutes, { data });
    });
  },
  { name: "users" },
);
