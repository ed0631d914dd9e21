import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, dbKinds } from "../testing/database.js";
import type { Database } from "./client.js";
import { keepPgliteTables } from "./pglite-upkeep.js";

const quiet = { info: () => {}, warn: () => {} };

/** What the planner believes of the users table: its row estimate, and when it was last analyzed. */
async function usersStatistics(database: Database) {
  const { rows } = (await database.db.execute(sql`
    select c.reltuples::int as estimate, s.last_analyze as "lastAnalyze"
    from pg_class c join pg_stat_user_tables s on s.relid = c.oid
    where c.relname = 'users'`)) as unknown as { rows: { estimate: number; lastAnalyze: Date | null }[] };
  return rows[0];
}

async function withUsers(database: Database, n: number, prefix = "u") {
  await database.db.execute(sql`
    insert into users (name, email, password_hash, username, timezone)
    select 'User ' || i, ${prefix} || i || '@stats.test', 'x', ${prefix} || '-stats-user-' || i, 'UTC'
    from generate_series(1, ${n}) i`);
}

describe("the embedded database's tables (PGlite runs no autovacuum)", () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it("are refreshed soon after the start and then on the interval, until stopped", async () => {
    database = await createTestDatabase("pglite");
    await withUsers(database, 300);
    // Nothing but this keeps them: 300 new users are not known to the planner.
    expect((await usersStatistics(database)).lastAnalyze).toBeNull();

    const statistics = keepPgliteTables(database, quiet, { firstAfterMs: 10, everyMs: 50 });
    await expect.poll(async () => (await usersStatistics(database as Database)).estimate).toBe(300);
    const first = (await usersStatistics(database)).lastAnalyze;
    expect(first).not.toBeNull();

    // A later round sees what changed since.
    await database.db.execute(sql`delete from users where email like 'u1%@stats.test'`);
    await expect.poll(async () => (await usersStatistics(database as Database)).estimate).toBe(300 - 111);

    statistics.stop();
    const last = (await usersStatistics(database)).lastAnalyze;
    await withUsers(database, 100, "later");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await usersStatistics(database)).lastAnalyze).toEqual(last);
  });

  it("analyze and vacuum only the tables changed past autovacuum's thresholds", async () => {
    database = await createTestDatabase("pglite");
    const statistics = keepPgliteTables(database, quiet, { firstAfterMs: 3_600_000 });
    try {
      await withUsers(database, 40);
      expect((await statistics.refresh()).analyzed).not.toContain("public.users");
      await withUsers(database, 20, "more");
      // 60 changes of a table the planner believes empty: past 50.
      expect((await statistics.refresh()).analyzed).toContain("public.users");
      expect((await usersStatistics(database)).estimate).toBe(60);

      // Now 50 + 6 changes are needed; 30 are not enough, 30 more are.
      await withUsers(database, 30, "third");
      expect((await statistics.refresh()).analyzed).not.toContain("public.users");
      await withUsers(database, 30, "fourth");
      expect((await statistics.refresh()).analyzed).toContain("public.users");
      expect((await usersStatistics(database)).estimate).toBe(120);
      // Nothing changed since: nothing is done.
      expect(await statistics.refresh()).toEqual({ vacuumed: [], analyzed: [] });

      // 79 dead rows of 120 (past 50 + 24): vacuumed, and analyzed with it; u1 and u10-u19 and the
      // fourth batch stay.
      await database.db.execute(sql`delete from users where email like '%more%' or email like '%third%'
        or email like 'u%@stats.test' and email not like 'u1%'`);
      const round = await statistics.refresh();
      expect(round.vacuumed).toContain("public.users");
      expect(round.analyzed).not.toContain("public.users");
      const { rows } = (await database.db.execute(sql`
        select n_dead_tup::int as dead, last_vacuum is not null as vacuumed
        from pg_stat_user_tables where relname = 'users'`)) as unknown as {
        rows: { dead: number; vacuumed: boolean }[];
      };
      expect(rows[0]).toEqual({ dead: 0, vacuumed: true });
      expect((await usersStatistics(database)).estimate).toBe(11 + 30);
    } finally {
      statistics.stop();
    }
  });

  // On PostgreSQL when TEST_DATABASE_URL names one (as CI does), as every test of both databases.
  it.runIf(dbKinds.includes("postgres"))(
    "are left to PostgreSQL's autovacuum on a PostgreSQL server",
    async () => {
      database = await createTestDatabase("postgres");
      await withUsers(database, 20);
      const statistics = keepPgliteTables(database, quiet, { firstAfterMs: 1, everyMs: 1 });
      await new Promise((resolve) => setTimeout(resolve, 100));
      statistics.stop();
      // No ANALYZE was sent (autovacuum's own would not come this soon for 20 rows).
      expect((await usersStatistics(database)).lastAnalyze).toBeNull();
    },
  );
});
