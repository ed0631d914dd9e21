import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.js";
import { users } from "../../db/schema/index.js";
import { bearer, createTestApp, signUp, type TestApp } from "../../testing/app.js";
import { dbKinds } from "../../testing/database.js";
import { DEFAULT_FAKE_CLIENT, type FakeGoogle, startFakeGoogle } from "../../testing/fake-google.js";

describe.each(dbKinds)("Google sign-in on %s", (kind) => {
  let t: TestApp;
  let fake: FakeGoogle;
  let n = 0;
  const email = (who: string) => `${who}-${++n}-${Date.now()}@gmail.test`;

  beforeAll(async () => {
    fake = await startFakeGoogle({
      clients: [{ ...DEFAULT_FAKE_CLIENT, redirectUris: ["http://kairos.test/auth/google/callback"] }],
    });
    const env = loadConfig({
      PUBLIC_URL: "http://kairos.test",
      GOOGLE_CLIENT_ID: DEFAULT_FAKE_CLIENT.clientId,
      GOOGLE_CLIENT_SECRET: DEFAULT_FAKE_CLIENT.clientSecret,
      GOOGLE_OAUTH_BASE: fake.url,
      GOOGLE_API_BASE: fake.url,
      OAUTH_TIMEOUT_MS: "2000",
    });
    t = await createTestApp(kind, {
      config: { publicUrl: env.publicUrl, google: env.google, oauthTimeoutMs: env.oauthTimeoutMs },
    });
  }, 180_000); // a fresh database migrates slowly on a busy machine
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({ method: "POST", url, payload, headers: token ? bearer(token) : {} });

  /** The popup: start, pick the account on Google's page, come back with code and state. */
  async function popup(account: string, options: { token?: string; intent?: "link" } = {}) {
    const start = await post(
      "/api/auth/google/start",
      { intent: options.intent ?? "sign-in" },
      options.token,
    );
    expect(start.statusCode, start.body).toBe(200);
    const back = await fake.approve(start.json().data.authUrl, account);
    return { code: back.searchParams.get("code")!, state: back.searchParams.get("state")! };
  }

  const userCount = async () => (await t.database.db.select({ n: count() }).from(users))[0].n;

  it("lists Google among the providers, and only the configured ones", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/auth/providers" });
    expect(res.json().data.providers).toEqual([{ id: "google", label: "Google" }]);
  });

  it("signs up through the popup's code and state, then signs the same person in again", async () => {
    const address = email("grace");
    fake.addUser({ email: address, name: "Grace Hopper" });
    const first = await post("/api/auth/google", await popup(address));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      data: { intent: "sign-in", created: true, user: { email: address, name: "Grace Hopper" } },
    });
    const me = await t.app.inject({
      method: "GET",
      url: "/api/auth/me",
      headers: bearer(first.json().token),
    });
    expect(me.json().data.user.email).toBe(address);
    // A new host gets the default schedule, like a password sign-up.
    const schedules = await t.app.inject({
      method: "GET",
      url: "/api/availability",
      headers: bearer(first.json().token),
    });
    expect(schedules.json().data.length).toBe(1);

    const again = await post("/api/auth/google", await popup(address));
    expect(again.json().data).toMatchObject({ created: false, user: { _id: first.json().data.user._id } });
  });

  it("takes an access token issued to this server's client, and refuses one issued to another", async () => {
    const address = email("token");
    const ours = fake.issueAccessToken(address);
    const ok = await post("/api/auth/google", { access_token: ours });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().token).toBeTruthy();

    const before = await userCount();
    const stranger = email("stranger");
    const theirs = fake.issueAccessToken(stranger, { clientId: "other-app.apps.googleusercontent.com" });
    const refused = await post("/api/auth/google", { access_token: theirs });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ success: false, errorCode: "SSO_REFUSED" });
    expect(refused.json().message).toMatch(/another application/);
    const forged = await post("/api/auth/google", { access_token: "ya29.forged" });
    expect(forged.statusCode).toBe(401);
    expect(await userCount()).toBe(before);
  });

  it("refuses an unverified Google email, for new and existing accounts alike", async () => {
    const before = await userCount();
    const address = email("unverified");
    fake.addUser({ email: address, emailVerified: false });
    const res = await post("/api/auth/google", await popup(address));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, errorCode: "EMAIL_NOT_VERIFIED" });
    expect(await userCount()).toBe(before);

    const owner = await signUp(t.app, { email: email("owner") });
    fake.addUser({ email: owner.email, emailVerified: false });
    const takeover = await post("/api/auth/google", await popup(owner.email));
    expect(takeover.statusCode).toBe(403);
    const identities = await t.app.inject({
      method: "GET",
      url: "/api/auth/identities",
      headers: bearer(owner.token),
    });
    expect(identities.json().data.identities).toEqual([]);
  });

  it("links a verified Google account to the password account with that email", async () => {
    const owner = await signUp(t.app, { email: email("linked") });
    fake.addUser({ email: owner.email, name: "Someone Else" });
    const res = await post("/api/auth/google", await popup(owner.email));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ created: false, user: { _id: owner.userId } });
    const list = await t.app.inject({
      method: "GET",
      url: "/api/auth/identities",
      headers: bearer(owner.token),
    });
    expect(list.json().data).toMatchObject({
      hasPassword: true,
      identities: [{ provider: "google", providerLabel: "Google", email: owner.email }],
    });
  });

  it("uses each state once, and wants a code and a state", async () => {
    const address = email("replay");
    const flow = await popup(address);
    expect((await post("/api/auth/google", flow)).statusCode).toBe(200);
    const replay = await post("/api/auth/google", flow);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().errorCode).toBe("STATE_INVALID");

    const missing = await post("/api/auth/google", { state: "x" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ code: "Missing authorization code" });
    const made = await post("/api/auth/google", { code: "4/made-up", state: "made-up" });
    expect(made.statusCode).toBe(400);
    expect(made.json().errorCode).toBe("STATE_INVALID");
  });

  it("answers a Google that hangs with a clear error, quickly, and makes no account", async () => {
    const before = await userCount();
    const flow = await popup(email("hang"));
    fake.hang = true;
    try {
      const started = Date.now();
      const res = await post("/api/auth/google", flow);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        errorCode: "PROVIDER_UNAVAILABLE",
        message: expect.stringMatching(/Google/),
      });
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      fake.hang = false;
    }
    expect(await userCount()).toBe(before);
  });

  it("answers unknown providers with 404", async () => {
    expect((await post("/api/auth/okta/start", {})).statusCode).toBe(404);
    expect((await post("/api/auth/okta", { code: "c", state: "s" })).statusCode).toBe(404);
    expect((await post("/api/auth/NOT%20A%20NAME", { code: "c", state: "s" })).statusCode).toBe(400);
  });

  it("links Google to the signed-in account from its own browser only", async () => {
    const owner = await signUp(t.app, { email: email("linker") });
    const googleAddress = email("other-address");
    expect((await post("/api/auth/google/start", { intent: "link" })).statusCode).toBe(401);

    const flow = await popup(googleAddress, { token: owner.token, intent: "link" });
    const stranger = await signUp(t.app);
    const wrongBrowser = await post("/api/auth/google", flow, stranger.token);
    expect(wrongBrowser.statusCode).toBe(400);
    expect(wrongBrowser.json().errorCode).toBe("STATE_INVALID");

    const flow2 = await popup(googleAddress, { token: owner.token, intent: "link" });
    const linked = await post("/api/auth/google", flow2, owner.token);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({
      data: { intent: "link", identity: { provider: "google", email: googleAddress } },
    });
    expect(linked.json().token).toBeUndefined();

    // That Google account now signs in to the owner's account.
    const signIn = await post("/api/auth/google", await popup(googleAddress));
    expect(signIn.json().data.user._id).toBe(owner.userId);
  });

  it("removes a linked account while another way to sign in remains", async () => {
    // Google-only account: its one identity cannot go.
    const only = await post("/api/auth/google", await popup(email("only")));
    const token = only.json().token;
    const list = await t.app.inject({ method: "GET", url: "/api/auth/identities", headers: bearer(token) });
    expect(list.json().data.hasPassword).toBe(false);
    const [identity] = list.json().data.identities;
    const refused = await t.app.inject({
      method: "DELETE",
      url: `/api/auth/identities/${identity._id}`,
      headers: bearer(token),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorCode).toBe("LAST_SIGN_IN_METHOD");

    // Another host cannot see or remove it.
    const other = await signUp(t.app);
    for (const id of [identity._id, "not-a-uuid"]) {
      const res = await t.app.inject({
        method: "DELETE",
        url: `/api/auth/identities/${id}`,
        headers: bearer(other.token),
      });
      expect(res.statusCode).toBe(404);
    }

    // A password account can drop its Google link.
    const owner = await signUp(t.app, { email: email("dropper") });
    fake.addUser({ email: owner.email });
    await post("/api/auth/google", await popup(owner.email));
    const mine = await t.app.inject({
      method: "GET",
      url: "/api/auth/identities",
      headers: bearer(owner.token),
    });
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/auth/identities/${mine.json().data.identities[0]._id}`,
      headers: bearer(owner.token),
    });
    expect(removed.statusCode).toBe(200);
    const after = await t.app.inject({
      method: "GET",
      url: "/api/auth/identities",
      headers: bearer(owner.token),
    });
    expect(after.json().data.identities).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/identities" })).statusCode).toBe(401);
  });
});
