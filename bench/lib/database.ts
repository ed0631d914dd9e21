import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { loadConfig } from "../../src/server/config.js";
import { type Database, openDatabase } from "../../src/server/db/client.js";
import { runMigrations } from "../../src/server/db/migrate.js";
import { createTestDatabase, type DbKind } from "../../src/server/testing/database.js";

/**
 * The database a bench measures: PGlite in a temporary folder (removed on close), as the app runs it
 * in DATA_DIR; PostgreSQL as the tests make it (a throwaway database). The tests' in-memory PGlite
 * keeps every data and WAL file in the process, growing them by copying, which the app never does;
 * `BENCH_PGLITE=memory` measures it anyway, for comparison.
 */
export async function benchDatabase(kind: DbKind): Promise<Database> {
  if (kind === "postgres" || process.env.BENCH_PGLITE === "memory")
    return createTestDatabase(kind, { readCacheMs: readCacheMs() });
  return pgliteInFolder({ openDatabase, runMigrations });
}

/**
 * A migrated PGlite database in a temporary folder, removed on close, opened by the given code (this
 * tree's, or another checkout's for an interleaved bench).
 */
export async function pgliteInFolder(code: {
  openDatabase: typeof openDatabase;
  runMigrations: typeof runMigrations;
}): Promise<Database> {
  const dir = mkdtempSync(join(tmpdir(), "kairos-bench-"));
  const database = await code.openDatabase({ kind: "pglite", dataDir: join(dir, "data") });
  await code.runMigrations(database);
  return {
    ...database,
    async close() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The name of the PostgreSQL database a handle is on (its backends' process titles carry it). */
export async function databaseNameOf(database: Database): Promise<string> {
  const { rows } = (await database.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  return rows[0].name;
}

/** READ_CACHE_MS as the server reads it (config.ts: checked, its default when unset), for a PostgreSQL bench database. */
export function readCacheMs(): number | undefined {
  const { database } = loadConfig({
    DATABASE_URL: "postgres://bench",
    READ_CACHE_MS: process.env.READ_CACHE_MS,
  });
  return database.kind === "postgres" ? database.readCacheMs : undefined;
}

/**
 * The planner's statistics a running server has for what a bench's set-up wrote, before the bench
 * times anything: PostgreSQL's autovacuum, or the app's keepPgliteTables (main.ts), analyzes a
 * changed table within a minute, but a bench's set-up and its seconds of load are over sooner. A
 * database never analyzed is planned from guesses that a server runs with only in its first minute
 * (a booking's contact upsert walked every booking of its host: docs/performance.md, issue 30).
 * A plain ANALYZE of every table, so that a bench run `--against` an older commit does the same there.
 */
export async function settleStatistics(database: Database): Promise<void> {
  await database.db.execute(sql`analyze`);
}
