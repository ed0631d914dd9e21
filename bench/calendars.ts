/**
 * Month view (GET /bookings/availability?month=) for a host whose three connected calendars (three Google
 * accounts on the local fake Google, each answering after 100 ms) block slots. Cold: every lookup asks
 * the providers (cache lifetime 0). Warm: the default 60 s cache answers. In-process (app.inject), PGlite.
 */
import { loadavg } from "node:os";
import { buildApp } from "../src/server/app.js";
import { loadConfig } from "../src/server/config.js";
import { createTestDatabase } from "../src/server/testing/database.js";
import { DEFAULT_FAKE_CLIENT, startFakeGoogle } from "../src/server/testing/fake-google.js";
import { addFakeCalendarApi } from "../src/server/testing/fake-google-calendar.js";
import { benchConfig } from "./lib/bench-config.js";
import { printTable } from "./lib/measure.js";

const NOW = new Date("2027-03-01T08:00:00Z");
const RUNS = 20;

async function setup(ttlMs: number) {
  const fake = await startFakeGoogle();
  const gcal = addFakeCalendarApi(fake);
  const env = loadConfig({
    GOOGLE_CLIENT_ID: DEFAULT_FAKE_CLIENT.clientId,
    GOOGLE_CLIENT_SECRET: DEFAULT_FAKE_CLIENT.clientSecret,
    GOOGLE_OAUTH_BASE: fake.url,
    GOOGLE_API_BASE: fake.url,
  });
  const database = await createTestDatabase("pglite");
  const app = await buildApp({
    config: { ...benchConfig(), google: env.google, secretsKey: "a".repeat(64), publicUrl: env.publicUrl },
    database,
    now: () => NOW,
    logger: false,
    calendars: { busyOptions: { ttlMs } },
  });
  await app.ready();
  const reg = await app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: {
      name: "Bench Host",
      email: `bench-${Date.now()}@example.com`,
      password: "bench-pass",
      timezone: "Europe/London",
    },
  });
  const headers = { authorization: `Bearer ${reg.json().token}` };
  for (const n of [1, 2, 3]) {
    const email = `cal${n}-${Date.now()}@example.com`;
    const start = await app.inject({ method: "GET", url: "/api/google-accounts/connect", headers });
    const back = await fake.approve(start.json().data.authUrl, email);
    await app.inject({
      method: "POST",
      url: "/api/google-accounts/callback",
      headers,
      payload: { code: back.searchParams.get("code"), state: back.searchParams.get("state") },
    });
    for (let d = 1; d <= 28; d += 2) {
      const day = String(d).padStart(2, "0");
      gcal.addEvent(email, email, {
        start: { dateTime: `2027-03-${day}T${10 + n}:00:00Z` },
        end: { dateTime: `2027-03-${day}T${10 + n}:30:00Z` },
      });
    }
  }
  const et = await app.inject({
    method: "POST",
    url: "/api/event-types",
    headers,
    payload: {
      title: "Bench",
      duration: 30,
      locations: [{ type: "zoom", value: "https://zoom.us/j/1234567890" }],
    },
  });
  gcal.latencyMs = 100;
  const id = et.json().data._id as string;
  const url = `/api/bookings/availability/${id}?month=2027-03&timezone=Europe/London`;
  return {
    async time() {
      const t0 = performance.now();
      const res = await app.inject({ method: "GET", url });
      const ms = performance.now() - t0;
      if (res.statusCode !== 200 || res.json().busyTimesStale) throw new Error(`lookup failed: ${res.body}`);
      return ms;
    },
    async close() {
      await app.close();
      await database.close();
      await fake.close();
    },
  };
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] as number;
  return { median: at(0.5).toFixed(1), p95: at(0.95).toFixed(1), min: (s[0] as number).toFixed(1) };
};

export async function run(): Promise<void> {
  const rows: Record<string, string | number>[] = [];
  for (const [name, ttl, target] of [
    ["cold (providers asked every time)", 0, "<= 250 ms"],
    ["warm (cached busy times)", 60_000, "<= 20 ms"],
  ] as const) {
    const s = await setup(ttl);
    await s.time(); // first lookup prepares statements and fills the warm cache
    const times: number[] = [];
    for (let i = 0; i < RUNS; i += 1) times.push(await s.time());
    await s.close();
    const st = stats(times);
    rows.push({
      case: name,
      "median ms": st.median,
      "p95 ms": st.p95,
      "min ms": st.min,
      target,
      load: loadavg()[0].toFixed(1),
    });
  }
  printTable("calendars: month view, 3 Google calendars (3 accounts), provider at 100 ms", rows);
}
