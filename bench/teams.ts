/**
 * Team event types on PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL; a throwaway database):
 * - month view (GET availability?month=) of a 10-host round-robin type, each host with 500 bookings
 *   that month: server time per request, measured in-process with app.inject (target <= 20 ms);
 * - collective bookings with 3 hosts under load: POST /api/bookings, each request a new slot,
 *   autocannon in its own process (target >= 150/s).
 */
import { sql } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import { buildApp } from "../src/server/app.js";
import { bookings } from "../src/server/db/schema/index.js";
import { bearer, signUp } from "../src/server/testing/app.js";
import { createTestDatabase } from "../src/server/testing/database.js";
import { benchConfig } from "./lib/bench-config.js";
import { cpuNow } from "./lib/cpu.js";
import { readCacheMs, settleStatistics } from "./lib/database.js";
import { seedHistory } from "./lib/history.js";
import { seededRandom } from "./lib/measure.js";
import { runLoad } from "./lib/run-load.js";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const allDay = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"].map((day) => ({
  day,
  isAvailable: true,
  timeSlots: [{ startTime: "12:00am", endTime: "12:00am" }],
}));
const settings = { leadHours: 0, noticeUnit: "minutes", daysAhead: 120, unit: "days", mode: "rolling" };

export async function run(): Promise<void> {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  console.log("\nteam event types on PostgreSQL");
  if (!pgUrl) {
    console.log("  skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)");
    return;
  }
  process.env.TEST_DATABASE_URL = pgUrl;
  const database = await createTestDatabase("postgres", { readCacheMs: readCacheMs() });
  const app = await buildApp({ config: benchConfig(), database, logger: false });
  try {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const inject = (method: "GET" | "POST" | "PUT", url: string, token?: string, payload?: object) =>
      app.inject({ method, url, headers: token ? bearer(token) : {}, payload });

    /** n hosts available around the clock, in one team, hosting a new event type of `type`. */
    async function team(n: number, type: "round-robin" | "collective") {
      const hosts = [];
      for (let i = 0; i < n; i++) {
        const h = await signUp(app, { timezone: "UTC" });
        const schedules = (await inject("GET", "/api/availability", h.token)).json().data;
        await inject("PUT", `/api/availability/${schedules[0]._id}`, h.token, { schedule: allDay });
        hosts.push(h);
      }
      const [owner] = hosts;
      const t = (await inject("POST", "/api/teams", owner.token, { name: `Bench ${type}` })).json().data;
      for (const m of hosts.slice(1)) {
        const link = (
          await inject("POST", `/api/teams/${t._id}/invites`, owner.token, { email: m.email })
        ).json().data.link as string;
        await inject("POST", `/api/team-invites/${link.split("/").pop()}/accept`, m.token);
      }
      const et = (
        await inject("POST", "/api/event-types", owner.token, {
          title: type,
          type,
          duration: 30,
          bookingSettings: settings,
        })
      ).json().data;
      await inject("PUT", `/api/event-types/${et._id}/hosts`, owner.token, {
        teamId: t._id,
        hosts: hosts.map((h) => ({ userId: h.userId })),
      });
      return { hosts, et };
    }

    // Month view: 10 hosts, 500 bookings each in next month (30-minute meetings on distinct half hours).
    const rr = await team(10, "round-robin");
    const month = Temporal.Now.plainDateISO("UTC").add({ months: 1 }).with({ day: 1 });
    const monthStart = Date.parse(`${month.toString()}T00:00:00Z`);
    const halfHours = month.daysInMonth * 48;
    const random = seededRandom(11);
    for (const [k, h] of rr.hosts.entries()) {
      const picks = new Set<number>();
      while (picks.size < 500) picks.add(Math.floor(random() * halfHours));
      const rows = [...picks].map((p, i) => {
        const start = new Date(monthStart + p * 1_800_000);
        const id = crypto.randomUUID();
        return {
          id,
          uid: `bench-${k}-${i}`,
          hostUserId: h.userId,
          eventTypeId: rr.et._id,
          eventTitle: "round-robin",
          eventColor: "#3B82F6",
          eventSlug: rr.et.slug,
          startTime: start,
          endTime: new Date(start.getTime() + 1_800_000),
          slotKey: id,
          attendeeName: "Seed",
          attendeeEmail: `seed-${k}-${i}@example.com`,
          attendeePhone: "5551234567",
          attendeeTimezone: "UTC",
          hostTimezone: "UTC",
          manageTokenHash: "x",
        };
      });
      for (let i = 0; i < rows.length; i += 250)
        await database.db.insert(bookings).values(rows.slice(i, i + 250));
    }
    await settleStatistics(database);
    const monthUrl = `/api/bookings/availability/${rr.et._id}?month=${month.toString().slice(0, 7)}&timezone=Asia/Kolkata`;
    const days = (await inject("GET", monthUrl)).json().data.days.length;
    // Each timed lookup reads the database: a write sent before it makes the slot lookups' read cache
    // stale (db/read-cache.ts), as a booking between two page loads would. It must be a write: a
    // SELECT leaves the cache be (readsOnly), and the figure would be the cache's. The cache's own
    // figure (the same page again at once) is printed beside it.
    const timed = async (afterWrite: boolean) => {
      const times: number[] = [];
      for (let i = 0; i < 220; i++) {
        if (afterWrite) await database.db.execute(sql`update users set updated_at = updated_at where false`);
        const t0 = performance.now();
        await inject("GET", monthUrl);
        if (i >= 20) times.push(performance.now() - t0);
      }
      return times.sort((a, b) => a - b);
    };
    const inprocess = await timed(true);
    const repeated = await timed(false);
    const load = (await import("node:os")).loadavg()[0];
    console.log(
      `  month view, 10-host round robin, 500 bookings/host: ${days} days with slots; server time median ${inprocess[100].toFixed(2)} ms, p95 ${inprocess[190].toFixed(2)} ms (200 sequential app.inject, each after a write); the same page again at once: median ${repeated[100].toFixed(2)} ms   load ${load.toFixed(2)}`,
    );

    // Collective throughput: 3 hosts, every request a new 30-minute slot.
    const col = await team(3, "collective");
    await seedHistory(database, { userId: col.hosts[0].userId, eventTypeId: col.et._id, slug: col.et.slug });
    const starts: string[] = [];
    const from = Temporal.Now.plainDateISO("UTC").add({ days: 1 });
    for (let d = 0; d < 100; d++) {
      const day = Date.parse(`${from.add({ days: d }).toString()}T00:00:00Z`);
      for (let s = 0; s < 48; s++) starts.push(new Date(day + s * 1_800_000).toISOString());
    }
    const bodies = starts.map((startTime, i) =>
      JSON.stringify({
        eventTypeId: col.et._id,
        startTime,
        attendee: { name: `Load ${i}`, email: `load${i}@example.com`, phone: "5551234567" },
      }),
    );
    await settleStatistics(database);
    const cpu0 = process.cpuUsage();
    const postgres0 = cpuNow().database;
    const post = await runLoad({
      url: `${base}/api/bookings`,
      method: "POST",
      connections: 10,
      duration: DURATION_S,
      bodies,
    });
    const cpu = process.cpuUsage(cpu0);
    const postgres1 = cpuNow().database;
    const postgresCpu =
      postgres0 === null || postgres1 === null
        ? ""
        : `, PostgreSQL CPU ${((postgres1 - postgres0) / Math.max(1, post.total)).toFixed(2)} ms/req`;
    const created = post.status["201"]?.count ?? 0;
    console.log(
      `  collective bookings, 3 hosts: ${Math.round(created / DURATION_S)}/s created (${created} in ${DURATION_S} s, ${Math.round(post.rps)} req/s, p50 ${post.p50} ms, p99 ${post.p99} ms, non-2xx ${post.non2xx}), app CPU ${((cpu.user + cpu.system) / 1000 / Math.max(1, post.total)).toFixed(2)} ms/req${postgresCpu}   load ${post.loadAvg.toFixed(2)}`,
    );
  } finally {
    await app.close();
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
