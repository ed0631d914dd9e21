/**
 * The public booking API under load, on PGlite and on PostgreSQL (BENCH_DATABASE_URL, else
 * TEST_DATABASE_URL; a throwaway database is created and dropped). The app listens on loopback and
 * autocannon runs in a separate process:
 * - GET /api/bookings/availability/:id?date= for a host with 200 bookings in the next weeks;
 * - POST /api/bookings, every request a different slot (a host available around the clock).
 * Targets (issue 4): >= 2,000 req/s at p99 <= 25 ms for the slots, >= 300 bookings/s.
 */
import { Temporal } from "temporal-polyfill";
import { buildApp } from "../src/server/app.js";
import { bearer, signUp } from "../src/server/testing/app.js";
import type { DbKind } from "../src/server/testing/database.js";
import { benchConfig } from "./lib/bench-config.js";
import { cpuNow, threadCpuNow, threadCpuPerRequest } from "./lib/cpu.js";
import { benchDatabase, settleStatistics } from "./lib/database.js";
import { seedHistory } from "./lib/history.js";
import { type LoadResult, runLoad } from "./lib/run-load.js";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;

type Measured = LoadResult & { cpuMs: number; threads: string; postgresMs: number | null };

/**
 * runLoad, plus the CPU this process (the app and its database; PGlite runs here too) spent per
 * request: on a shared machine the rate follows the load average, the CPU per request much less.
 * With PostgreSQL on this machine, its processes' CPU per request too: on two cores it shares them
 * with the app, so it bounds the rate as much.
 */
async function measured(options: object): Promise<Measured> {
  const before = process.cpuUsage();
  const threadsBefore = threadCpuNow();
  const postgresBefore = cpuNow().database;
  const result = await runLoad(options);
  const used = process.cpuUsage(before);
  const postgresAfter = cpuNow().database;
  const requests = Math.max(1, result.total);
  return {
    ...result,
    cpuMs: (used.user + used.system) / 1000 / requests,
    threads: threadCpuPerRequest(threadsBefore, threadCpuNow(), result.total),
    postgresMs:
      postgresBefore === null || postgresAfter === null ? null : (postgresAfter - postgresBefore) / requests,
  };
}

const dateIn = (days: number, zone: string) => Temporal.Now.plainDateISO(zone).add({ days }).toString();

async function benchOne(kind: DbKind): Promise<void> {
  const database = await benchDatabase(kind);
  const config = benchConfig();
  const app = await buildApp({ config, database, logger: false });
  try {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const inject = (method: "GET" | "POST" | "PUT", url: string, token?: string, payload?: object) =>
      app.inject({ method, url, headers: token ? bearer(token) : {}, payload });

    // Slots: a New York 9-5 host with 200 bookings spread over the next weeks.
    const host = await signUp(app, { timezone: "America/New_York" });
    const settings = { leadHours: 0, noticeUnit: "minutes", daysAhead: 60, unit: "days", mode: "rolling" };
    const et = (
      await inject("POST", "/api/event-types", host.token, {
        title: "Bench",
        duration: 30,
        bookingSettings: settings,
      })
    ).json().data;
    await seedHistory(database, { userId: host.userId, eventTypeId: et._id, slug: et.slug });
    let booked = 0;
    for (let day = 1; day < 60 && booked < 200; day++) {
      const slots = (
        await inject(
          "GET",
          `/api/bookings/availability/${et._id}?date=${dateIn(day, "America/New_York")}&timezone=America/New_York`,
        )
      ).json().data as { iso: string }[];
      for (const s of slots.filter((_, i) => i % 3 === 0)) {
        const res = await inject("POST", "/api/bookings", undefined, {
          eventTypeId: et._id,
          startTime: s.iso,
          attendee: { name: "Seed", email: `seed${booked}@example.com`, phone: "5551234567" },
        });
        if (res.statusCode === 201) booked++;
      }
    }
    const date = dateIn(14, "Asia/Kolkata");
    const slotsUrl = `${base}/api/bookings/availability/${et._id}?date=${date}&timezone=Asia/Kolkata`;
    await settleStatistics(database);
    await runLoad({ url: slotsUrl, method: "GET", connections: CONNECTIONS, duration: 2 });
    // What this machine and Fastify give without the database: the ceiling for the rows below.
    const health = await measured({
      url: `${base}/api/health`,
      method: "GET",
      connections: CONNECTIONS,
      duration: DURATION_S,
    });
    const get = await measured({
      url: slotsUrl,
      method: "GET",
      connections: CONNECTIONS,
      duration: DURATION_S,
    });

    // Bookings: a host available around the clock, 5-minute slots (~17,000: more than a run books), each
    // request a new one.
    const busyHost = await signUp(app, { timezone: "UTC" });
    const schedules = (await inject("GET", "/api/availability", busyHost.token)).json().data;
    const allDay = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"].map(
      (day) => ({
        day,
        isAvailable: true,
        timeSlots: [{ startTime: "12:00am", endTime: "12:00am" }],
      }),
    );
    await inject("PUT", `/api/availability/${schedules[0]._id}`, busyHost.token, { schedule: allDay });
    const open = (
      await inject("POST", "/api/event-types", busyHost.token, {
        title: "Open",
        duration: 5,
        bookingSettings: settings,
      })
    ).json().data;
    await seedHistory(database, { userId: busyHost.userId, eventTypeId: open._id, slug: open.slug });
    const starts: string[] = [];
    for (let day = 1; day < 59; day++) {
      const list = (
        await inject("GET", `/api/bookings/availability/${open._id}?date=${dateIn(day, "UTC")}&timezone=UTC`)
      ).json().data as { iso: string }[];
      starts.push(...list.map((s) => s.iso));
    }
    const bodies = starts.map((startTime, i) =>
      JSON.stringify({
        eventTypeId: open._id,
        startTime,
        attendee: { name: `Load ${i}`, email: `load${i}@example.com`, phone: "5551234567" },
      }),
    );
    await settleStatistics(database);
    const post = await measured({
      url: `${base}/api/bookings`,
      method: "POST",
      connections: 10,
      duration: DURATION_S,
      bodies,
    });
    const created = post.status["201"]?.count ?? 0;

    const postgresCpu = (r: Measured) =>
      kind === "postgres" && r.postgresMs !== null
        ? `   PostgreSQL CPU ${r.postgresMs.toFixed(2)} ms/req`
        : "";
    const row = (label: string, r: Measured, extra = "") =>
      `  ${kind.padEnd(9)} ${label.padEnd(34)} ${String(Math.round(r.rps)).padStart(6)} req/s   p50 ${String(r.p50).padStart(3)} ms   p99 ${String(r.p99).padStart(4)} ms   non-2xx ${r.non2xx}${extra}   app CPU ${r.cpuMs.toFixed(2)} ms/req ${r.threads}${postgresCpu(r)}   load ${r.loadAvg.toFixed(2)}`;
    console.log(row("GET /api/health (ceiling)", health));
    console.log(row("GET availability (200 bookings)", get));
    console.log(
      row(
        "POST bookings (distinct slots)",
        post,
        `   created ${created} of ${starts.length} slots (${Math.round(created / DURATION_S)}/s)`,
      ),
    );
  } finally {
    await app.close();
    await database.close();
  }
}

export async function run(): Promise<void> {
  console.log(`\nbooking API under load (${DURATION_S} s each, autocannon in its own process)`);
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  await benchOne("pglite");
  if (pgUrl) {
    process.env.TEST_DATABASE_URL = pgUrl;
    await benchOne("postgres");
  } else {
    console.log("  postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)");
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
