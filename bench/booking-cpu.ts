/**
 * What a booking costs in CPU, ten at a time (as the booking API row's ten connections keep both of
 * PGlite's threads awake), without latency: POST /api/bookings through app.inject on PGlite, the
 * app's own database (BENCH_DB=postgres: PostgreSQL, with its backends' CPU). Two kinds of invitee:
 * each booking a new one (a new contact, as bench/booking-api.ts books), and 50 returning ones
 * (their contact exists). This machine's speed swings by a third from one minute to the next, more
 * than most changes to a booking's path, so two figures taken minutes apart say little.
 *
 * With `npm run bench -- booking-cpu --against <ref>`, bench/run.ts runs this file once, on this
 * tree, with BENCH_INTERLEAVE_WITH naming the ref's checkout: both trees' apps run in this process,
 * each over its own database (PGlite belongs to one process and one thread), and book in
 * alternating bursts, the order flipped every round, so that the machine's swings fall on both
 * alike. Each side prints the process's CPU per booking while it booked (its server thread, its
 * database thread, V8's helpers; the other side is idle then) and its database thread's share.
 * BENCH_BURSTS (8) bursts of BENCH_BURST_SIZE (200) bookings per side and kind of invitee. Besides
 * the totals' ratio, each round's own ratio: their median and range say how far to trust it (ranges
 * of 0.8-1.2 were seen on a 2-core machine whose neighbours were busy).
 *
 * BENCH_AFTER_SQL: statements, separated by "@@", run on the "after" side's database once it is seeded:
 * what dropping an index or changing a trigger would save, measured before writing the migration
 * (`--against HEAD` puts this tree on both sides).
 */
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Temporal } from "temporal-polyfill";
import type { Database } from "../src/server/db/client.js";
import type { DbKind } from "../src/server/testing/database.js";
import { backendsCpuBetween, backendsCpuNow, threadIds, threadsCpuMs } from "./lib/cpu.js";
import { databaseNameOf, pgliteInFolder, settleStatistics } from "./lib/database.js";
import { seedHistory } from "./lib/history.js";
import { OPEN_SETTINGS, openHost } from "./lib/open-host.js";
import { appOfTree, fromTree } from "./lib/tree-app.js";

const BURSTS = Number(process.env.BENCH_BURSTS ?? 8);
const BURST_SIZE = Number(process.env.BENCH_BURST_SIZE ?? 200);
const AT_ONCE = 10;
const WARM_UP = 100;
const RETURNING_INVITEES = 50;

interface Side {
  label: string;
  app: FastifyInstance;
  database: Database;
  /** PostgreSQL: the side's database, whose backends' CPU is counted. */
  databaseName: string | null;
  /** PGlite: this process's threads that appeared when the side's database opened (its own thread). */
  databaseThreads: string[];
  eventTypeId: string;
  booked: number;
  close(): Promise<void>;
}

interface Tally {
  bookings: number;
  processMs: number;
  databaseThreadMs: number;
  postgresMs: number;
}

/** The database a side books into, opened by its own tree's code, migrated, and its thread(s). */
async function databaseOf(tree: string, kind: DbKind) {
  const before = threadIds();
  let database: Database;
  let databaseName: string | null = null;
  if (kind === "postgres") {
    const { createTestDatabase } = await fromTree(tree, "src/server/testing/database.ts");
    database = await createTestDatabase("postgres");
    databaseName = await databaseNameOf(database);
  } else {
    const { openDatabase } = await fromTree(tree, "src/server/db/client.ts");
    const { runMigrations } = await fromTree(tree, "src/server/db/migrate.ts");
    database = await pgliteInFolder({ openDatabase, runMigrations });
  }
  const databaseThreads = [...threadIds()].filter((id) => !before.has(id));
  return { database, databaseName, databaseThreads };
}

