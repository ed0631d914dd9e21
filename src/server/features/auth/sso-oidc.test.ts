import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.js";
import { oauthStates, users } from "../../db/schema/index.js";
import { randomToken, sha256 } from "../../lib/crypto.js";
import { bearer, createTestApp, signUp, type TestApp } from "../../testing/app.js";
import { dbKinds } from "../../testing/database.js";
import { startTestIdp, type TestIdp } from "../../testing/oidc-idp.js";

// SBU and Gameforce are two clients of one real OpenID provider (oidc-provider) started here.
describe.each(dbKinds)("OpenID Connect sign-in on %s", (kind) => {
  let t: TestApp;
  let idp: TestIdp;
  let clock = 0;
  let n = 0;
  const email = (who: string) => `${who}-${++n}-${Date.now()}@sbu.test`;

  beforeAll(async () => {
    idp = await startTestIdp({
      clients: [
        {
          clientId: "kairos-sbu",
          clientSecret: "sbu-secret",
          redirectUris: ["http://kairos.test/auth/sbu/callback"],
        },
        {
          clientId: "kairos-corp",
          clientSecret: "corp-secret",
          redirectUris: ["http://kairos.test/auth/corp/callback"],
        },
        {
          clientId: "kairos-gf",
          clientSecret: "gf-secret",
          redirectUris: ["http://kairos.test/auth/gameforce/callback"],
        },
      ],
    });
    const env = loadConfig({
      PUBLIC_URL: "http://kairos.test",
      SSO_SBU_ISSUER: idp.issuer,
      SSO_SBU_CLIENT_ID: "kairos-sbu",
      SSO_SBU_CLIENT_SECRET: "sbu-secret",
      SSO_GAMEFORCE_ISSUER: idp.issuer,
      SSO_GAMEFORCE_CLIENT_ID: "kairos-gf",
      SSO_GAMEFORCE_CLIENT_SECRET: "gf-secret",
      // A company directory whose addresses are its own: no email_verified claim needed.
      SSO_CORP_ISSUER: idp.issuer,
      SSO_CORP_CLIENT_ID: "kairos-corp",
      SSO_CORP_CLIENT_SECRET: "corp-secret",
      SSO_CORP_TRUST_EMAIL: "true",
      // A provider that is down: nothing listens on the discard port.
      SSO_DOWN_ISSUER: "http://127.0.0.1:9",
      SSO_DOWN_CLIENT_ID: "x",
      OAUTH_TIMEOUT_MS: "3000",
    });
    t = await createTestApp(kind, {
      now: () => new Date(Date.now() + clock),
      config: {
        publicUrl: env.publicUrl,
        oidcProviders: env.oidcProviders,
        oauthTimeoutMs: env.oauthTimeoutMs,
      },
    });
  }, 180_000); // a fresh database migrates slowly on a busy machine
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({ method: "POST", url, payload, headers: token ? bearer(token) : {} });
  const userCount = async () => (await t.database.db.select({ n: count() }).from(users))[0].n;

  /** Start at Kairos, sign in at the provider, come back: the callback's query as an object. */
  async function signInAt(provider: "sbu" | "gameforce" | "corp", account: string) {
    const start = await post(`/api/auth/${provider}/start`, {});
    expect(start.statusCode, start.body).toBe(200);
    const authUrl = new URL(start.json().data.authUrl);
    const back = await idp.login(authUrl.toString(), account);
    expect(back.origin + back.pathname).toBe(`http://kairos.test/auth/${provider}/callback`);
    return { authUrl, callback: Object.fromEntries(back.searchParams) as Record<string, string> };
  }

  it("lists the configured providers for the login page", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/auth/providers" });
    expect(res.json().data.providers).toEqual([
      { id: "sbu", label: "SBU" },
      { id: "gameforce", label: "Gameforce" },
      { id: "corp", label: "Corp" },
      { id: "down", label: "Down" },
    ]);
  });

  it("signs up with code + PKCE + nonce, then signs the same person in again", async () => {
    const address = email("ada");
    idp.addAccount({ email: address, name: "Ada Lovelace" });
    const { authUrl, callback } = await signInAt("sbu", address);
    expect(Object.fromEntries(authUrl.searchParams)).toMatchObject({
      client_id: "kairos-sbu",
      response_type: "code",
      redirect_uri: "http://kairos.test/auth/sbu/callback",
      scope: "openid email profile",
      code_challenge_method: "S256",
      nonce: expect.any(String),
      state: expect.any(String),
    });
    expect(callback).toMatchObject({
      code: expect.any(String),
      state: authUrl.searchParams.get("state"),
      iss: idp.issuer,
    });

    const first = await post("/api/auth/sbu", callback);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      intent: "sign-in",
      created: true,
      user: { email: address, name: "Ada Lovelace" },
    });
    const me = await t.app.inject({
      method: "GET",
      url: "/api/auth/me",
      headers: bearer(first.json().token),
    });
    expect(me.json().data.user.email).toBe(address);

    const again = await post("/api/auth/sbu", (await signInAt("sbu", address)).callback);
    expect(again.json().data).toMatchObject({ created: false, user: { _id: first.json().data.user._id } });
  });

  it("works without the iss parameter too, and for a second provider", async () => {
    const { callback } = await signInAt("gameforce", email("gf"));
    const { iss: _dropped, ...withoutIss } = callback;
    const res = await post("/api/auth/gameforce", withoutIss);
    expect(res.statusCode, res.body).toBe(200);
    const list = await t.app.inject({
      method: "GET",
      url: "/api/auth/identities",
      headers: bearer(res.json().token),
    });
    expect(list.json().data.identities).toMatchObject([
      { provider: "gameforce", providerLabel: "Gameforce" },
    ]);
  });

  it("refuses a wrong state without spending the right one", async () => {
    const before = await userCount();
    const { callback } = await signInAt("sbu", email("wrong-state"));
    const wrong = await post("/api/auth/sbu", { ...callback, state: randomToken() });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ success: false, errorCode: "STATE_INVALID" });
    // A state made for SBU does not work at Gameforce either.
    expect((await post("/api/auth/gameforce", callback)).statusCode).toBe(400);
    expect(await userCount()).toBe(before);
    expect((await post("/api/auth/sbu", callback)).statusCode).toBe(200);
  });

  it("refuses a replayed state", async () => {
    const { callback } = await signInAt("sbu", email("replay"));
    expect((await post("/api/auth/sbu", callback)).statusCode).toBe(200);
    const replay = await post("/api/auth/sbu", callback);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().errorCode).toBe("STATE_INVALID");
  });

  it("refuses a state older than 10 minutes", async () => {
    const before = await userCount();
    const { callback } = await signInAt("sbu", email("late"));
    clock = 10 * 60_000 + 1000;
    try {
      const late = await post("/api/auth/sbu", callback);
      expect(late.statusCode).toBe(400);
      expect(late.json()).toMatchObject({
        errorCode: "STATE_INVALID",
        message: expect.stringMatching(/expired/),
      });
    } finally {
      clock = 0;
    }
    expect(await userCount()).toBe(before);
  });

  it("fails without the PKCE verifier that belongs to the code", async () => {
    const before = await userCount();
    const { callback } = await signInAt("sbu", email("pkce"));
    // The server lost the verifier of this state (another one is all it has).
    await t.database.db
      .update(oauthStates)
      .set({ codeVerifier: randomToken() })
      .where(eq(oauthStates.stateHash, sha256(callback.state)));
    const res = await post("/api/auth/sbu", callback);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      errorCode: "SSO_REFUSED",
      message: expect.stringMatching(/^SBU sign-in failed/),
    });
    expect(await userCount()).toBe(before);

    // And the provider itself wants PKCE: an authorize request without a challenge is turned away.
    const start = await post("/api/auth/sbu/start", {});
    const bare = new URL(start.json().data.authUrl);
    bare.searchParams.delete("code_challenge");
    bare.searchParams.delete("code_challenge_method");
    const back = await idp.login(bare.toString(), email("bare"));
    expect(back.searchParams.get("error")).toBe("invalid_request");
    expect(back.searchParams.get("code")).toBeNull();
  });

  it("refuses an unverified email, and never links it to the password account with that email", async () => {
    const before = await userCount();
    const address = email("unverified");
    idp.addAccount({ email: address, emailVerified: false });
    const res = await post("/api/auth/sbu", (await signInAt("sbu", address)).callback);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      errorCode: "EMAIL_NOT_VERIFIED",
      message: expect.stringMatching(/SBU/),
    });
    expect(await userCount()).toBe(before);

    const owner = await signUp(t.app, { email: email("owner") });
    idp.addAccount({ email: owner.email, emailVerified: false });
    const takeover = await post("/api/auth/sbu", (await signInAt("sbu", owner.email)).callback);
    expect(takeover.statusCode).toBe(403);
    const list = await t.app.inject({
      method: "GET",
      url: "/api/auth/identities",
      headers: bearer(owner.token),
    });
    expect(list.json().data.identities).toEqual([]);
  });

  it("takes an email without email_verified only from a provider set to trust its emails", async () => {
    const address = email("no-claim");
    idp.addAccount({ email: address, emailVerified: null });
    const untrusted = await post("/api/auth/sbu", (await signInAt("sbu", address)).callback);
    expect(untrusted.statusCode).toBe(403);
    expect(untrusted.json().errorCode).toBe("EMAIL_NOT_VERIFIED");
    const trusted = await post("/api/auth/corp", (await signInAt("corp", address)).callback);
    expect(trusted.statusCode, trusted.body).toBe(200);
    expect(trusted.json().data.user.email).toBe(address);
  });

  it("links a verified email to the password account that has it", async () => {
    const owner = await signUp(t.app, { email: email("verified-owner") });
    const res = await post("/api/auth/sbu", (await signInAt("sbu", owner.email)).callback);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ created: false, user: { _id: owner.userId } });
  });

  for (const [name, tamper, pattern] of [
    ["an ID token for another audience", { claims: { aud: "someone-else" } }, /aud/],
    ["an ID token signed with another key", { foreignKey: true }, /signature/i],
    ["an ID token with another nonce", { claims: { nonce: "not-ours" } }, /nonce/],
  ] as const) {
    it(`refuses ${name}`, async () => {
      const before = await userCount();
      const { callback } = await signInAt("sbu", email("forged"));
      idp.tamper = tamper;
      try {
        const res = await post("/api/auth/sbu", callback);
        expect(res.statusCode).toBe(401);
        expect(res.json().errorCode).toBe("SSO_REFUSED");
        expect(res.json().message).toMatch(pattern);
      } finally {
        idp.tamper = null;
      }
      expect(await userCount()).toBe(before);
    });
  }

  it("answers a provider that hangs or is down with a clear error, no 5xx, no account", async () => {
    const before = await userCount();
    const { callback } = await signInAt("sbu", email("hang"));
    idp.hang = true;
    try {
      const started = Date.now();
      const res = await post("/api/auth/sbu", callback);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        errorCode: "PROVIDER_UNAVAILABLE",
        message: expect.stringMatching(/SBU/),
      });
      expect(Date.now() - started).toBeLessThan(8000);
    } finally {
      idp.hang = false;
    }
    const down = await post("/api/auth/down/start", {});
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({
      errorCode: "PROVIDER_UNAVAILABLE",
      message: expect.stringMatching(/Down/),
    });
    expect(await userCount()).toBe(before);
  });

  it("refuses bad input: unknown provider, no code, no state", async () => {
    expect((await post("/api/auth/keycloak", { code: "c", state: "s" })).statusCode).toBe(404);
    expect((await post("/api/auth/keycloak/start", {})).statusCode).toBe(404);
    const noCode = await post("/api/auth/sbu", { state: "s" });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().errors).toEqual({ code: "Missing authorization code" });
    const noState = await post("/api/auth/sbu", { code: "c" });
    expect(noState.statusCode).toBe(400);
    expect(noState.json().errors.state).toBeDefined();
  });
});
