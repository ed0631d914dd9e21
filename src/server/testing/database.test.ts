import fs from "node:fs";
import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { migrationsFolder } from "../db/migrate.js";
import { createTestDatabase, dbKinds } from "./database.js";

const journal: { entries: { when: number }[] } = JSON.parse(
  fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
);

/**
 * Test databases start as copies of one migrated database (testing/migrated-pglite.ts,
 * testing/postgres-template.ts): each must still have every migration of this tree, the extensions
 * they create, and nothing another test wrote.
 */
/** The rows of a query, as both drivers return them. */
async function rows<T>(database: Database, query: SQL): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe.each(dbKinds)("test databases on %s", (kind) => {
  const databases: Database[] = [];
  beforeAll(async () => {
    databases.push(await createTestDatabase(kind), await createTestDatabase(kind));
  });
  afterAll(async () => {
    for (const database of databases) await database.close();
  });

  it("has every migration of the journal applied, the last one last", async () => {
    for (const database of databases) {
      const [journalled] = await rows<{ applied: number; last: string }>(
        database,
        sql`select count(*)::int as applied, max(created_at)::text as last from drizzle.__drizzle_migrations`,
      );
      expect(journalled).toEqual({
        applied: journal.entries.length,
        last: String(journal.entries.at(-1)?.when),
      });
    }
  });

  it("has the extensions the migrations create", async () => {
    const extensions = await rows<{ name: string }>(
      databases[0],
      sql`select extname as name from pg_extension where extname in ('btree_gist', 'pg_trgm') order by 1`,
    );
    expect(extensions.map((extension) => extension.name)).toEqual(["btree_gist", "pg_trgm"]);
  });

  it("is a database of its own: what one test database writes, another does not see", async () => {
    const [first, second] = databases;
    await first.db.execute(sql`create table written_here (id int)`);
    await first.db.execute(sql`insert into users (email, name, username)
      values ('isolated@example.com', 'Isolated', 'isolated')`);
    const [table] = await rows<{ found: string | null }>(
      second,
      sql`select to_regclass('written_here')::text as found`,
    );
    expect(table.found).toBeNull();
    const [users] = await rows<{ n: number }>(second, sql`select count(*)::int as n from users`);
    expect(users.n).toBe(0);
  });
});
