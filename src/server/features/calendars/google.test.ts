import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventType, type Host, hostIn } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";
import { type GoogleCalendarApp, startGoogleCalendarApp } from "../../testing/google-test-app.js";

describe.each(dbKinds)("Google accounts on %s", (kind) => {
  let g: GoogleCalendarApp;
  let host: Host;

  beforeAll(async () => {
    g = await startGoogleCalendarApp(kind, {
      publicUrl: "http://127.0.0.1:3999",
      config: { oauthTimeoutMs: 3000 },
      calendars: { busyOptions: { ttlMs: 0, sourcesTtlMs: 0, timeoutMs: 3000 } },
    });
    host = await hostIn(g.app, "Europe/London");
  }, 120_000);
  afterAll(() => g?.close());

  const call = (...args: Parameters<GoogleCalendarApp["call"]>) => g.call(...args);

  /** The popup's whole trip: our authorize URL, Google's consent, the callback page's POST. */
  async function connectGoogle(who: Host, email: string, path = "/google-accounts") {
    const start = await call(who.token, "GET", `${path}/connect`);
    expect(start.status, start.raw).toBe(200);
    const authUrl = new URL(start.body.data.authUrl);
    expect(authUrl.searchParams.get("access_type")).toBe("offline");
    expect(authUrl.searchParams.get("scope")).toContain("calendar.events");
    expect(authUrl.searchParams.get("redirect_uri")).toBe("http://127.0.0.1:3999/calendar/google/callback");
    const back = await g.fake.approve(authUrl.href, email);
    return call(who.token, "POST", `${path}/callback`, {
      code: back.searchParams.get("code"),
      state: back.searchParams.get("state"),
    });
  }

  it("connects several accounts; the first is primary; tokens never leave the server in the clear", async () => {
    const first = await connectGoogle(host, "work@example.com");
    expect(first.status, first.raw).toBe(200);
    expect(first.body.data).toMatchObject({
      provider: "google",
      email: "work@example.com",
      isActive: true,
      isPrimary: true,
      tokenExpiry: null,
      calendars: [{ name: "work@example.com", receivesBookings: true, checkConflicts: true }],
    });
    const second = await connectGoogle(host, "home@example.com", "/auth/google");
    expect(second.status, second.raw).toBe(200);
    expect(second.body.data.isPrimary).toBe(false);
    const list = await call(host.token, "GET", "/google-accounts");
    expect(list.body.data.map((a: { email: string }) => a.email)).toEqual([
      "work@example.com",
      "home@example.com",
    ]);
    for (const token of g.fake.accessTokens.keys()) expect(list.raw).not.toContain(token);
    const rows = await g.database.db.execute("select secret from calendar_accounts");
    const secrets = (
      (rows as unknown as { rows?: { secret: string }[] }).rows ?? (rows as unknown as { secret: string }[])
    ).map((r) => r.secret);
    for (const s of secrets) {
      expect(s).toMatch(/^v1\./);
      for (const token of g.fake.accessTokens.keys()) expect(s).not.toContain(token);
      expect(s).not.toContain("1//");
    }
    // Connecting the same account again updates it instead of adding one.
    expect((await connectGoogle(host, "work@example.com")).status).toBe(200);
    expect((await call(host.token, "GET", "/google-accounts")).body.data).toHaveLength(2);
    const status = await call(host.token, "GET", "/calendar-settings/google/status");
    expect(status.body.data).toEqual({
      connected: true,
      email: "work@example.com",
      accounts: 2,
      needsReconnect: false,
    });
  });

  it("moves the primary account", async () => {
    const [work, home] = (await call(host.token, "GET", "/google-accounts")).body.data;
    const res = await call(host.token, "PUT", `/google-accounts/${home._id}/set-primary`);
    expect(res.status).toBe(200);
    const after = (await call(host.token, "GET", "/google-accounts")).body.data;
    expect(after.map((a: { isPrimary: boolean }) => a.isPrimary)).toEqual([false, true]);
    await call(host.token, "PUT", `/google-accounts/${work._id}/set-primary`);
  });

  it("blocks slots with Google busy times (freeBusy)", async () => {
    const et = await eventType(g.app, host);
    const slots = async () => {
      const res = await g.app.inject({
        method: "GET",
        url: `/api/bookings/availability/${et._id}?date=2027-03-09&timezone=Europe/London`,
      });
      return (res.json().data as { startTime: string }[]).map((s) => s.startTime);
    };
    expect(await slots()).toContain("11:00am");
    g.gcal.addEvent("work@example.com", "work@example.com", {
      start: { dateTime: "2027-03-09T11:00:00Z" },
      end: { dateTime: "2027-03-09T12:00:00Z" },
    });
    const after = await slots();
    expect(after).not.toContain("11:00am");
    expect(after).not.toContain("11:30am");
    expect(after).toContain("12:00pm");
  });

  it("refuses a callback without code, a used or foreign state, and a code from another client", async () => {
    const missing = await call(host.token, "POST", "/google-accounts/callback", { state: "x" });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.code).toBe("Missing authorization code or state parameter");
    const start = await call(host.token, "GET", "/google-accounts/connect");
    const back = await g.fake.approve(start.body.data.authUrl, "work@example.com");
    const other = await hostIn(g.app, "Europe/London");
    const stolen = await call(other.token, "POST", "/google-accounts/callback", {
      code: back.searchParams.get("code"),
      state: back.searchParams.get("state"),
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.errorCode).toBe("STATE_INVALID");
    // A code another OAuth client obtained: Google refuses it at the token endpoint.
    g.fake.addClient({ clientId: "other-app", clientSecret: "other-secret" });
    const foreignUrl = new URL(start.body.data.authUrl);
    foreignUrl.searchParams.set("client_id", "other-app");
    const foreign = await g.fake.approve(foreignUrl.href, "work@example.com");
    const fresh = await call(host.token, "GET", "/google-accounts/connect");
    const res = await call(host.token, "POST", "/google-accounts/callback", {
      code: foreign.searchParams.get("code"),
      state: new URL(fresh.body.data.authUrl).searchParams.get("state"),
    });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe("GOOGLE_REFUSED");
    expect((await call(other.token, "GET", "/google-accounts")).body.data).toEqual([]);
  });

  it("answers REFRESH_FAILED when Google refuses the refresh token, and shows the account Expired", async () => {
    const other = await hostIn(g.app, "Europe/London");
    expect((await connectGoogle(other, "gone@example.com")).status).toBe(200);
    const [account] = (await call(other.token, "GET", "/google-accounts")).body.data;
    expect((await call(other.token, "POST", `/google-accounts/${account._id}/refresh`)).status).toBe(200);
    g.fake.refuseRefreshTokens("gone@example.com");
    const res = await call(other.token, "POST", `/google-accounts/${account._id}/refresh`);
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe("REFRESH_FAILED");
    const after = (await call(other.token, "GET", "/google-accounts")).body.data[0];
    expect(after.isActive).toBe(false);
    expect(after.tokenExpiry).not.toBeNull();
    expect((await call(other.token, "GET", "/auth/google/status")).body.data.needsReconnect).toBe(true);
  });

  it("answers 503 PROVIDER_UNAVAILABLE, as sign-in does, when Google does not answer the connection", async () => {
    const other = await hostIn(g.app, "Europe/London");
    const start = await call(other.token, "GET", "/google-accounts/connect");
    const back = await g.fake.approve(new URL(start.body.data.authUrl).href, "slow@example.com");
    g.fake.hang = true;
    try {
      const res = await call(other.token, "POST", "/google-accounts/callback", {
        code: back.searchParams.get("code"),
        state: back.searchParams.get("state"),
      });
      expect(res.status).toBe(503);
      expect(res.body.errorCode).toBe("PROVIDER_UNAVAILABLE");
    } finally {
      g.fake.hang = false;
    }
    expect((await call(other.token, "GET", "/google-accounts")).body.data).toEqual([]);
  });

  it("keeps accounts to their host on every route", async () => {
    const other = await hostIn(g.app, "Europe/London");
    const [account] = (await call(host.token, "GET", "/google-accounts")).body.data;
    for (const [method, url] of [
      ["PUT", `/google-accounts/${account._id}/set-primary`],
      ["POST", `/google-accounts/${account._id}/refresh`],
      ["DELETE", `/google-accounts/${account._id}`],
    ] as const) {
      expect((await call(other.token, method, url)).status, `${method} ${url}`).toBe(404);
    }
    expect((await call(other.token, "DELETE", "/auth/google/disconnect")).status).toBe(200);
    expect((await call(host.token, "GET", "/google-accounts")).body.data).toHaveLength(2);
    for (const [method, url] of [
      ["GET", "/api/google-accounts"],
      ["GET", "/api/google-accounts/connect"],
      ["GET", "/api/auth/google/status"],
      ["DELETE", "/api/calendar-settings/google/disconnect"],
    ] as const) {
      expect((await g.app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });

  it("disconnects: the token is revoked at Google and the next account becomes primary", async () => {
    const [work] = (await call(host.token, "GET", "/google-accounts")).body.data;
    const before = g.fake.requests.filter((r) => r.path === "/revoke").length;
    expect((await call(host.token, "DELETE", `/google-accounts/${work._id}`)).status).toBe(200);
    expect(g.fake.requests.filter((r) => r.path === "/revoke").length).toBe(before + 1);
    const left = (await call(host.token, "GET", "/google-accounts")).body.data;
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ email: "home@example.com", isPrimary: true });
    expect((await call(host.token, "DELETE", "/calendar-settings/google/disconnect")).status).toBe(200);
    expect((await call(host.token, "GET", "/calendar-settings/google/status")).body.data.connected).toBe(
      false,
    );
  });
});
