import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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
  if (kind === "postgres" || process.env.BENCH_PGLITE === "memory") return createTestDatabase(kind);
  const dir = mkdtempSync(join(tmpdir(), "kairos-bench-"));
  const database = await openDatabase({ kind: "pglite", dataDir: join(dir, "data") });
  await runMigrations(database);
  return {
    ...database,
    async close() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
