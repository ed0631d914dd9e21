import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { type Database, openDatabase } from "../db/client.js";
import { openMigratedPglite } from "./migrated-pglite.js";
import { databaseUrl, forgetTemplate, migratedTemplate, withAdmin } from "./postgres-template.js";

export type DbKind = "pglite" | "postgres";

/** Integration tests run on PGlite always, and on PostgreSQL when TEST_DATABASE_URL is set. */
export const dbKinds: DbKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

/**
 * A fresh, migrated database of its own: in-memory PGlite, or a throwaway database on the PostgreSQL
 * server of TEST_DATABASE_URL (dropped on close). Both start as a copy of a database migrated once per
 * migration set (testing/migrated-pglite.ts, testing/postgres-template.ts) rather than running every
 * migration again; the tests of the migrator itself run it on databases of their own.
 */
export async function createTestDatabase(
  kind: DbKind,
  options: { readCacheMs?: number } = {},
): Promise<Database> {
  if (kind === "pglite") return openMigratedPglite();
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `kairos_test_${randomBytes(6).toString("hex")}`;
  await createFromTemplate(adminUrl, name);
  const database = await openDatabase({ kind: "postgres", url: databaseUrl(adminUrl, name), ...options });
  return {
    ...database,
    async close() {
      await database.close();
      await withAdmin(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function createFromTemplate(adminUrl: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const template = await migratedTemplate(adminUrl);
    try {
      await withAdmin(adminUrl, (c) => c.query(`create database ${name} template ${template}`));
      return;
    } catch (error) {
      // 3D000: the template was dropped meanwhile (another migration set's run found it stale).
      if ((error as { code?: string }).code !== "3D000" || attempt > 1) throw error;
      forgetTemplate();
    }
  }
}

/** The address of a test database on TEST_DATABASE_URL's server, for a second handle on it (another instance). */
export async function postgresUrlOf(database: Database): Promise<string> {
  const result = (await database.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  return databaseUrl(process.env.TEST_DATABASE_URL as string, result.rows[0].name);
}
