import { createHash, randomBytes } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import {
  authenticateClient,
  bearerToken,
  checkAuthorizeRequest,
  consentPage,
  type FakeAccessToken,
  type FakeGoogleClient,
  type FakeGoogleUser,
  html,
  json,
  readForm,
  redirect,
} from "./fake-google-http.js";

export { json } from "./fake-google-http.js";

/**
 * A local stand-in for Google (which tests cannot reach), speaking the parts of its protocols that
 * Kairos uses, on a free loopback port: OAuth 2.0 (consent page, token endpoint with the
 * authorization_code and refresh_token grants, revoke, tokeninfo) and OpenID userinfo. Point
 * GOOGLE_OAUTH_BASE and GOOGLE_API_BASE at `url`. Other Google APIs (Calendar v3) are added from their
 * own files with `route()`, authorising calls with `bearer()`.
 */

export type { FakeAccessToken, FakeGoogleClient, FakeGoogleUser } from "./fake-google-http.js";

interface Grant {
  user: FakeGoogleUser;
  clientId: string;
  scopes: string[];
  refreshToken: string | null;
  refused: boolean;
}

interface PendingCode {
  grant: Omit<Grant, "refreshToken" | "refused">;
  redirectUri: string;
  codeChallenge: string | null;
  offline: boolean;
  expiresAt: number;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => void | Promise<void>;

export interface FakeGoogleOptions {
  clients?: FakeGoogleClient[];
  users?: (Partial<FakeGoogleUser> & { email: string })[];
  /** The consent page's "Use another account" creates unknown users (end-to-end tests sign in as anyone). */
  autoCreateUsers?: boolean;
  accessTokenTtlSeconds?: number;
}

export interface FakeGoogle {
  /** Base URL for GOOGLE_OAUTH_BASE and GOOGLE_API_BASE alike. */
  url: string;
  users: Map<string, FakeGoogleUser>;
  addUser(user: Partial<FakeGoogleUser> & { email: string }): FakeGoogleUser;
  addClient(client: FakeGoogleClient): void;
  /** An access token as Google would give a browser-side app registered as `clientId`. */
  issueAccessToken(
    email: string,
    options?: { clientId?: string; scopes?: string[]; ttlSeconds?: number },
  ): string;
  /**
   * The user picks `email` on the consent page of `authorizeUrl` (a verified account is made for an
   * unknown address); returns where Google redirects them.
   */
  approve(authorizeUrl: string, email: string): Promise<URL>;
  /** The user presses Cancel on the consent page. */
  deny(authorizeUrl: string): Promise<URL>;
  /** Refresh tokens of `email` (or everyone) now answer invalid_grant, as after a password change. */
  refuseRefreshTokens(email?: string): void;
  /** Every access token issued so far is expired. */
  expireAccessTokens(): void;
  /** While true, no request gets an answer (a provider that hangs). */
  hang: boolean;
  /** Method and path of every request, for assertions. */
  requests: { method: string; path: string }[];
  accessTokens: Map<string, FakeAccessToken>;
  /** Adds an endpoint (e.g. Calendar v3 in its own file). A string path matches exactly. */
  route(method: string, path: string | RegExp, handler: Handler): void;
  /** The access token of an API call, or undefined after answering 401 as Google does. */
  bearer(req: IncomingMessage, res: ServerResponse, requiredScope?: string): FakeAccessToken | undefined;
  close(): Promise<void>;
}

export const DEFAULT_FAKE_CLIENT: FakeGoogleClient = {
  clientId: "kairos-test.apps.googleusercontent.com",
  clientSecret: "kairos-test-secret",
};

const random = () => randomBytes(24).toString("base64url");

export async function startFakeGoogle(options: FakeGoogleOptions = {}): Promise<FakeGoogle> {
  const ttl = options.accessTokenTtlSeconds ?? 3600;
  const clients = new Map<string, FakeGoogleClient>();
  const users = new Map<string, FakeGoogleUser>();
  const codes = new Map<string, PendingCode>();
  const grants = new Map<string, Grant>();
  const accessTokens = new Map<string, FakeAccessToken>();
  const routes: { method: string; path: string | RegExp; handler: Handler }[] = [];
  let counter = 0;

  const addUser = (u: Partial<FakeGoogleUser> & { email: string }): FakeGoogleUser => {
    const email = u.email.toLowerCase();
    counter += 1;
    const user: FakeGoogleUser = {
      sub: u.sub ?? `10${Date.now()}${counter}`,
      email,
      emailVerified: u.emailVerified ?? true,
      name: u.name ?? email.split("@")[0],
      picture: u.picture ?? null,
    };
    users.set(email, user);
    return user;
  };
  for (const c of options.clients ?? [DEFAULT_FAKE_CLIENT]) clients.set(c.clientId, c);
  for (const u of options.users ?? []) addUser(u);

  const issue = (grant: Omit<Grant, "refreshToken" | "refused">, ttlSeconds = ttl): FakeAccessToken => {
    const token: FakeAccessToken = {
      token: `ya29.${random()}`,
      ...grant,
      expiresAt: Date.now() + ttlSeconds * 1000,
      revoked: false,
    };
    accessTokens.set(token.token, token);
    return token;
  };
  const live = (token: string | undefined) => {
    const t = token ? accessTokens.get(token) : undefined;
    return t && !t.revoked && t.expiresAt > Date.now() ? t : undefined;
  };

  const route = (method: string, path: string | RegExp, handler: Handler) => {
    routes.push({ method, path, handler });
  };

  // --- OAuth 2.0: consent page -------------------------------------------------------------
  route("GET", "/o/oauth2/v2/auth", (_req, res, url) => {
    const problem = checkAuthorizeRequest(url.searchParams, clients);
    if (problem) return html(res, 400, `<h1>Error 400: ${problem}</h1>`);
    html(res, 200, consentPage(url.searchParams, [...users.values()]));
  });

  route("POST", "/o/oauth2/v2/auth/approve", async (req, res) => {
    const form = await readForm(req);
    const problem = checkAuthorizeRequest(form, clients);
    if (problem) return html(res, 400, `<h1>Error 400: ${problem}</h1>`);
    const target = new URL(form.get("redirect_uri") as string);
    const state = form.get("state");
    if (state) target.searchParams.set("state", state);
    if (form.get("action") === "cancel") {
      target.searchParams.set("error", "access_denied");
      return redirect(res, target);
    }
    const email = (form.get("email") ?? "").trim().toLowerCase();
    let user = users.get(email);
    if (!user && options.autoCreateUsers && /^[^@\s]+@[^@\s]+$/.test(email)) user = addUser({ email });
    if (!user) return html(res, 400, "<h1>Couldn't find your Google Account</h1>");
    const code = `4/${random()}`;
    const scopes = (form.get("scope") ?? "").split(" ").filter(Boolean);
    codes.set(code, {
      grant: { user, clientId: form.get("client_id") as string, scopes },
      redirectUri: form.get("redirect_uri") as string,
      codeChallenge: form.get("code_challenge"),
      offline: form.get("access_type") === "offline",
      expiresAt: Date.now() + 60_000,
    });
    target.searchParams.set("code", code);
    target.searchParams.set("scope", scopes.join(" "));
    redirect(res, target);
  });

  // --- OAuth 2.0: token, revoke, tokeninfo -------------------------------------------------
  route("POST", "/token", async (req, res) => {
    const form = await readForm(req);
    const client = authenticateClient(req, form, clients);
    if (!client) return json(res, 401, { error: "invalid_client", error_description: "Unauthorized" });
    const grantType = form.get("grant_type");
    if (grantType === "authorization_code") {
      const code = form.get("code") ?? "";
      const pending = codes.get(code);
      codes.delete(code); // single use, as at Google
      const verifier = form.get("code_verifier");
      const bad =
        !pending ||
        pending.expiresAt < Date.now() ||
        pending.grant.clientId !== client.clientId ||
        pending.redirectUri !== form.get("redirect_uri") ||
        (pending.codeChallenge !== null &&
          (!verifier || createHash("sha256").update(verifier).digest("base64url") !== pending.codeChallenge));
      if (!pending || bad)
        return json(res, 400, { error: "invalid_grant", error_description: "Bad Request" });
      const access = issue(pending.grant);
      let refreshToken: string | null = null;
      if (pending.offline) {
        refreshToken = `1//${random()}`;
        grants.set(refreshToken, { ...pending.grant, refreshToken, refused: false });
      }
      return json(res, 200, {
        access_token: access.token,
        expires_in: ttl,
        scope: access.scopes.join(" "),
        token_type: "Bearer",
        ...(refreshToken ? { refresh_token: refreshToken } : {}),
      });
    }
    if (grantType === "refresh_token") {
      const grant = grants.get(form.get("refresh_token") ?? "");
      if (!grant || grant.refused || grant.clientId !== client.clientId) {
        return json(res, 400, {
          error: "invalid_grant",
          error_description: "Token has been expired or revoked.",
        });
      }
      const access = issue(grant);
      return json(res, 200, {
        access_token: access.token,
        expires_in: ttl,
        scope: access.scopes.join(" "),
        token_type: "Bearer",
      });
    }
    json(res, 400, { error: "unsupported_grant_type", error_description: "Invalid grant_type" });
  });

  route("POST", "/revoke", async (req, res, url) => {
    const form = await readForm(req);
    const token = url.searchParams.get("token") ?? form.get("token") ?? "";
    const grant = grants.get(token);
    const access = accessTokens.get(token);
    if (!grant && !access)
      return json(res, 400, { error: "invalid_token", error_description: "Bad Request" });
    if (grant) {
      grant.refused = true;
      for (const t of accessTokens.values()) {
        if (t.user === grant.user && t.clientId === grant.clientId) t.revoked = true;
      }
    }
    if (access) access.revoked = true;
    json(res, 200, {});
  });

  const tokenInfo: Handler = async (req, res, url) => {
    const form = req.method === "POST" ? await readForm(req) : new URLSearchParams();
    const token = bearerToken(req) ?? url.searchParams.get("access_token") ?? form.get("access_token") ?? "";
    const t = live(token);
    if (!t) return json(res, 400, { error: "invalid_token", error_description: "Invalid Value" });
    const expiresIn = Math.max(0, Math.floor((t.expiresAt - Date.now()) / 1000));
    json(res, 200, {
      azp: t.clientId,
      aud: t.clientId,
      sub: t.user.sub,
      scope: t.scopes.join(" "),
      exp: String(Math.floor(t.expiresAt / 1000)),
      expires_in: expiresIn,
      ...(t.scopes.includes("email")
        ? { email: t.user.email, email_verified: String(t.user.emailVerified) }
        : {}),
      access_type: "online",
    });
  };
  route("GET", "/tokeninfo", tokenInfo);
  route("POST", "/tokeninfo", tokenInfo);

  // --- OpenID userinfo ----------------------------------------------------------------------
  const bearer: FakeGoogle["bearer"] = (req, res, requiredScope) => {
    const t = live(bearerToken(req));
    if (!t) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="https://accounts.google.com/", error="invalid_token"');
      json(res, 401, {
        error: {
          code: 401,
          message: "Request had invalid authentication credentials.",
          status: "UNAUTHENTICATED",
        },
      });
      return undefined;
    }
    if (requiredScope && !t.scopes.some((s) => s === requiredScope || s.endsWith(`/${requiredScope}`))) {
      json(res, 403, {
        error: {
          code: 403,
          message: "Request had insufficient authentication scopes.",
          status: "PERMISSION_DENIED",
        },
      });
      return undefined;
    }
    return t;
  };

