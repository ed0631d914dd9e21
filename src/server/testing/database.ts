import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "../db/client.js";
import { runMigrations } from "../db/migrate.js";

export type DbKind = "pglite" | "postgres";

/** Integration tests run on PGlite always, and on PostgreSQL when TEST_DATABASE_URL is set. */
export const dbKinds: DbKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

/**
 * A fresh, migrated database: in-memory PGlite, or a throwaway database on
 * the PostgreSQL server of TEST_DATABASE_URL (dropped on close).
 */
export async function createTestDatabase(kind: DbKind): Promise<Database> {
  if (kind === "pglite") {
    const database = await openDatabase({ kind: "pglite", dataDir: null });
    await runMigrations(database);
    return database;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `kairos_test_${randomBytes(6).toString("hex")}`;
  await withAdmin(adminUrl, (c) => c.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString() });
  await runMigrations(database);
  return {
    ...database,
    async close() {
      await database.close();
      await withAdmin(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
