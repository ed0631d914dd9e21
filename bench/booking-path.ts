/**
 * What one booking costs, without load: POST /api/bookings one after the other through app.inject, on
 * PGlite and on PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL). Prints the statements each
 * booking sends to the database (counted at the driver: pg's Client.query, the embedded database's
 * thread messages), the server time per booking and the app's CPU per booking. BENCH_SHOW=1 lists the
 * statements of one booking, in order (issue 30 item 2: "show the per-booking statement count"), and
 * how often PostgreSQL planned each prepared statement.
 */
import fs from "node:fs";
import { Session } from "node:inspector/promises";
import os from "node:os";
import { sql } from "drizzle-orm";
import pg from "pg";
import { Temporal } from "temporal-polyfill";
import { buildApp } from "../src/server/app.js";
import type { Database } from "../src/server/db/client.js";
import { PgliteRemote } from "../src/server/db/pglite-remote.js";
import { bearer, signUp } from "../src/server/testing/app.js";
import type { DbKind } from "../src/server/testing/database.js";
import { benchConfig } from "./lib/bench-config.js";
import { cpuNow, threadCpuNow, threadCpuPerRequest } from "./lib/cpu.js";
import { benchDatabase, settleStatistics } from "./lib/database.js";
import { seedHistory } from "./lib/history.js";

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 300);
const SHOW = process.env.BENCH_SHOW === "1";
/** BENCH_EXPLAIN=1: EXPLAIN ANALYZE of each statement of one booking, on PGlite (explainStatements). */
const EXPLAIN = process.env.BENCH_EXPLAIN === "1";
/** BENCH_COLLECTIVE=3: book a collective type of 3 hosts instead of one host's type. */
const COLLECTIVE = Number(process.env.BENCH_COLLECTIVE ?? 1);

/** BENCH_PROFILE=/tmp/path: a CPU profile of the timed bookings only, to /tmp/path-<db>.cpuprofile. */
const PROFILE = process.env.BENCH_PROFILE;

async function startProfile() {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  return {
    async stopTo(file: string) {
      const { profile } = await session.post("Profiler.stop");
      fs.writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

/** Every statement text sent while `recording` is set (both drivers funnel through these two). */
let recording: string[] | null = null;
function countStatements(): void {
  const pgQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string; name?: string };
    recording?.push(typeof first === "string" ? first : (first?.text ?? `prepared ${first?.name}`));
    return pgQuery.apply(this, args);
  } as typeof pg.Client.prototype.query;
  const remote = PgliteRemote.prototype as unknown as { send: (m: { op: string; text?: string }) => unknown };
  const send = remote.send;
  remote.send = function (this: unknown, message: { op: string; text?: string }) {
    if (message.op === "query" || message.op === "exec") recording?.push(message.text ?? message.op);
    else if (message.op !== "close") recording?.push(message.op);
    return send.call(this, message);
  };
}

/**
 * How often each server-side prepared statement was planned: a custom plan is planned again on every
 * EXECUTE, a generic one once (PostgreSQL's plan_cache_mode "auto" picks per statement after five runs).
 */
async function showPlans(database: Database): Promise<void> {
  const result = await database.db.execute(
    sql`select name, generic_plans, custom_plans from pg_prepared_statements order by name`,
  );
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  for (const row of rows)
    console.log(`       ${row.name}: ${row.generic_plans} generic plans, ${row.custom_plans} custom plans`);
}

/**
 * EXPLAIN ANALYZE of each statement the recorded booking sent, each in a transaction rolled back
 * (the booking itself first deleted, so its insert can run again): executor time, trigger time per
 * trigger. PGlite only, where the statements are EXECUTEs of kept ones with their values.
 */
async function explainStatements(database: Database, statements: string[]): Promise<void> {
  await database.withConnection(async (db) => {
    const run = async (text: string) =>
      (await db.execute(sql.raw(text))) as unknown as { rows: Record<string, string>[] };
    for (const statement of statements.filter((s) => s.startsWith("EXECUTE"))) {
      await run("begin");
      try {
        const bookingId = /^EXECUTE bookings_insert\('([^']+)'/.exec(statement)?.[1];
        if (bookingId) await run(`delete from bookings where id = '${bookingId}'`);
        const plan = await run(`explain (analyze, costs off) ${statement}`);
        console.log(`    --- ${statement.slice(8, 60)}`);
        for (const row of plan.rows) console.log(`    ${Object.values(row)[0]}`);
      } finally {
        await run("rollback");
      }
    }
  });
}