async function sideOf(tree: string, label: string, kind: DbKind): Promise<Side> {
  const { database, databaseName, databaseThreads } = await databaseOf(tree, kind);
  const app = await appOfTree(tree, database);
  const host = await openHost(app);
  const et = (
    await app.inject({
      method: "POST",
      url: "/api/event-types",
      headers: { authorization: `Bearer ${host.token}` },
      payload: { title: "Path", duration: 5, bookingSettings: OPEN_SETTINGS },
    })
  ).json().data;
  await seedHistory(database, { userId: host.userId, eventTypeId: et._id, slug: et.slug });
  await settleStatistics(database);
  if (label === "after")
    for (const q of (process.env.BENCH_AFTER_SQL ?? "").split("@@").filter((q) => q.trim()))
      await database.db.execute(sql.raw(q));
  return {
    label,
    app,
    database,
    databaseName,
    databaseThreads,
    eventTypeId: et._id,
    booked: 0,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

const firstStart = Date.parse(`${Temporal.Now.plainDateISO("UTC").add({ days: 2 })}T00:00:00Z`);

/** `count` bookings, AT_ONCE at a time, each on the side's next free 5-minute slot. */
async function book(side: Side, count: number, email: (n: number) => string): Promise<void> {
  let left = count;
  const worker = async () => {
    while (left > 0) {
      left--;
      const n = side.booked++;
      const res = await side.app.inject({
        method: "POST",
        url: "/api/bookings",
        payload: {
          eventTypeId: side.eventTypeId,
          startTime: new Date(firstStart + n * 5 * 60_000).toISOString(),
          attendee: { name: `Load ${n}`, email: email(n), phone: "5551234567" },
        },
      });
      if (res.statusCode !== 201)
        throw new Error(`${side.label}: booking answered ${res.statusCode}: ${res.body}`);
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
}

async function burst(side: Side, tally: Tally, email: (n: number) => string): Promise<void> {
  const cpu0 = process.cpuUsage();
  const thread0 = threadsCpuMs(side.databaseThreads);
  const postgres0 = side.databaseName ? backendsCpuNow(side.databaseName) : null;
  await book(side, BURST_SIZE, email);
  const cpu = process.cpuUsage(cpu0);
  tally.processMs += (cpu.user + cpu.system) / 1000;
  tally.databaseThreadMs += threadsCpuMs(side.databaseThreads) - thread0;
  if (postgres0 && side.databaseName)
    tally.postgresMs += backendsCpuBetween(postgres0, backendsCpuNow(side.databaseName));
  tally.bookings += BURST_SIZE;
}

function figures(side: Side, t: Tally): string {
  const per = (ms: number) => (ms / t.bookings).toFixed(2);
  const database = side.databaseName
    ? ` + PostgreSQL ${per(t.postgresMs)}`
    : ` (database thread ${per(t.databaseThreadMs)})`;
  return `${side.label}: app ${per(t.processMs)}${database} ms`;
}

/**
 * The rounds' own ratios (each round books a burst on both sides, back to back): their median, which
 * a minute of a busier machine moves less than the totals' ratio, and their range.
 */
function spreadOf(ratios: number[]): string {
  const sorted = [...ratios].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
  return `rounds' median ${median.toFixed(2)} (${sorted[0].toFixed(2)}-${sorted.at(-1)?.toFixed(2)})`;
}

export async function run(): Promise<void> {
  const kind: DbKind = process.env.BENCH_DB === "postgres" ? "postgres" : "pglite";
  console.log(
    `\nbookings ${AT_ONCE} at a time on ${kind}, CPU per booking (${BURSTS} bursts of ${BURST_SIZE} per side and invitee kind)`,
  );
  if (kind === "postgres") {
    const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (!url) return console.log("  skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL");
    process.env.TEST_DATABASE_URL = url;
  }
  const other = process.env.BENCH_INTERLEAVE_WITH;
  const sides: Side[] = [];
  try {
    if (other) sides.push(await sideOf(other, "before", kind));
    sides.push(await sideOf(join(import.meta.dirname, ".."), other ? "after" : "this tree", kind));
    for (const side of sides) await book(side, WARM_UP, (n) => `warm${n}@example.com`);
    const kinds: [string, (n: number) => string][] = [
      ["a new invitee each", (n) => `load${n}@example.com`],
      [`${RETURNING_INVITEES} returning invitees`, (n) => `regular${n % RETURNING_INVITEES}@example.com`],
    ];
    for (const [label, email] of kinds) {
      const tallies = sides.map(() => ({ bookings: 0, processMs: 0, databaseThreadMs: 0, postgresMs: 0 }));
      const total = (t: Tally) => t.processMs + t.postgresMs;
      const roundRatios: number[] = [];
      for (let round = 0; round < BURSTS; round++) {
        const order = round % 2 === 0 ? [0, 1] : [1, 0];
        const spent = sides.map((_, i) => total(tallies[i]));
        for (const i of order.filter((i) => i < sides.length)) await burst(sides[i], tallies[i], email);
        if (sides.length === 2)
          roundRatios.push((total(tallies[1]) - spent[1]) / (total(tallies[0]) - spent[0]));
      }
      const ratio =
        sides.length === 2
          ? `   after/before ${(total(tallies[1]) / total(tallies[0])).toFixed(2)}, ${spreadOf(roundRatios)}`
          : "";
      const text = sides.map((s, i) => figures(s, tallies[i])).join("   ");
      console.log(`  ${label.padEnd(26)} ${text}${ratio}`);
    }
  } finally {
    for (const side of sides) await side.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
