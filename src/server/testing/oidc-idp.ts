import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { decodeJwt, exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import Provider, { type Configuration } from "oidc-provider";

/**
 * A real OpenID Connect provider (`oidc-provider`) on a free loopback port, for SSO tests and e2e.
 * Its login page asks for an email (unknown addresses get a verified account); `login()` walks a
 * browser-less client through it. `tamper` makes the token endpoint hand out a forged ID token.
 */

export interface IdpAccount {
  sub: string;
  email: string;
  /** Null leaves the `email_verified` claim out, as some providers (Entra ID) do. */
  emailVerified: boolean | null;
  name: string;
}

export interface IdpClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface TestIdp {
  issuer: string;
  accounts: Map<string, IdpAccount>;
  addAccount(account: Partial<IdpAccount> & { email: string }): IdpAccount;
  /**
   * Signs `email` in at the provider's page for `authorizeUrl` (consent is granted at once) and returns
   * where the provider sends the browser back: the client's redirect URI with code, state and iss.
   */
  login(authorizeUrl: string, email: string): Promise<URL>;
  /** The next ID tokens are re-signed with changed claims, or with a key the provider never published. */
  tamper: { claims?: Record<string, unknown>; foreignKey?: boolean } | null;
  /** While true, no request gets an answer (a provider that hangs). */
  hang: boolean;
  close(): Promise<void>;
}

const KID = "kairos-test-signing-key";

export async function startTestIdp(options: { clients: IdpClient[]; label?: string }): Promise<TestIdp> {
  const accounts = new Map<string, IdpAccount>();
  let counter = 0;
  const addAccount = (a: Partial<IdpAccount> & { email: string }): IdpAccount => {
    const email = a.email.toLowerCase();
    counter += 1;
    const account: IdpAccount = {
      sub: a.sub ?? `user-${counter}-${Date.now().toString(36)}`,
      email,
      emailVerified: a.emailVerified === undefined ? true : a.emailVerified,
      name: a.name ?? email.split("@")[0],
    };
    accounts.set(email, account);
    return account;
  };
  const bySub = (sub: string) => [...accounts.values()].find((a) => a.sub === sub);

  const signing = await generateKeyPair("RS256", { extractable: true });
  const foreign = await generateKeyPair("RS256", { extractable: true });
  const privateJwk: JWK = { ...(await exportJWK(signing.privateKey)), kid: KID, alg: "RS256", use: "sig" };

  // The issuer needs the port, so the server listens first and the provider is attached after.
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const issuer = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

  const configuration: Configuration = {
    clients: options.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_post",
    })),
    pkce: { required: () => true },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    scopes: ["openid", "email", "profile"],
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ["kairos-test-cookie-key"] },
    jwks: { keys: [privateJwk] },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    async findAccount(_ctx, sub) {
      const account = bySub(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email: account.email,
            ...(account.emailVerified === null ? {} : { email_verified: account.emailVerified }),
            name: account.name,
          };
        },
      };
    },
  };
  const provider = new Provider(issuer, configuration);

  const idp = { issuer, accounts, addAccount, tamper: null, hang: false } as unknown as TestIdp;

  // Forged ID tokens for the negative tests: same header and kid, other claims or another key.
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path !== "/token" || !idp.tamper || !body?.id_token) return;
    const claims = { ...decodeJwt(body.id_token), ...idp.tamper.claims };
    body.id_token = await new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid: KID, typ: "JWT" })
      .sign(idp.tamper.foreignKey ? foreign.privateKey : signing.privateKey);
  });

  /** Set by login(): the next interaction signs this email in without showing the page. */
  let pendingLogin: string | null = null;

  async function finishLogin(req: IncomingMessage, res: ServerResponse, email: string) {
    const details = await provider.interactionDetails(req, res);
    const account = accounts.get(email.toLowerCase()) ?? addAccount({ email });
    const grant = new provider.Grant({
      accountId: account.sub,
      clientId: details.params.client_id as string,
    });
    grant.addOIDCScope("openid email profile");
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: account.sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  const callback = provider.callback();
  server.on("request", (req, res) => {
    if (idp.hang) return;
    const url = new URL(req.url ?? "/", issuer);
    const interaction = url.pathname.match(/^\/interaction\/([\w-]+)(\/login)?$/);
    if (!interaction) return callback(req, res);
    const handle = async () => {
      if (req.method === "POST" && interaction[2]) {
        const form = new URLSearchParams(await readBody(req));
        return finishLogin(req, res, form.get("email") ?? "");
      }
      if (pendingLogin) {
        const email = pendingLogin;
        pendingLogin = null;
        return finishLogin(req, res, email);
      }
      await provider.interactionDetails(req, res); // 400s an interaction that does not exist
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(loginPage(interaction[1], options.label ?? "Test identity provider"));
    };
    handle().catch((error: unknown) => {
      if (res.headersSent) return;
      res.writeHead(400, { "content-type": "text/plain" });
      res.end(String(error));
    });
  });

  idp.login = async (authorizeUrl, email) => {
    pendingLogin = email;
    const jar = new Map<string, string>();
    let next = new URL(authorizeUrl);
    for (let hop = 0; hop < 10; hop++) {
      if (next.origin !== issuer) return next;
      const res = await fetch(next, {
        redirect: "manual",
        headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
      });
      for (const cookie of res.headers.getSetCookie()) {
        const [pair] = cookie.split(";");
        const eq = pair.indexOf("=");
        jar.set(pair.slice(0, eq), pair.slice(eq + 1));
      }
      const location = res.headers.get("location");
      if (!location) throw new Error(`the provider stopped at ${next}: ${res.status} ${await res.text()}`);
      next = new URL(location, next);
    }
    throw new Error("too many redirects");
  };

  idp.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return idp;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function loginPage(uid: string, label: string): string {
  const safe = label.replace(/[<>&"]/g, "");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in - ${safe}</title></head>
<body><main><h1>Sign in to ${safe}</h1>
<form method="post" action="/interaction/${uid}/login"><label>Email <input name="email" type="email" required></label>
<button type="submit">Sign in</button></form></main></body></html>`;
}
