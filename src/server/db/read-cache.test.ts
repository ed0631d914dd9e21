import { gte, sql } from "drizzle-orm";
import { integer, pgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, dbKinds, postgresUrlOf } from "../testing/database.js";
import { type Database, type DbOrTx, openDatabase } from "./client.js";
import { keptStatement } from "./prepared.js";
import { readsOnly } from "./read-cache.js";

describe("readsOnly", () => {
  it("takes a SELECT naming nothing that changes data, and nothing else", () => {
    expect(
      readsOnly('select "id", "updated_at", "deleted_at" from "contacts" where "host_user_id" = $1'),
    ).toBe(true);
    expect(readsOnly("  (select 1) union (select 2)")).toBe(true);
    expect(readsOnly("select pg_advisory_xact_lock(1)")).toBe(true);
    for (const text of [
      "insert into t values (1)",
      "update t set n = 1",
      "with x as (delete from t returning *) select * from x",
      "select * from jobs for update skip locked",
      "select nextval('s')",
      "select 1; delete from t",
      "begin",
      "commit",
      "EXECUTE something('select')",
    ])
      expect(readsOnly(text), text).toBe(false);
  });
});

const seen = pgTable("read_cache_seen", { n: integer("n").primaryKey() });

/**
 * The PostgreSQL pool's read cache (db/read-cache.ts), through a cached kept statement as the slot
 * pages use it; two handles on one database stand for two instances of the app. (The embedded
 * database's cache, the same class, is tested in pglite-remote.test.ts.)
 */
describe.each(dbKinds.filter((k) => k === "postgres"))("the read cache on %s", (kind) => {
  let here: Database;
  let elsewhere: Database;
  let url: string;
  beforeAll(async () => {
    here = await createTestDatabase(kind);
    url = await postgresUrlOf(here);
    elsewhere = await openDatabase({ kind: "postgres", url });
    await here.db.execute(sql`create table read_cache_seen (n int primary key)`);
  });
  afterAll(async () => {
    await elsewhere.close();
    await here.close();
  });

  const insert = (db: DbOrTx, n: number) => db.execute(sql`insert into read_cache_seen values (${n})`);

  it("answers repeated reads from memory, reads again after this process writes, and sees other instances' writes within a second", async () => {
    const read = keptStatement(
      here.db,
      "read_cache_test_numbers",
      (h) =>
        h
          .select({ n: seen.n })
          .from(seen)
          .where(gte(seen.n, sql.placeholder("from")))
          .orderBy(seen.n)
          .prepare("read_cache_test_numbers"),
      { cached: true },
    );
    const numbers = async (from = 0, handle: DbOrTx = here.db) =>
      (await read(handle, { from })).map((r) => r.n);

    await insert(here.db, 1);
    expect(await numbers()).toEqual([1]);
    // Another instance writes: this one still answers what it read, without the database.
    await insert(elsewhere.db, 2);
    expect(await numbers()).toEqual([1]);
    // Other values are another read.
    expect(await numbers(2)).toEqual([2]);

    // Reads of this process leave it be; a statement that may change data does not.
    await here.db.execute(sql`select count(*) from read_cache_seen`);
    expect(await numbers()).toEqual([1]);
    await here.db.transaction((tx) => tx.execute(sql`select n from read_cache_seen where n = 2 for update`));
    expect(await numbers()).toEqual([1, 2]);
    await insert(elsewhere.db, 7);
    await here.db.execute(sql`select 1`);
    expect(await numbers()).toEqual([1, 2]);
    await here.db.execute(sql`delete from read_cache_seen where n = 7`);

    // This process writes, on the pool or in a transaction: the next read is fresh.
    await insert(here.db, 3);
    expect(await numbers()).toEqual([1, 2, 3]);
    await here.db.transaction((tx) => insert(tx, 4));
    expect(await numbers()).toEqual([1, 2, 3, 4]);

    // Inside a transaction the statement reads its connection, never the cache.
    await insert(elsewhere.db, 5);
    expect(await numbers()).toEqual([1, 2, 3, 4]);
    expect(await here.db.transaction((tx) => numbers(0, tx))).toEqual([1, 2, 3, 4, 5]);

    // Another instance's write is seen once the answer is a second old.
    expect(await numbers()).toEqual([1, 2, 3, 4, 5]);
    await insert(elsewhere.db, 6);
    expect(await numbers()).toEqual([1, 2, 3, 4, 5]);
    await new Promise((resolve) => setTimeout(resolve, 1050));
    expect(await numbers()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("reads every time with READ_CACHE_MS=0", async () => {
    const uncached = await openDatabase({ kind: "postgres", url, readCacheMs: 0 });
    try {
      const read = keptStatement(
        uncached.db,
        "read_cache_test_count",
        (h) =>
          h
            .select({ n: sql<number>`count(*)::int` })
            .from(seen)
            .where(gte(seen.n, sql.placeholder("from")))
            .prepare("read_cache_test_count"),
        { cached: true },
      );
      const count = async () => (await read(uncached.db, { from: 100 }))[0].n;
      expect(await count()).toBe(0);
      await insert(elsewhere.db, 100);
      expect(await count()).toBe(1);
    } finally {
      await uncached.close();
    }
  });
});