  route("GET", "/oauth2/v3/userinfo", (req, res) => {
    const t = bearer(req, res);
    if (!t) return;
    const u = t.user;
    const [given, ...family] = u.name.split(" ");
    json(res, 200, {
      sub: u.sub,
      ...(t.scopes.includes("profile")
        ? {
            name: u.name,
            given_name: given,
            family_name: family.join(" ") || undefined,
            picture: u.picture ?? undefined,
          }
        : {}),
      ...(t.scopes.includes("email") ? { email: u.email, email_verified: u.emailVerified } : {}),
    });
  });

  // --- server ---------------------------------------------------------------------------------
  const requests: FakeGoogle["requests"] = [];
  const fake = {} as FakeGoogle;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push({ method: req.method ?? "GET", path: url.pathname });
    if (fake.hang) return; // the socket stays open until close()
    const found = routes.find(
      (r) =>
        r.method === req.method &&
        (typeof r.path === "string" ? r.path === url.pathname : r.path.test(url.pathname)),
    );
    if (!found) return json(res, 404, { error: { code: 404, message: "Not Found", status: "NOT_FOUND" } });
    Promise.resolve(found.handler(req, res, url)).catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { error: { code: 500, message: String(error) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

  /** Posts the consent form the way a browser would and returns Google's redirect. */
  const submitConsent = async (authorizeUrl: string, fields: Record<string, string>): Promise<URL> => {
    const params = new URL(authorizeUrl).searchParams;
    for (const [k, v] of Object.entries(fields)) params.set(k, v);
    const res = await fetch(`${url}/o/oauth2/v2/auth/approve`, {
      method: "POST",
      body: params,
      redirect: "manual",
    });
    const location = res.headers.get("location");
    if (res.status !== 302 || !location) throw new Error(`consent failed: ${res.status} ${await res.text()}`);
    return new URL(location);
  };

  Object.assign(fake, {
    url,
    users,
    accessTokens,
    requests,
    hang: false,
    addUser,
    addClient: (c: FakeGoogleClient) => clients.set(c.clientId, c),
    issueAccessToken(email: string, o: { clientId?: string; scopes?: string[]; ttlSeconds?: number } = {}) {
      const user = users.get(email.toLowerCase()) ?? addUser({ email });
      const scopes = o.scopes ?? ["openid", "email", "profile"];
      return issue({ user, clientId: o.clientId ?? DEFAULT_FAKE_CLIENT.clientId, scopes }, o.ttlSeconds)
        .token;
    },
    approve(authorizeUrl: string, email: string) {
      if (!users.has(email.toLowerCase())) addUser({ email });
      return submitConsent(authorizeUrl, { email });
    },
    deny: (authorizeUrl: string) => submitConsent(authorizeUrl, { action: "cancel" }),
    refuseRefreshTokens(email?: string) {
      for (const g of grants.values()) if (!email || g.user.email === email.toLowerCase()) g.refused = true;
    },
    expireAccessTokens() {
      for (const t of accessTokens.values()) t.expiresAt = Date.now() - 1000;
    },
    route,
    bearer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  } satisfies Omit<FakeGoogle, never>);
  return fake;
}
