import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.js";
import { pkceChallenge } from "../features/oauth-states/service.js";
import { DEFAULT_FAKE_CLIENT, type FakeGoogle, startFakeGoogle } from "../testing/fake-google.js";
import { randomToken } from "./crypto.js";
import { createGoogleOAuth, GOOGLE_SIGN_IN_SCOPES, type GoogleError, type GoogleOAuth } from "./google.js";

describe("Google OAuth through google-auth-library, against the local Google", () => {
  let fake: FakeGoogle;
  let google: GoogleOAuth;
  const redirectPath = "/auth/google/callback";

  beforeAll(async () => {
    fake = await startFakeGoogle({
      clients: [{ ...DEFAULT_FAKE_CLIENT, redirectUris: ["http://kairos.test/auth/google/callback"] }],
      users: [{ email: "ada@example.com", name: "Ada Lovelace" }],
    });
    const config = loadConfig({
      GOOGLE_CLIENT_ID: DEFAULT_FAKE_CLIENT.clientId,
      GOOGLE_CLIENT_SECRET: DEFAULT_FAKE_CLIENT.clientSecret,
      GOOGLE_OAUTH_BASE: fake.url,
      GOOGLE_API_BASE: fake.url,
    });
    google = createGoogleOAuth(config.google!, { publicUrl: "http://kairos.test", timeoutMs: 2000 });
  });
  afterAll(() => fake.close());

  async function consent(options: { offline?: boolean } = {}) {
    const codeVerifier = randomToken();
    const state = randomToken();
    const url = google.authorizeUrl({
      redirectPath,
      scopes: GOOGLE_SIGN_IN_SCOPES,
      state,
      codeChallenge: pkceChallenge(codeVerifier),
      accessType: options.offline ? "offline" : "online",
      prompt: options.offline ? "consent" : undefined,
    });
    const back = await fake.approve(url, "ada@example.com");
    return { url: new URL(url), back, state, codeVerifier };
  }

  it("builds the authorize URL with the client, redirect URI, scopes, state and an S256 challenge", async () => {
    const { url, back, state } = await consent();
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/o/oauth2/v2/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: DEFAULT_FAKE_CLIENT.clientId,
      redirect_uri: "http://kairos.test/auth/google/callback",
      response_type: "code",
      scope: "openid email profile",
      state,
      code_challenge_method: "S256",
    });
    expect(back.origin + back.pathname).toBe("http://kairos.test/auth/google/callback");
    expect(back.searchParams.get("state")).toBe(state);
    expect(back.searchParams.get("code")).toBeTruthy();
  });

  it("exchanges a code with its PKCE verifier, then reads userinfo and tokeninfo", async () => {
    const { back, codeVerifier } = await consent();
    const tokens = await google.exchangeCode({
      code: back.searchParams.get("code")!,
      redirectPath,
      codeVerifier,
    });
    expect(tokens.accessToken).toMatch(/^ya29\./);
    expect(tokens.refreshToken).toBeNull();
    expect(tokens.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    expect(await google.userInfo(tokens.accessToken)).toEqual({
      sub: fake.users.get("ada@example.com")!.sub,
      email: "ada@example.com",
      emailVerified: true,
      name: "Ada Lovelace",
      picture: null,
    });
    expect(await google.tokenInfo(tokens.accessToken)).toMatchObject({
      audience: DEFAULT_FAKE_CLIENT.clientId,
      scopes: ["openid", "email", "profile"],
    });
  });

  it("refuses a code without the right verifier, and a code used twice", async () => {
    const first = await consent();
    const wrong = google.exchangeCode({
      code: first.back.searchParams.get("code")!,
      redirectPath,
      codeVerifier: randomToken(),
    });
    await expect(wrong).rejects.toMatchObject({ kind: "refused", code: "invalid_grant" });

    const second = await consent();
    const code = second.back.searchParams.get("code")!;
    await google.exchangeCode({ code, redirectPath, codeVerifier: second.codeVerifier });
    await expect(
      google.exchangeCode({ code, redirectPath, codeVerifier: second.codeVerifier }),
    ).rejects.toMatchObject({ kind: "refused", code: "invalid_grant" });
  });

  it("refreshes offline access until Google refuses the refresh token, and revokes", async () => {
    const { back, codeVerifier } = await consent({ offline: true });
    const tokens = await google.exchangeCode({
      code: back.searchParams.get("code")!,
      redirectPath,
      codeVerifier,
    });
    expect(tokens.refreshToken).toMatch(/^1\/\//);
    fake.expireAccessTokens();
    await expect(google.userInfo(tokens.accessToken)).rejects.toMatchObject({ kind: "refused" });

    const fresh = await google.refresh(tokens.refreshToken!);
    expect(fresh.accessToken).not.toBe(tokens.accessToken);
    expect(fresh.refreshToken).toBe(tokens.refreshToken);
    expect((await google.userInfo(fresh.accessToken)).email).toBe("ada@example.com");

    await google.revoke(tokens.refreshToken!);
    await expect(google.userInfo(fresh.accessToken)).rejects.toMatchObject({ kind: "refused" });
    await expect(google.refresh(tokens.refreshToken!)).rejects.toMatchObject({
      kind: "refused",
      code: "invalid_grant",
    });
  });

  it("sees which client a token belongs to", async () => {
    const token = fake.issueAccessToken("ada@example.com", {
      clientId: "someone-else.apps.googleusercontent.com",
    });
    expect((await google.tokenInfo(token)).audience).toBe("someone-else.apps.googleusercontent.com");
    await expect(google.tokenInfo("ya29.forged")).rejects.toMatchObject({ kind: "refused" });
  });

  it("gives up on a Google that does not answer", async () => {
    fake.hang = true;
    try {
      const started = Date.now();
      const error = (await google.userInfo("ya29.any").catch((e) => e)) as GoogleError;
      expect(error).toMatchObject({ kind: "unavailable" });
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      fake.hang = false;
    }
  });
});
