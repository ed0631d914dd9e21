import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { type AppConfig, loadConfig } from "../config.js";
import { bearer } from "./app.js";
import type { Host } from "./booking-fixtures.js";
import { DEFAULT_FAKE_CLIENT, type FakeGoogle } from "./fake-google.js";

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
