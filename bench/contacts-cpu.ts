/**
 * Contacts reads one at a time: the app's and PostgreSQL's CPU per request for the list's most asked
 * reads over the contacts bench's 100,000 contacts (a domain search, the first page, the stats, a rare
 * search, a search with no match). No latency: on two cores a read's latency under load follows its
 * CPU, and this machine's speed swings by a third from one run to the next, which hides a change of
 * 10-20% in two figures taken minutes apart.
 *
 * With `npm run bench -- contacts-cpu --against <ref>`, bench/run.ts runs this file once, on this
 * tree, with BENCH_INTERLEAVE_WITH naming the ref's checkout: both trees' apps are built in this
 * process over one database, each with its own pool, and read in alternating bursts (the order
 * flipped every round), so that the machine's swings fall on both alike (docs/performance.md).
 * PostgreSQL only: BENCH_DATABASE_URL, else TEST_DATABASE_URL. BENCH_BURSTS (16) bursts of
 * BENCH_BURST_SIZE (250) requests per tree and read.
 */
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import type { Database } from "../src/server/db/client.js";
import { signUp } from "../src/server/testing/app.js";
import { createTestDatabase } from "../src/server/testing/database.js";
import { seed } from "./contacts.js";
import { backendsCpuBetween, backendsCpuNow } from "./lib/cpu.js";
import { databaseNameOf } from "./lib/database.js";
import { appOfTree, fromTree } from "./lib/tree-app.js";

const BURSTS = Number(process.env.BENCH_BURSTS ?? 16);
const BURST_SIZE = Number(process.env.BENCH_BURST_SIZE ?? 250);
const WARM_UP = 300;

const READS: [string, string][] = [
  ["search domain 'hooli.xyz'", "/api/contacts?limit=25&searchQuery=hooli.xyz"],
  ["list page 1 (name)", "/api/contacts?limit=25"],
  ["stats overview", "/api/contacts/stats/overview"],
  ["search company 'wayne enterprises 42'", "/api/contacts?limit=25&searchQuery=wayne%20enterprises%2042"],
  ["search, no match", "/api/contacts?limit=25&searchQuery=zzqx"],
];

interface Side {
  label: string;
  databaseName: string;
  app: FastifyInstance;
  close(): Promise<void>;
  appMs: number;
  databaseMs: number;
  requests: number;
}

/** The app of the checkout at `tree` (this one, or the ref's) on its own pool over `url`. */
async function sideOf(tree: string, label: string, url: string, databaseName: string): Promise<Side> {
  const { openDatabase } = await fromTree(tree, "src/server/db/client.ts");
  const database: Database = await openDatabase({ kind: "postgres", url });
  const app = await appOfTree(tree, database);
  return {
    label,
    databaseName,
    app,
    async close() {
      await app.close();
      await database.close();
    },
    appMs: 0,
    databaseMs: 0,
    requests: 0,
  };
}

/** This process's CPU so far (both apps), in ms, and the bench database's backends'. */
function cpuNow(databaseName: string): { server: number; database: Map<string, number> } {
  const { user, system } = process.cpuUsage();
  return { server: (user + system) / 1000, database: backendsCpuNow(databaseName) };
}

async function burst(side: Side, url: string, token: string, count: number, measure: boolean) {
  const before = cpuNow(side.databaseName);
  for (let i = 0; i < count; i++) {
    const res = await side.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } });
    if (res.statusCode !== 200) throw new Error(`${side.label} ${url}: ${res.statusCode} ${res.body}`);
  }
  const after = cpuNow(side.databaseName);
  if (!measure) return;
  side.appMs += after.server - before.server;
  side.databaseMs += backendsCpuBetween(before.database, after.database);
  side.requests += count;
}

const perRequest = (s: Side) =>
  `app ${(s.appMs / s.requests).toFixed(2)} + PostgreSQL ${(s.databaseMs / s.requests).toFixed(2)} = ` +
  `${((s.appMs + s.databaseMs) / s.requests).toFixed(2)} ms`;

export async function run(): Promise<void> {
  console.log(`\ncontacts reads one at a time, CPU per request (${BURSTS} bursts of ${BURST_SIZE} per read)`);
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!pgUrl) {
    console.log("  skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL");
    return;
  }
  process.env.TEST_DATABASE_URL = pgUrl;
  const database = await createTestDatabase("postgres");
  const other = process.env.BENCH_INTERLEAVE_WITH;
  const sides: Side[] = [];
  try {
    const name = await databaseNameOf(database);
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    if (other) sides.push(await sideOf(other, "before", url.href, name));
    sides.push(await sideOf(join(import.meta.dirname, ".."), other ? "after" : "this tree", url.href, name));
    const host = await signUp(sides[0].app);
    await seed(database, host.userId);
    for (const [label, path] of READS) {
      for (const side of sides) {
        Object.assign(side, { appMs: 0, databaseMs: 0, requests: 0 });
        await burst(side, path, host.token, WARM_UP, false);
      }
      for (let round = 0; round < BURSTS; round++) {
        const order = round % 2 === 0 ? sides : [...sides].reverse();
        for (const side of order) await burst(side, path, host.token, BURST_SIZE, true);
      }
      const figures = sides.map((s) => `${s.label}: ${perRequest(s)}`).join("   ");
      const ratio =
        sides.length === 2
          ? `   after/before ${((sides[1].appMs + sides[1].databaseMs) / (sides[0].appMs + sides[0].databaseMs)).toFixed(2)}`
          : "";
      console.log(`  ${label.padEnd(40)} ${figures}${ratio}`);
    }
  } finally {
    for (const side of sides) await side.close();
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
