/**
 * The host's Meetings list and Dashboard with 100,000 bookings of one host on PostgreSQL
 * (BENCH_DATABASE_URL, else TEST_DATABASE_URL; a throwaway database is created and dropped).
 * The host and event types are made through the API, the bookings by the seed's bulk insert
 * (scripts/lib/demo-data.ts, the same generator as `npm run seed -- --size N`). The app listens on
 * loopback and autocannon runs in its own process: each call alone (1 connection: its latency), then
 * 10 at once (the machine saturated: throughput and queueing). BENCH_CONNECTIONS="1,10" changes that.
 * Target (issue 14): p99 <= 50 ms for each row at 10 connections. Each row also gives the CPU time a
 * request took in the server and in PostgreSQL (when it runs on this machine): latency under load
 * swings with the machine and whatever else runs on it, the CPU time per request much less.
 * BENCH_BOOKINGS changes the size, BENCH_ONLY a comma-separated list of label parts picks rows.
 */
import { execFileSync } from "node:child_process";
import { sql } from "drizzle-orm";
import { createDemoHost, DEMO_HOST, insertDemoBookings } from "../scripts/lib/demo-data.js";
import { buildApp } from "../src/server/app.js";
import { createTestDatabase } from "../src/server/testing/database.js";
import { benchConfig } from "./lib/bench-config.js";
import { cpuNow, cpuPerRequest } from "./lib/cpu.js";
import { runLoad } from "./lib/run-load.js";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? "1,10").split(",").map(Number);
const SIZE = Number(process.env.BENCH_BOOKINGS ?? 100_000);
/** BENCH_ONLY="dashboard 90d,past page 50": only the rows whose label contains one of these. */
const ONLY = (process.env.BENCH_ONLY ?? "").split(",").filter(Boolean);

const loadAverage = () =>
  execFileSync("uptime", { encoding: "utf8" })
    .trim()
    .replace(/^.*load/, "load");

export async function run(): Promise<void> {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  console.log(`\nmeetings list and dashboard, ${SIZE.toLocaleString("en-US")} bookings of one host`);
  if (!pgUrl) {
    console.log("  skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server");
    return;
  }
  process.env.TEST_DATABASE_URL = pgUrl;
  const database = await createTestDatabase("postgres");
  const config = benchConfig();
  const app = await buildApp({ config, database, logger: false });
  try {
    const t0 = performance.now();
    const host = await createDemoHost(app, DEMO_HOST);
    const summary = await insertDemoBookings(database.db, host, { size: SIZE, now: new Date() });
    const seeded = performance.now() - t0;
    // What a server that has been running a while has: visibility map and statistics up to date.
    await database.db.execute(sql`vacuum analyze bookings`);
    console.log(
      `  seeded in ${(seeded / 1000).toFixed(1)} s (+ vacuum analyze ${((performance.now() - t0 - seeded) / 1000).toFixed(1)} s): ` +
        `${summary.first.toISOString().slice(0, 10)} to ${summary.last.toISOString().slice(0, 10)}, ` +
        `${summary.confirmedUpcoming} upcoming, ${summary.completed} completed, ${summary.cancelled} cancelled, ` +
        `${summary.noShow} no-show, ${summary.attendees} attendees`,
    );

    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const headers = { authorization: `Bearer ${host.token}` };
    // A first name of a frequent attendee: a search that matches about one booking in seventy.
    const list = await (await fetch(`${base}/api/bookings?when=past&limit=1`, { headers })).json();
    const someone: string = list.data[0].attendee.name;
    const firstName = someone.split(" ")[0];

    const cases: [string, string][] = [
      ["GET /api/health (ceiling)", "/api/health"],
      ["dashboard 7d", "/api/analytics/dashboard?period=7d"],
      ["dashboard 30d", "/api/analytics/dashboard?period=30d"],
      ["dashboard 90d", "/api/analytics/dashboard?period=90d"],
      ["meetings page 1 (all)", "/api/bookings?page=1&limit=20"],
      ["meetings upcoming page 1", "/api/bookings?when=upcoming&page=1&limit=20"],
      ["meetings past page 1", "/api/bookings?when=past&page=1&limit=20"],
      ["meetings past page 50", "/api/bookings?when=past&page=50&limit=20"],
      [`search "${firstName}"`, `/api/bookings?search=${encodeURIComponent(firstName)}&limit=20`],
      [`search "${someone}"`, `/api/bookings?search=${encodeURIComponent(someone)}&limit=20`],
      ["search by email domain", "/api/bookings?search=acme.io&limit=20"],
      ["search by event type", "/api/bookings?search=strategy&limit=20"],
      ["search, no match", "/api/bookings?search=zzqx&limit=20"],
      ["status cancelled", "/api/bookings?status=cancelled&limit=20"],
      ["status no_show, past", "/api/bookings?status=no_show&when=past&limit=20"],
      ["status completed page 10", "/api/bookings?status=completed&page=10&limit=20"],
    ];
    // The host's first dashboard read builds its daily rollup from every booking (later reads only
    // recompute the days whose bookings changed).
    const firstRead = performance.now();
    const built = await fetch(`${base}/api/analytics/dashboard?period=90d`, { headers });
    if (!built.ok) throw new Error(`dashboard: ${built.status} ${await built.text()}`);
    console.log(
      `  first dashboard read (builds the rollup): ${Math.round(performance.now() - firstRead)} ms`,
    );
    const chosen = cases.filter(([label]) => ONLY.length === 0 || ONLY.some((o) => label.includes(o)));
    for (const [, url] of chosen) {
      const res = await fetch(base + url, { headers });
      if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    }
    console.log(
      `  ${DURATION_S} s per run; total = matches the list call reports (a lower bound past 1,000, or 200 for a search)`,
    );
    for (const [label, url] of chosen) {
      const total = url.startsWith("/api/bookings")
        ? (await (await fetch(base + url, { headers })).json()).pagination.total
        : "";
      const parts: string[] = [];
      for (const connections of CONNECTIONS) {
        await runLoad({ url: base + url, method: "GET", connections, duration: 1, headers });
        const cpuBefore = cpuNow();
        const r = await runLoad({
          url: base + url,
          method: "GET",
          connections,
          duration: DURATION_S,
          headers,
        });
        const cpu = cpuPerRequest(cpuBefore, cpuNow(), r.total);
        const failed = r.non2xx || r.errors ? ` (${r.non2xx} non-2xx, ${r.errors} errors)` : "";
        parts.push(
          `c=${connections}: ${String(Math.round(r.rps)).padStart(5)} req/s p50 ${String(r.p50).padStart(3)} p99 ${String(r.p99).padStart(3)} ms (${cpu})${failed}`,
        );
      }
      console.log(
        `  ${label.padEnd(30)} ${String(total).padStart(5)}   ${parts.join("   ")}   ${loadAverage()}`,
      );
    }
  } finally {
    await app.close();
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
