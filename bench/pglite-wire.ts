/**
 * What one call into PGlite costs around PostgreSQL's own work: PGlite's `query` and `exec` against the
 * database thread's own (src/server/db/pglite-wire.mjs), on one in-memory database, in alternating rounds
 * (the order flipped every round) so that the machine's swings fall on both alike. A key lookup, a
 * 50-row read and `select 1` (almost nothing but the call). BENCH_CALLS (2,000) calls per round,
 * BENCH_ROUNDS (8) rounds.
 */
import os from "node:os";
import { PGlite } from "@electric-sql/pglite";
import { execSimple, queryExtended } from "../src/server/db/pglite-wire.mjs";

const CALLS = Number(process.env.BENCH_CALLS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);

export async function run(): Promise<void> {
  console.log(
    `\nPGlite calls, µs each (${ROUNDS} rounds of ${CALLS} per way), load ${os.loadavg()[0].toFixed(2)}`,
  );
  const db = await PGlite.create();
  try {
    await db.exec(`
      create table t (id int primary key, name text, at timestamptz default now(), doc jsonb);
      insert into t select g, 'name ' || g, now(), '{"a": 1}' from generate_series(1, 1000) g;`);
    const key = (i: number) => [(i % 1000) + 1];
    const from = (i: number) => [i % 900];
    const cases: [string, (i: number) => Promise<unknown>, (i: number) => Promise<unknown>][] = [
      [
        "query by key",
        (i) => db.query("select * from t where id = $1", key(i)),
        (i) => queryExtended(db, "select * from t where id = $1", key(i)),
      ],
      [
        "query of 50 rows",
        (i) => db.query("select * from t where id > $1 limit 50", from(i)),
        (i) => queryExtended(db, "select * from t where id > $1 limit 50", from(i)),
      ],
      ["exec select 1", () => db.exec("select 1"), () => execSimple(db, "select 1")],
    ];
    for (const [label, pglites, ours] of cases) {
      const spent = [0, 0];
      for (let round = 0; round < ROUNDS; round++) {
        for (const way of round % 2 === 0 ? [0, 1] : [1, 0]) {
          const call = way === 0 ? pglites : ours;
          const start = process.hrtime.bigint();
          for (let i = 0; i < CALLS; i++) await call(i);
          spent[way] += Number(process.hrtime.bigint() - start) / 1000;
        }
      }
      const [theirs, wire] = spent.map((us) => us / (CALLS * ROUNDS));
      console.log(
        `  ${label.padEnd(17)} PGlite's ${theirs.toFixed(1).padStart(6)}   the thread's ${wire.toFixed(1).padStart(6)}   ratio ${(wire / theirs).toFixed(2)}`,
      );
    }
  } finally {
    await db.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
