import * as client from "openid-client";
import type { OidcProviderConfig } from "../config.js";

/**
 * OpenID Connect sign-in providers (SBU, Gameforce, Okta, Keycloak, ...) through `openid-client`:
 * discovery of each issuer (cached; retried after a failure), the authorization code flow with PKCE
 * (S256), and the ID token checked for issuer, audience, expiry, nonce and, with non-repudiation
 * checks on, its signature against the provider's published keys.
 */

/** What an identity provider says about the person who signed in. */
export interface OidcIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

export class OidcError extends Error {
  constructor(
    readonly kind: "refused" | "unavailable",
    message: string,
  ) {
    super(message);
    this.name = "OidcError";
  }
}

export const OIDC_SCOPES = "openid email profile";

export function createOidcProviders(
  providers: OidcProviderConfig[],
  options: { publicUrl: string; timeoutMs: number },
) {
  const byId = new Map(providers.map((p) => [p.id, p]));
  const discovered = new Map<string, Promise<client.Configuration>>();
  const redirectUri = (id: string) => `${options.publicUrl}/auth/${id}/callback`;

  function configuration(p: OidcProviderConfig): Promise<client.Configuration> {
    let pending = discovered.get(p.id);
    if (!pending) {
      pending = client
        .discovery(
          new URL(p.issuer),
          p.clientId,
          { redirect_uris: [redirectUri(p.id)], response_types: ["code"] },
          p.clientSecret ? client.ClientSecretPost(p.clientSecret) : client.None(),
          {
            timeout: Math.max(1, Math.ceil(options.timeoutMs / 1000)),
            execute: [
              // Verify ID token signatures even though the token endpoint is reached directly.
              client.enableNonRepudiationChecks,
              // An issuer configured as http:// (a provider on the local network) is taken at its word.
              ...(p.issuer.startsWith("http://") ? [client.allowInsecureRequests] : []),
            ],
          },
        )
        .catch((error: unknown) => {
          discovered.delete(p.id); // try again on the next sign-in
          throw toOidcError(error, p);
        });
      discovered.set(p.id, pending);
    }
    return pending;
  }

  return {
    list: () => providers,
    get: (id: string) => byId.get(id),
    redirectUri,

    async authorizeUrl(
      p: OidcProviderConfig,
      flow: { state: string; nonce: string; codeChallenge: string },
    ): Promise<string> {
      const config = await configuration(p);
      return client
        .buildAuthorizationUrl(config, {
          redirect_uri: redirectUri(p.id),
          scope: OIDC_SCOPES,
          state: flow.state,
          nonce: flow.nonce,
          code_challenge: flow.codeChallenge,
          code_challenge_method: "S256",
        })
        .toString();
    },

    /** Redeems the code and returns the verified ID token's person; throws OidcError. */
    async callback(
      p: OidcProviderConfig,
      response: { code: string; state: string; iss?: string },
      flow: { codeVerifier: string; nonce: string },
    ): Promise<OidcIdentity> {
      const config = await configuration(p);
      const current = new URL(redirectUri(p.id));
      current.searchParams.set("code", response.code);
      current.searchParams.set("state", response.state);
      // RFC 9207: providers that announce `iss` on redirects must send it. A callback that lost it is
      // still safe to complete: each provider has its own redirect URI and the state is bound to it.
      const iss =
        response.iss ??
        (config.serverMetadata().authorization_response_iss_parameter_supported
          ? config.serverMetadata().issuer
          : undefined);
      if (iss) current.searchParams.set("iss", iss);
      try {
        const tokens = await client.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: response.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new OidcError("refused", `${p.label} sent no ID token`);
        let info: Record<string, unknown> = claims;
        // Many providers put email and name only in userinfo, not in the ID token.
        if (claims.email === undefined && tokens.access_token) {
          info = { ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
        }
        return {
          subject: claims.sub,
          email: typeof info.email === "string" ? info.email.trim().toLowerCase() : null,
          emailVerified:
            info.email_verified === true ||
            info.email_verified === "true" ||
            (info.email_verified === undefined && p.trustEmail),
          name: typeof info.name === "string" ? info.name : null,
          picture: typeof info.picture === "string" ? info.picture : null,
        };
      } catch (error) {
        throw toOidcError(error, p);
      }
    },
  };
}

export type OidcProviders = ReturnType<typeof createOidcProviders>;

function toOidcError(error: unknown, p: OidcProviderConfig): OidcError {
  if (error instanceof OidcError) return error;
  if (error instanceof client.ResponseBodyError) {
    return new OidcError(
      "refused",
      `${p.label} refused the sign-in: ${error.error_description ?? error.error}`,
    );
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : null;
  const timedOut = [error, cause].some(
    (e) => e instanceof Error && (e.name === "TimeoutError" || e.name === "AbortError"),
  );
  if (timedOut) return new OidcError("unavailable", `${p.label} did not answer in time`);
  if (error instanceof client.ClientError) {
    // The library's own message is generic ("invalid response encountered"); its cause says what failed.
    const detail = cause?.message ?? error.message;
    return new OidcError("refused", `${p.label}'s answer failed a security check: ${detail}`);
  }
  return new OidcError("unavailable", `${p.label} could not be reached`);
}
