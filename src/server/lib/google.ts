import { type Credentials, gaxios, OAuth2Client } from "google-auth-library";
import type { GoogleConfig } from "../config.js";

/**
 * Google OAuth 2.0 through Google's own client library, pointed at the endpoints of `GoogleConfig`
 * (Google's by default; the local fake in tests). Sign-in and calendar connections share it:
 *
 *   const google = createGoogleOAuth(config.google, { publicUrl, timeoutMs });
 *   const { state, codeChallenge } = await oauthStates.create({ provider: "google", purpose });
 *   redirect(google.authorizeUrl({ redirectPath, scopes, state, codeChallenge }));
 *   // ...the callback, after oauthStates.consume(state, ...) gave back the codeVerifier:
 *   const tokens = await google.exchangeCode({ code, redirectPath, codeVerifier });
 *   const me = await google.userInfo(tokens.accessToken);
 *   const client = google.client(tokens); // authorised calls: client.request({ url: `${google.apiBase}/calendar/v3/...` })
 *
 * Every failure is a GoogleError: "refused" when Google answered no (bad code, revoked or expired
 * refresh token, invalid access token), "unavailable" when it could not be reached or timed out.
 */

/** Scopes for signing in: who the user is and their verified email. */
export const GOOGLE_SIGN_IN_SCOPES = ["openid", "email", "profile"];

export interface GoogleTokens {
  accessToken: string;
  /** Only on the first consent with `accessType: "offline"` (and `prompt: "consent"`). */
  refreshToken: string | null;
  /** When the access token stops working. */
  expiresAt: Date | null;
  scopes: string[];
  idToken: string | null;
}

