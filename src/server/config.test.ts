import { describe, expect, it } from "vitest";
import { defaultRateLimits, loadConfig } from "./config.js";

describe("loadConfig", () => {
  it("uses the embedded database unless DATABASE_URL is set, and treats empty variables as unset", () => {
    expect(loadConfig({ DATA_DIR: "/tmp/k", DATABASE_URL: "" }).database).toEqual({
      kind: "pglite",
      dataDir: "/tmp/k",
    });
    expect(loadConfig({ DATABASE_URL: "postgres://u@h/db" }).database).toEqual({
      kind: "postgres",
      url: "postgres://u@h/db",
      readCacheMs: 1000,
    });
    expect(loadConfig({ DATABASE_URL: "postgres://u@h/db", READ_CACHE_MS: "0" }).database).toMatchObject({
      readCacheMs: 0,
    });
    expect(() => loadConfig({ READ_CACHE_MS: "-1" })).toThrow(/READ_CACHE_MS/);
  });

  it("keeps the default rate limits and scales them with RATE_LIMIT_FACTOR", () => {
    expect(loadConfig({}).rateLimits).toEqual(defaultRateLimits);
    const scaled = loadConfig({ RATE_LIMIT_FACTOR: "3" }).rateLimits;
    expect(scaled.register).toEqual({ max: 15, windowMs: defaultRateLimits.register.windowMs });
    expect(scaled.login.max).toBe(30);
    expect(loadConfig({ RATE_LIMIT_FACTOR: "0.01" }).rateLimits.register.max).toBe(1);
  });

  it("reads ALLOW_PRIVATE_TARGETS, and ALLOW_PRIVATE_WEBHOOKS as its old name", () => {
    expect(loadConfig({}).allowPrivateTargets).toBe(false);
    expect(loadConfig({ ALLOW_PRIVATE_TARGETS: "true" }).allowPrivateTargets).toBe(true);
    expect(loadConfig({ ALLOW_PRIVATE_WEBHOOKS: "true" }).allowPrivateTargets).toBe(true);
    // The new name decides when both are set.
    expect(
      loadConfig({ ALLOW_PRIVATE_TARGETS: "false", ALLOW_PRIVATE_WEBHOOKS: "true" }).allowPrivateTargets,
    ).toBe(false);
    expect(() => loadConfig({ ALLOW_PRIVATE_TARGETS: "yes" })).toThrow(/ALLOW_PRIVATE_TARGETS/);
  });

  it("names the variable when a value is wrong", () => {
    expect(() => loadConfig({ RATE_LIMIT_FACTOR: "0" })).toThrow(/RATE_LIMIT_FACTOR/);
    expect(() => loadConfig({ PORT: "http" })).toThrow(/PORT/);
  });

  it("reads Google's client and points its endpoints at GOOGLE_OAUTH_BASE and GOOGLE_API_BASE", () => {
    expect(loadConfig({}).google).toBeNull();
    const real = loadConfig({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" }).google;
    expect(real).toEqual({
      clientId: "id",
      clientSecret: "secret",
      endpoints: {
        authorize: "https://accounts.google.com/o/oauth2/v2/auth",
        token: "https://oauth2.googleapis.com/token",
        revoke: "https://oauth2.googleapis.com/revoke",
        tokenInfo: "https://oauth2.googleapis.com/tokeninfo",
      },
      apiBase: "https://www.googleapis.com",
    });
    const local = loadConfig({
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "secret",
      GOOGLE_OAUTH_BASE: "http://127.0.0.1:9/",
      GOOGLE_API_BASE: "http://127.0.0.1:9",
    }).google;
    expect(local?.endpoints.token).toBe("http://127.0.0.1:9/token");
    expect(local?.endpoints.authorize).toBe("http://127.0.0.1:9/o/oauth2/v2/auth");
    expect(local?.apiBase).toBe("http://127.0.0.1:9");
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: "id" })).toThrow(/GOOGLE_CLIENT_SECRET/);
  });

  it("finds every SSO_<NAME>_ISSUER provider, with labels: SBU, Gameforce, then the others by name", () => {
    const providers = loadConfig({
      SSO_SBU_ISSUER: "https://login.sbu.example",
      SSO_SBU_CLIENT_ID: "kairos",
      SSO_SBU_CLIENT_SECRET: "s3cret",
      SSO_GAMEFORCE_ISSUER: "https://id.gameforce.example/",
      SSO_GAMEFORCE_CLIENT_ID: "gf",
      SSO_ENTRA_ID_ISSUER: "https://login.microsoftonline.com/t/v2.0",
      SSO_ENTRA_ID_CLIENT_ID: "entra",
      SSO_ENTRA_ID_LABEL: "Microsoft",
      SSO_ENTRA_ID_TRUST_EMAIL: "true",
      SSO_OKTA_ISSUER: "https://acme.okta.com",
      SSO_OKTA_CLIENT_ID: "okta-client",
    }).oidcProviders;
    expect(providers.map((p) => p.id)).toEqual(["sbu", "gameforce", "entra-id", "okta"]);
    expect(providers).toContainEqual({
      id: "entra-id",
      label: "Microsoft",
      issuer: "https://login.microsoftonline.com/t/v2.0",
      clientId: "entra",
      clientSecret: null,
      trustEmail: true,
    });
    expect(providers).toContainEqual({
      id: "gameforce",
      label: "Gameforce",
      issuer: "https://id.gameforce.example/",
      clientId: "gf",
      clientSecret: null,
      trustEmail: false,
    });
    expect(providers).toContainEqual({
      id: "okta",
      label: "Okta",
      issuer: "https://acme.okta.com",
      clientId: "okta-client",
      clientSecret: null,
      trustEmail: false,
    });
    expect(providers).toContainEqual({
      id: "sbu",
      label: "SBU",
      issuer: "https://login.sbu.example",
      clientId: "kairos",
      clientSecret: "s3cret",
      trustEmail: false,
    });
    expect(loadConfig({}).oidcProviders).toEqual([]);
  });

  it("names the SSO variable that is missing or wrong", () => {
    expect(() => loadConfig({ SSO_SBU_ISSUER: "https://x.example" })).toThrow(/SSO_SBU_CLIENT_ID/);
    expect(() => loadConfig({ SSO_SBU_CLIENT_ID: "x" })).toThrow(/SSO_SBU_ISSUER/);
    expect(() =>
      loadConfig({ SSO_SBU_ISSUER: "https://x.example", SSO_SBU_CLIENT_ID: "x", SSO_SBU_TRUST_EMAIL: "yes" }),
    ).toThrow(/SSO_SBU_TRUST_EMAIL/);
    expect(() => loadConfig({ SSO_SBU_ISSUER: "not a url", SSO_SBU_CLIENT_ID: "x" })).toThrow(
      /SSO_SBU_ISSUER/,
    );
    expect(() =>
      loadConfig({ SSO_GOOGLE_ISSUER: "https://accounts.google.com", SSO_GOOGLE_CLIENT_ID: "x" }),
    ).toThrow(/GOOGLE_CLIENT_ID/);
  });
});
