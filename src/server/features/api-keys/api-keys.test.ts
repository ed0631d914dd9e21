import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_SCOPES } from "../../../contract/api-keys.js";
import { apiKeys } from "../../db/schema/index.js";
import { apiCaller, bearer, createTestApp, signUp, type TestApp } from "../../testing/app.js";
import { dbKinds } from "../../testing/database.js";

let clock = new Date("2026-10-28T12:00:00Z");

describe.each(dbKinds)("API keys on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => clock });
  });
  afterAll(() => t.close());

  const call = apiCaller(() => t.app);
  const v1 = (secret: string | null, url: string) =>
    t.app.inject({ method: "GET", url: `/api/v1${url}`, headers: secret ? bearer(secret) : {} });
  const newKey = async (token: string, body: object = {}) => {
    const res = await call(token, "POST", "/api-keys", { name: "CRM sync", scopes: API_SCOPES, ...body });
    expect(res.status).toBe(201);
    return res.body.data as { _id: string; secret: string; prefix: string };
  };

  it("creates a key whose secret is shown once and stored only as a hash; the list shows its parts", async () => {
    const host = await signUp(t.app);
    const res = await call(host.token, "POST", "/api-keys", {
      name: "Zapier",
      scopes: ["bookings:read", "bookings:write", "bookings:read"],
      expiresInDays: 30,
    });
    expect(res.status).toBe(201);
    const key = res.body.data;
    expect(key.secret).toMatch(/^kairos_live_[A-Za-z0-9_-]{43}$/);
    expect(key.secret.startsWith(key.prefix)).toBe(true);
    expect(key.prefix).toHaveLength("kairos_live_".length + 8);
    expect(key.scopes).toEqual(["bookings:read", "bookings:write"]);
    expect(key.expiresAt).toBe(new Date(clock.getTime() + 30 * 86_400_000).toISOString());

    const list = await call(host.token, "GET", "/api-keys");
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toEqual({
      _id: key._id,
      name: "Zapier",
      prefix: key.prefix,
      scopes: ["bookings:read", "bookings:write"],
      createdAt: clock.toISOString(),
      lastUsedAt: null,
      expiresAt: key.expiresAt,
      revokedAt: null,
    });
    expect(list.raw).not.toContain(key.secret.slice(20));
    // Nothing of the secret but its prefix is in the database.
    const rows = await t.database.db.select().from(apiKeys);
    const row = rows.find((r) => r.id === key._id);
    expect(JSON.stringify(row)).not.toContain(key.secret.slice(20));
  });

  it("refuses bad input with field errors and changes nothing", async () => {
    const host = await signUp(t.app);
    for (const [body, field] of [
      [{ name: "", scopes: ["bookings:read"] }, "name"],
      [{ name: "x", scopes: [] }, "scopes"],
      [{ name: "x", scopes: ["bookings:admin"] }, "scopes.0"],
      [{ name: "x", scopes: ["bookings:read"], expiresInDays: 7 }, "expiresInDays"],
    ] as const) {
      const res = await call(host.token, "POST", "/api-keys", body);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors)).toContain(field);
    }
    expect((await call(host.token, "GET", "/api-keys")).body.data).toEqual([]);
  });

  it("works on the public API, stamps last use at most once a minute, and stops at once when revoked", async () => {
    const host = await signUp(t.app);
    const key = await newKey(host.token);
    expect((await v1(key.secret, "/event-types")).statusCode).toBe(200);
    const used = (await call(host.token, "GET", "/api-keys")).body.data[0].lastUsedAt;
    expect(used).toBe(clock.toISOString());
    clock = new Date(clock.getTime() + 30_000);
    await v1(key.secret, "/event-types");
    expect((await call(host.token, "GET", "/api-keys")).body.data[0].lastUsedAt).toBe(used);
    clock = new Date(clock.getTime() + 31_000);
    await v1(key.secret, "/event-types");
    expect((await call(host.token, "GET", "/api-keys")).body.data[0].lastUsedAt).toBe(clock.toISOString());

    expect((await call(host.token, "DELETE", `/api-keys/${key._id}`)).status).toBe(200);
    const after = await v1(key.secret, "/event-types");
    expect(after.statusCode).toBe(401);
    expect(after.headers["content-type"]).toContain("application/problem+json");
    expect(after.json()).toMatchObject({ status: 401, code: "UNAUTHORIZED", title: "Unauthorized" });
    expect((await call(host.token, "GET", "/api-keys")).body.data[0].revokedAt).toBe(clock.toISOString());
  });

  it("expires a key at its time", async () => {
    const host = await signUp(t.app);
    const key = await newKey(host.token, { expiresInDays: 30 });
    expect((await v1(key.secret, "/event-types")).statusCode).toBe(200);
    const saved = clock;
    clock = new Date(clock.getTime() + 30 * 86_400_000);
    try {
      expect((await v1(key.secret, "/event-types")).statusCode).toBe(401);
    } finally {
      clock = saved;
    }
  });

  it("never lets a key reach a session route: password, sessions, deletion, the keys themselves", async () => {
    const host = await signUp(t.app);
    const key = await newKey(host.token);
    for (const [method, url, payload] of [
      ["GET", "/api-keys", undefined],
      ["POST", "/api-keys", { name: "escalate", scopes: ["bookings:read"] }],
      ["DELETE", `/api-keys/${key._id}`, undefined],
      ["GET", "/users/sessions", undefined],
      ["DELETE", "/users/sessions", undefined],
      ["GET", "/auth/me", undefined],
      ["PUT", "/users/password", { currentPassword: host.password, newPassword: "another-secret-1" }],
      ["DELETE", "/users/me", { email: host.email }],
      ["GET", "/users/export", undefined],
      ["GET", "/bookings", undefined],
      ["GET", "/event-types", undefined],
    ] as const) {
      const res = await call(key.secret, method, url, payload);
      expect(res.status, `${method} ${url}`).toBe(401);
    }
    // The key still works where it should, and the host's account is as it was.
    expect((await v1(key.secret, "/event-types")).statusCode).toBe(200);
    expect((await call(host.token, "GET", "/api-keys")).body.data).toHaveLength(1);
  });

  it("checks the route's permission: read is not write, one resource is not another", async () => {
    const host = await signUp(t.app);
    const key = await newKey(host.token, { scopes: ["bookings:read"] });
    expect((await v1(key.secret, "/bookings")).statusCode).toBe(200);
    const denied = await v1(key.secret, "/event-types");
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: "INSUFFICIENT_SCOPE", status: 403 });
    const write = await t.app.inject({
      method: "POST",
      url: "/api/v1/bookings/00000000-0000-4000-8000-000000000000/cancel",
      headers: bearer(key.secret),
      payload: { reason: "other" },
    });
    expect(write.statusCode).toBe(403);
  });

  it("answers 401 without a key, with a garbled one and with a key's lookalike", async () => {
    const host = await signUp(t.app);
    const key = await newKey(host.token);
    expect((await v1(null, "/event-types")).statusCode).toBe(401);
    expect((await v1("kairos_live_nope", "/event-types")).statusCode).toBe(401);
    const forged = `${key.secret.slice(0, -4)}AAAA`;
    expect((await v1(forged, "/event-types")).statusCode).toBe(401);
    // A session works on the public API too (the reference page's "Try it").
    expect((await v1(host.token, "/event-types")).statusCode).toBe(200);
  });

  it("revokes only the host's own key: another host's id is not found", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const key = await newKey(a.token);
    expect((await call(b.token, "DELETE", `/api-keys/${key._id}`)).status).toBe(404);
    expect((await v1(key.secret, "/event-types")).statusCode).toBe(200);
    expect((await call(b.token, "GET", "/api-keys")).body.data).toEqual([]);
  });

  it("keeps at most 50 active keys per host", async () => {
    const host = await signUp(t.app);
    for (let i = 0; i < 50; i++) await newKey(host.token, { name: `k${i}` });
    const over = await call(host.token, "POST", "/api-keys", { name: "51st", scopes: ["bookings:read"] });
    expect(over.status).toBe(409);
    const first = (await call(host.token, "GET", "/api-keys")).body.data[0];
    await call(host.token, "DELETE", `/api-keys/${first._id}`);
    expect(
      (await call(host.token, "POST", "/api-keys", { name: "51st", scopes: ["bookings:read"] })).status,
    ).toBe(201);
  });
});

