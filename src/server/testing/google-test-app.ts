import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { AppDeps } from "../app.js";
import { type AppConfig, loadConfig } from "../config.js";
import { bearer, createTestApp } from "./app.js";
import type { Host } from "./booking-fixtures.js";
import type { DbKind } from "./database.js";
import { DEFAULT_FAKE_CLIENT, type FakeGoogle, startFakeGoogle } from "./fake-google.js";
import { addFakeCalendarApi } from "./fake-google-calendar.js";

/** The app's Google settings pointed at a fake Google (createTestApp's `config`). */
export function fakeGoogleConfig(
  fake: FakeGoogle,
  o: { timeoutMs?: number; publicUrl?: string } = {},
): Pick<AppConfig, "google" | "oauthTimeoutMs" | "publicUrl"> {
  const env = loadConfig({
    ...(o.publicUrl ? { PUBLIC_URL: o.publicUrl } : {}),
    GOOGLE_CLIENT_ID: DEFAULT_FAKE_CLIENT.clientId,
    GOOGLE_CLIENT_SECRET: DEFAULT_FAKE_CLIENT.clientSecret,
    GOOGLE_OAUTH_BASE: fake.url,
    GOOGLE_API_BASE: fake.url,
    OAUTH_TIMEOUT_MS: String(o.timeoutMs ?? 5000),
  });
  return { google: env.google, oauthTimeoutMs: env.oauthTimeoutMs, publicUrl: env.publicUrl };
}

/** The host connects `email`'s Google Calendar through the consent page; returns the account. */
export async function connectGoogleCalendar(
  app: FastifyInstance,
  fake: FakeGoogle,
  host: Host,
  email: string,
) {
  const start = await app.inject({
    method: "GET",
    url: "/api/google-accounts/connect",
    headers: bearer(host.token),
  });
  const back = await fake.approve(start.json().data.authUrl, email);
  const res = await app.inject({
    method: "POST",
    url: "/api/google-accounts/callback",
    headers: bearer(host.token),
    payload: { code: back.searchParams.get("code"), state: back.searchParams.get("state") },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/**
 * The app on a fresh database with a fake Google (OAuth and Calendar API) and a clock the test moves:
 * the skeleton of the calendar writes and Meet link tests.
 */
export async function startGoogleCalendarApp(
  kind: DbKind,
  options: { config?: Partial<AppConfig>; calendars?: AppDeps["calendars"]; publicUrl?: string } = {},
) {
  let clock = new Date("2027-03-01T08:00:00Z");
  const fake = await startFakeGoogle();
  const gcal = addFakeCalendarApi(fake);
  const t = await createTestApp(kind, {
    now: () => clock,
    config: { ...fakeGoogleConfig(fake, { publicUrl: options.publicUrl }), ...options.config },
    calendars: options.calendars,
  });
  return {
    app: t.app,
    database: t.database,
    fake,
    gcal,
    /** Moves the app's clock on by `ms`. */
    advance(ms: number) {
      clock = new Date(clock.getTime() + ms);
    },
    /** An API call as `token`'s host, or anonymous with null. */
    async call(token: string | null, method: string, url: string, payload?: object) {
      const res = await t.app.inject({
        method: method as "GET",
        url: `/api${url}`,
        headers: token ? bearer(token) : {},
        payload,
      });
      return { status: res.statusCode, body: res.json(), raw: res.body };
    },
    connectGoogle: (host: Host, email: string) => connectGoogleCalendar(t.app, fake, host, email),
    async close() {
      await t.close();
      await fake.close();
    },
  };
}

export type GoogleCalendarApp = Awaited<ReturnType<typeof startGoogleCalendarApp>>;
