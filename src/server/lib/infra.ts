import type { AppConfig } from "../config.js";
import type { Db } from "../db/client.js";
import type { OAuthStatesService } from "../features/oauth-states/service.js";
import type { ApiRouteList } from "./api-routes.js";
import type { GoogleOAuth } from "./google.js";
import type { OidcProviders } from "./oidc.js";
import type { SecretBox } from "./secrets.js";
import type { OutboundPolicy } from "./ssrf.js";

/** What every feature plugin may use, built once in app.ts before the features register. */
export interface Infra {
  config: AppConfig;
  db: Db;
  /** The clock; tests pin it. */
  now: () => Date;
  /** Calendar tokens, CalDAV passwords and webhook signing secrets are sealed at rest with one key. */
  secrets: SecretBox;
  /** The one SSRF guard's policy for every address a user types: workflow webhooks and CalDAV servers. */
  outbound: OutboundPolicy;
  /** OAuth plumbing shared by SSO sign-in and calendar connections (see ARCHITECTURE.md). */
  oauthStates: OAuthStatesService;
  google: GoogleOAuth | null;
  oidc: OidcProviders;
}

declare module "fastify" {
  interface FastifyInstance {
    infra: Infra;
    apiRoutes: ApiRouteList;
  }
}