export interface GoogleUserInfo {
  /** Google's stable account id. */
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

export interface GoogleTokenInfo {
  /** The OAuth client the token was issued to. */
  audience: string;
  scopes: string[];
  expiresAt: Date | null;
}

export class GoogleError extends Error {
  constructor(
    readonly kind: "refused" | "unavailable",
    message: string,
    /** Google's error code when it gave one ("invalid_grant", "invalid_token"). */
    readonly code?: string,
  ) {
    super(message);
    this.name = "GoogleError";
  }
}

export function createGoogleOAuth(config: GoogleConfig, options: { publicUrl: string; timeoutMs: number }) {
  const redirectUri = (path: string) => `${options.publicUrl}${path}`;

  /**
   * Each call gets one try of at most `timeoutMs`: the library would otherwise retry a timed-out call
   * twice (a hanging Google would hold a sign-in three times as long, and a retried code exchange
   * cannot succeed anyway). Background work that wants retries has its own (the job runner's).
   */
  function transporter(): gaxios.Gaxios {
    const t = new gaxios.Gaxios({ timeout: options.timeoutMs });
    t.interceptors.request.add({
      resolved: async (opts) => ({ ...opts, retry: false, retryConfig: undefined }),
    });
    return t;
  }

  /** A client of the library on our endpoints; `credentials` makes its request() calls authorised. */
  function client(credentials?: Partial<GoogleTokens>, redirectPath?: string): OAuth2Client {
    const c = new OAuth2Client({
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      redirectUri: redirectPath ? redirectUri(redirectPath) : undefined,
      endpoints: {
        oauth2AuthBaseUrl: config.endpoints.authorize,
        oauth2TokenUrl: config.endpoints.token,
        oauth2RevokeUrl: config.endpoints.revoke,
        tokenInfoUrl: config.endpoints.tokenInfo,
      },
      transporter: transporter(),
    });
    if (credentials) c.setCredentials(toCredentials(credentials));
    return c;
  }

  return {
    clientId: config.clientId,
    apiBase: config.apiBase,
    redirectUri,
    client,

    /** Google's consent page for these scopes; `state` and the PKCE challenge come from the OAuth states service. */
    authorizeUrl(p: {
      redirectPath: string;
      scopes: string[];
      state: string;
      codeChallenge: string;
      /** "offline" asks for a refresh token (calendar access while the user is away). */
      accessType?: "online" | "offline";
      prompt?: "consent" | "select_account" | "none";
      loginHint?: string;
    }): string {
      return client().generateAuthUrl({
        redirect_uri: redirectUri(p.redirectPath),
        scope: p.scopes,
        state: p.state,
        code_challenge: p.codeChallenge,
        // The library's enum type; S256 is the only method we send.
        code_challenge_method: "S256" as never,
        access_type: p.accessType ?? "online",
        include_granted_scopes: true,
        ...(p.prompt ? { prompt: p.prompt } : {}),
        ...(p.loginHint ? { login_hint: p.loginHint } : {}),
      });
    },

    async exchangeCode(p: {
      code: string;
      redirectPath: string;
      codeVerifier: string;
    }): Promise<GoogleTokens> {
      const { tokens } = await call(() =>
        client(undefined, p.redirectPath).getToken({ code: p.code, codeVerifier: p.codeVerifier }),
      );
      return fromCredentials(tokens);
    },

    /** A fresh access token; "refused" (invalid_grant) means the user must connect again. */
    async refresh(refreshToken: string): Promise<GoogleTokens> {
      const c = client({ refreshToken });
      const { credentials } = await call(() => c.refreshAccessToken());
      return fromCredentials({ refresh_token: refreshToken, ...credentials });
    },

    async revoke(token: string): Promise<void> {
      await call(() => client().revokeToken(token));
    },

    /** Which client a token was issued to: a token made for another app must not sign anyone in here. */
    async tokenInfo(accessToken: string): Promise<GoogleTokenInfo> {
      const info = await call(() => client().getTokenInfo(accessToken));
      return {
        audience: info.aud ?? info.azp ?? "",
        scopes: info.scopes ?? [],
        expiresAt: info.expiry_date ? new Date(info.expiry_date) : null,
      };
    },

    /** The OpenID userinfo of the token's account (Google's /oauth2/v3/userinfo). */
    async userInfo(accessToken: string): Promise<GoogleUserInfo> {
      const res = await call(() =>
        client({ accessToken }).request<Record<string, unknown>>({
          url: `${config.apiBase}/oauth2/v3/userinfo`,
        }),
      );
      const d = res.data;
      if (typeof d.sub !== "string" || d.sub === "") {
        throw new GoogleError("refused", "Google's userinfo answer has no account id");
      }
      return {
        sub: d.sub,
        email: typeof d.email === "string" ? d.email.trim().toLowerCase() : null,
        // Google sends a boolean; older endpoints sent the string "true".
        emailVerified: d.email_verified === true || d.email_verified === "true",
        name: typeof d.name === "string" ? d.name : null,
        picture: typeof d.picture === "string" ? d.picture : null,
      };
    },
  };
}

export type GoogleOAuth = ReturnType<typeof createGoogleOAuth>;

function toCredentials(t: Partial<GoogleTokens>): Credentials {
  return {
    access_token: t.accessToken,
    refresh_token: t.refreshToken ?? undefined,
    expiry_date: t.expiresAt?.getTime(),
  };
}

function fromCredentials(c: Credentials): GoogleTokens {
  if (!c.access_token) throw new GoogleError("refused", "Google gave no access token");
  return {
    accessToken: c.access_token,
    refreshToken: c.refresh_token ?? null,
    expiresAt: c.expiry_date ? new Date(c.expiry_date) : null,
    scopes: c.scope ? c.scope.split(" ") : [],
    idToken: c.id_token ?? null,
  };
}

/** Runs a library call and turns its failures into GoogleError. */
async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw toGoogleError(error);
  }
}

export function toGoogleError(error: unknown): GoogleError {
  if (error instanceof GoogleError) return error;
  if (error instanceof gaxios.GaxiosError && error.response) {
    const data = error.response.data as { error?: unknown; error_description?: unknown } | undefined;
    const code = typeof data?.error === "string" ? data.error : undefined;
    const description = typeof data?.error_description === "string" ? data.error_description : undefined;
    if (error.response.status >= 500) {
      return new GoogleError("unavailable", `Google answered ${error.response.status}`, code);
    }
    return new GoogleError(
      "refused",
      description ?? code ?? `Google answered ${error.response.status}`,
      code,
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new GoogleError("unavailable", `Google could not be reached: ${message}`);
}