describe.each(dbKinds)("the public API's rate limit on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    const generous = { max: 10_000, windowMs: 60_000 };
    t = await createTestApp(kind, {
      config: {
        rateLimits: {
          login: generous,
          register: generous,
          publicBooking: generous,
          publicApi: { max: 3, windowMs: 60_000 },
        },
      },
    });
  });
  afterAll(() => t.close());

  it("counts per key across routes, says so in RateLimit headers and answers 429 with Retry-After", async () => {
    const host = await signUp(t.app);
    const make = async () =>
      (
        await t.app.inject({
          method: "POST",
          url: "/api/api-keys",
          headers: bearer(host.token),
          payload: { name: "k", scopes: API_SCOPES },
        })
      ).json().data.secret as string;
    const [one, two] = [await make(), await make()];
    const get = (secret: string, url: string) =>
      t.app.inject({ method: "GET", url: `/api/v1${url}`, headers: bearer(secret) });
    const first = await get(one, "/event-types");
    expect(first.statusCode).toBe(200);
    expect(first.headers["ratelimit-limit"]).toBe("3");
    expect(first.headers["ratelimit-remaining"]).toBe("2");
    expect(Number(first.headers["ratelimit-reset"])).toBeGreaterThan(0);
    expect((await get(one, "/bookings")).statusCode).toBe(200);
    expect((await get(one, "/contacts")).statusCode).toBe(200);
    const limited = await get(one, "/event-types");
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["content-type"]).toContain("application/problem+json");
    expect(limited.json()).toMatchObject({ status: 429, code: "RATE_LIMITED" });
    expect(limited.headers["ratelimit-remaining"]).toBe("0");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    // Another key of the same host has its own counter.
    expect((await get(two, "/event-types")).statusCode).toBe(200);
  });
});
