import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { type AppDeps, buildApp } from "../app.js";
import { type AppConfig, loadConfig, type RateLimits } from "../config.js";
import type { Database } from "../db/client.js";
import { createTestDatabase, type DbKind } from "./database.js";

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

const generousLimits: RateLimits = {
  login: { max: 10_000, windowMs: 60_000 },
  register: { max: 10_000, windowMs: 60_000 },
  publicBooking: { max: 10_000, windowMs: 60_000 },
  publicApi: { max: 10_000, windowMs: 60_000 },
};

/** The real app on a fresh database, without the SPA and with rate limits out of the way unless asked. */
export async function createTestApp(
  kind: DbKind,
  options: {
    config?: Partial<AppConfig>;
    now?: () => Date;
    bookingListeners?: AppDeps["bookingListeners"];
    calendarSettingsListeners?: AppDeps["calendarSettingsListeners"];
    outboundResolver?: AppDeps["outboundResolver"];
    outboundConnector?: AppDeps["outboundConnector"];
    calendars?: AppDeps["calendars"];
    /**
     * Builds the app on this database instead of a fresh one (a restart, or a second instance); it is
     * left open on close, for its owner to close.
     */
    database?: Database;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase(kind));
  const config: AppConfig = {
    ...loadConfig({}),
    webDir: null,
    smtpUrl: null,
    rateLimits: generousLimits,
    // Never a key file in the working folder from a test.
    secretsKey: randomBytes(32).toString("hex"),
    ...options.config,
  };
  const app = await buildApp({
    config,
    database,
    now: options.now,
    logger: false,
    bookingListeners: options.bookingListeners,
    calendarSettingsListeners: options.calendarSettingsListeners,
    outboundResolver: options.outboundResolver,
    outboundConnector: options.outboundConnector,
    calendars: options.calendars,
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}

let counter = 0;

/** Signs up a new host through the API and returns its bearer token and id. */
export async function signUp(
  app: FastifyInstance,
  overrides: Partial<{ name: string; email: string; password: string; timezone: string }> = {},
): Promise<{ token: string; userId: string; email: string; password: string }> {
  counter += 1;
  const body = {
    name: `Host ${counter}`,
    email: `host${counter}-${Date.now()}@example.com`,
    password: "secret-password",
    ...overrides,
  };
  const res = await app.inject({ method: "POST", url: "/api/auth/register", payload: body });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const json = res.json();
  return { token: json.token, userId: json.data.user._id, email: body.email, password: body.password };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A test's `call(token, method, url, payload)`: a request to /api<url> with the host's bearer token
 * (none when null), answering its status, JSON body and raw text. `app` is read at call time, since
 * tests build theirs in beforeAll.
 */
export function apiCaller(app: () => FastifyInstance) {
  return async (
    token: string | null,
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    payload?: object,
  ) => {
    const res = await app().inject({
      method,
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      payload,
    });
    return { status: res.statusCode, body: res.json(), raw: res.body };
  };
}