async function benchOne(kind: DbKind): Promise<void> {
  const database = await benchDatabase(kind);
  const app = await buildApp({ config: benchConfig(), database, logger: false });
  try {
    await app.ready();
    const inject = (method: "GET" | "POST" | "PUT", url: string, token?: string, payload?: object) =>
      app.inject({ method, url, headers: token ? bearer(token) : {}, payload });
    const allDay = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"].map(
      (day) => ({ day, isAvailable: true, timeSlots: [{ startTime: "12:00am", endTime: "12:00am" }] }),
    );
    const settings = { leadHours: 0, noticeUnit: "minutes", daysAhead: 60, unit: "days", mode: "rolling" };
    /** A host available around the clock. */
    const openHost = async () => {
      const host = await signUp(app, { timezone: "UTC" });
      const schedules = (await inject("GET", "/api/availability", host.token)).json().data;
      await inject("PUT", `/api/availability/${schedules[0]._id}`, host.token, { schedule: allDay });
      return host;
    };
    const owner = await openHost();
    const et = (
      await inject("POST", "/api/event-types", owner.token, {
        title: "Path",
        duration: 5,
        bookingSettings: settings,
        ...(COLLECTIVE > 1 ? { type: "collective" } : {}),
      })
    ).json().data;
    if (COLLECTIVE > 1) {
      // A collective type of COLLECTIVE hosts in one team (issue 30 item 4).
      const team = (await inject("POST", "/api/teams", owner.token, { name: "Bench path" })).json().data;
      const hosts = [owner];
      for (let i = 1; i < COLLECTIVE; i++) {
        const member = await openHost();
        const link = (
          await inject("POST", `/api/teams/${team._id}/invites`, owner.token, { email: member.email })
        ).json().data.link as string;
        await inject("POST", `/api/team-invites/${link.split("/").pop()}/accept`, member.token);
        hosts.push(member);
      }
      await inject("PUT", `/api/event-types/${et._id}/hosts`, owner.token, {
        teamId: team._id,
        hosts: hosts.map((h) => ({ userId: h.userId })),
      });
    }
    await seedHistory(database, { userId: owner.userId, eventTypeId: et._id, slug: et.slug });
    const day0 = Temporal.Now.plainDateISO("UTC").add({ days: 2 }).toString();
    const firstStart = Date.parse(`${day0}T00:00:00Z`);
    const startAt = (i: number) => new Date(firstStart + i * 5 * 60_000).toISOString();
    const book = (i: number) =>
      inject("POST", "/api/bookings", undefined, {
        eventTypeId: et._id,
        startTime: startAt(i),
        attendee: { name: `Path ${i}`, email: `path${i % 50}@example.com`, phone: "5551234567" },
      });
    // Warm-up (prepared statements, JIT), then one booking recorded statement by statement.
    for (let i = 0; i < 30; i++) await book(i);
    await settleStatistics(database);
    recording = [];
    const one = await book(30);
    const statements = recording;
    recording = null;
    if (one.statusCode !== 201) throw new Error(`booking answered ${one.statusCode}: ${one.body}`);
    if (SHOW)
      for (const [n, s] of statements.entries())
        console.log(`    ${n + 1}. ${s.replace(/\s+/g, " ").slice(0, 150)}`);
    if (SHOW) await showPlans(database);

    if (EXPLAIN) await explainStatements(database, statements);
    const times: number[] = [];
    const profiler = PROFILE ? await startProfile() : null;
    const cpu0 = process.cpuUsage();
    const threads0 = threadCpuNow();
    const postgres0 = kind === "postgres" ? cpuNow().database : null;
    for (let i = 31; i < 31 + BOOKINGS; i++) {
      const t0 = performance.now();
      const res = await book(i);
      times.push(performance.now() - t0);
      if (res.statusCode !== 201) throw new Error(`booking answered ${res.statusCode}: ${res.body}`);
    }
    const cpu = process.cpuUsage(cpu0);
    const threads = threadCpuPerRequest(threads0, threadCpuNow(), BOOKINGS);
    const postgres1 = postgres0 === null ? null : cpuNow().database;
    // The local server's processes (bench/lib/cpu.ts): on PGlite the database is the thread above.
    const postgresCpu =
      postgres0 === null || postgres1 === null
        ? ""
        : `; PostgreSQL CPU ${((postgres1 - postgres0) / BOOKINGS).toFixed(2)} ms/booking`;
    if (profiler) await profiler.stopTo(`${PROFILE}-${kind}.cpuprofile`);
    times.sort((a, b) => a - b);
    const pick = (q: number) => times[Math.floor(times.length * q)].toFixed(2);
    console.log(
      `  ${kind.padEnd(9)} ${COLLECTIVE > 1 ? `collective of ${COLLECTIVE}, ` : ""}${BOOKINGS} bookings one after the other: ${statements.length} statements per booking; server time median ${pick(0.5)} ms, p95 ${pick(0.95)} ms; app CPU ${((cpu.user + cpu.system) / 1000 / BOOKINGS).toFixed(2)} ms/booking ${threads}${postgresCpu}   load ${os.loadavg()[0].toFixed(2)}`,
    );
  } finally {
    await app.close();
    await database.close();
  }
}

export async function run(): Promise<void> {
  console.log("\none booking at a time (POST /api/bookings through app.inject, no load)");
  countStatements();
  // BENCH_DB=postgres (or pglite) measures one database only, e.g. under --cpu-prof.
  const only = process.env.BENCH_DB;
  if (only !== "postgres") await benchOne("pglite");
  if (only === "pglite") return;
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!pgUrl) return void console.log("  postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)");
  process.env.TEST_DATABASE_URL = pgUrl;
  await benchOne("postgres");
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
