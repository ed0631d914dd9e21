import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Database } from "./client.js";

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
/** Any constant works; it only has to be the same for every Kairos process. */
const MIGRATION_LOCK_KEY = 724_311_906;

/**
 * Applies pending migrations. Several instances may start at once on one
 * PostgreSQL, so the migrator runs under a session advisory lock.
 */
export async function runMigrations(database: Database): Promise<void> {
  await database.withConnection(async (db) => {
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      if (database.kind === "postgres") {
        await migratePg(db as unknown as NodePgDatabase, { migrationsFolder });
      } else {
        await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder });
      }
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
    }
  });
}
