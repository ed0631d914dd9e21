import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.js";
import { bearer, createTestApp, signUp, type TestApp } from "../../testing/app.js";
import { dbKinds, postgresUrlOf } from "../../testing/database.js";

describe.each(dbKinds)("auth on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it("registers, normalises the email and returns a working token", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: {
        name: "Ada Lovelace",
        email: "  Ada@Example.COM ",
        password: "analytical",
        timezone: "Europe/London",
      },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.data.user).toMatchObject({
      name: "Ada Lovelace",
      email: "ada@example.com",
      timezone: "Europe/London",
    });
    expect(body.data.user.passwordHash).toBeUndefined();

    const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer(body.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.user.email).toBe("ada@example.com");
  });

  it("refuses a duplicate email with 409 and keeps the existing account", async () => {
    const first = await signUp(t.app, { email: "dup@example.com", password: "original-pw" });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { name: "Impostor", email: "DUP@example.com", password: "other-password" },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, errorCode: "EMAIL_TAKEN" });

    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "dup@example.com", password: "original-pw" },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user).toMatchObject({ _id: first.userId, name: expect.stringMatching(/^Host/) });
  });

  it("validates sign-up fields with per-field errors", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { name: "", email: "not-an-email", password: "123", timezone: "Mars/Olympus" },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(Object.keys(body.errors).sort()).toEqual(["email", "name", "password", "timezone"]);
    expect(body.errors.password).toMatch(/at least 6/);
  });

  it("gives unknown emails and wrong passwords the same 401", async () => {
    const { email } = await signUp(t.app, { password: "right-password" });
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password: "wrong-password" },
    });
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "nobody-here@example.com", password: "wrong-password" },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(wrong.json().message);
  });

  it("spends about the same work on unknown emails as on wrong passwords", async () => {
    const { email } = await signUp(t.app, { password: "right-password" });
    // CPU time of this process (argon2's threads included), not wall time: on a loaded machine the
    // wall time of either path swings by more than the margin, the work done does not.
    const cost = async (payload: object) => {
      const before = process.cpuUsage();
      await t.app.inject({ method: "POST", url: "/api/auth/login", payload });
      const used = process.cpuUsage(before);
      return used.user + used.system;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await cost({ email, password: "nope-nope" }));
      unknown.push(await cost({ email: `ghost${i}@example.com`, password: "nope-nope" }));
    }
    // Both verify an argon2 hash; without the dummy hash the unknown path costs ~100x less.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
  });

  it("logout revokes that token at once", async () => {
    const { token } = await signUp(t.app);
    const out = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer(token) });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ success: false, errorCode: "UNAUTHORIZED" });
  });

  it("rejects missing and forged tokens", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/auth/me" })).statusCode).toBe(401);
    const forged = await t.app.inject({
      method: "GET",
      url: "/api/users/profile",
      headers: bearer("forged"),
    });
    expect(forged.statusCode).toBe(401);
  });

  it("serves the public profile without the email, and 404 for unknown users", async () => {
    const { userId } = await signUp(t.app, { name: "Grace Hopper" });
    const res = await t.app.inject({ method: "GET", url: `/api/users/${userId}/public` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ _id: userId, name: "Grace Hopper" });
    expect(res.json().data.user.email).toBeUndefined();
    expect(res.json().data.eventTypes).toEqual([]);
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const missing = await t.app.inject({ method: "GET", url: `/api/users/${id}/public` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe("User not found");
    }
  });

  it("keeps the host's Get started preferences (hidden, link shared)", async () => {
    const { token } = await signUp(t.app);
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/users/preferences",
      headers: bearer(token),
      payload: { hideGetStarted: true },
    });
    expect(put.statusCode).toBe(200);
    const profile = await t.app.inject({ method: "GET", url: "/api/users/profile", headers: bearer(token) });
    expect(profile.json().data.user.preferences).toEqual({ hideGetStarted: true });
    // A second preference joins the first; an unknown one is refused and changes nothing.
    const shared = await t.app.inject({
      method: "PUT",
      url: "/api/users/preferences",
      headers: bearer(token),
      payload: { sharedBookingLink: true },
    });
    expect(shared.json().data.user.preferences).toEqual({ hideGetStarted: true, sharedBookingLink: true });
    const unknown = await t.app.inject({
      method: "PUT",
      url: "/api/users/preferences",
      headers: bearer(token),
      payload: { theme: "dark" },
    });
    expect(unknown.statusCode).toBe(400);
    const after = await t.app.inject({ method: "GET", url: "/api/users/profile", headers: bearer(token) });
    expect(after.json().data.user.preferences).toEqual({ hideGetStarted: true, sharedBookingLink: true });
  });

  it("answers health, unknown API routes and bad JSON with envelopes", async () => {
    const health = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(health.json()).toEqual({ success: true, data: { status: "ok", db: kind } });
    const missing = await t.app.inject({ method: "GET", url: "/api/nope" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false });
    const badJson = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().success).toBe(false);
    const wrongType = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "text/csv" },
      payload: "a,b",
    });
    expect(wrongType.statusCode).toBe(415);
  });
});

describe.each(dbKinds)("auth rate limits on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      config: {
        rateLimits: {
          login: { max: 3, windowMs: 60_000 },
          register: { max: 2, windowMs: 60_000 },
          publicBooking: { max: 100, windowMs: 60_000 },
        },
      },
    });
  });
  afterAll(() => t.close());

  it("limits login attempts with 429 and Retry-After", async () => {
    const attempt = () =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: "x@example.com", password: "xxxxxx" },
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ success: false, errorCode: "RATE_LIMITED" });
  });

  it("limits registrations", async () => {
    const attempt = (i: number) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: { name: "R", email: `rl${i}@example.com`, password: "secret1" },
      });
    expect((await attempt(1)).statusCode).toBe(201);
    expect((await attempt(2)).statusCode).toBe(201);
    const limited = await attempt(3);
    expect(limited.statusCode).toBe(429);
    // The refused request created nothing.
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "rl3@example.com", password: "secret1" },
    });
    expect([401, 429]).toContain(login.statusCode);
  });
});

/** Two instances on one PostgreSQL database: each checks sessions through its own read cache (db/read-cache.ts). */
describe.each(dbKinds.filter((k) => k === "postgres"))("sessions across instances on %s", (kind) => {
  it("a sign-out on one instance counts on the other within READ_CACHE_MS (1 s)", async () => {
    const here = await createTestApp(kind);
    const other = await openDatabase({ kind: "postgres", url: await postgresUrlOf(here.database) });
    const there = await createTestApp(kind, { database: other });
    try {
      const { token } = await signUp(here.app);
      const me = (t: TestApp) => t.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer(token) });
      expect((await me(here)).statusCode).toBe(200);
      expect((await me(there)).statusCode).toBe(200);
      const out = await there.app.inject({ method: "POST", url: "/api/auth/logout", headers: bearer(token) });
      expect(out.statusCode).toBe(200);
      // The instance that signed out refuses the token at once.
      expect((await me(there)).statusCode).toBe(401);
      await new Promise((resolve) => setTimeout(resolve, 1050));
      expect((await me(here)).statusCode).toBe(401);
    } finally {
      await there.close();
      await other.close();
      await here.close();
    }
  });
});
