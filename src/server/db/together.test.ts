import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, dbKinds } from "../testing/database.js";
import type { Database, DbOrTx } from "./client.js";
import { together } from "./together.js";

describe.each(dbKinds)("together on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  /** A task that notes when it sent its statement and when the answer came. */
  const timed = (handle: DbOrTx, events: string[], name: string) => async () => {
    events.push(`${name} sent`);
    const result = await handle.execute(sql`select ${name}::text as name, pg_sleep(0.02)`);
    events.push(`${name} answered`);
    return (result as unknown as { rows: { name: string }[] }).rows[0]?.name;
  };

  it("answers in task order; in a PostgreSQL transaction one statement at a time, elsewhere sent together", async () => {
    const events: string[] = [];
    const answers = await database.db.transaction((tx) =>
      together(tx, [timed(tx, events, "a"), timed(tx, events, "b"), timed(tx, events, "c")]),
    );
    expect(answers).toEqual(["a", "b", "c"]);
    expect(events).toEqual(
      kind === "postgres"
        ? ["a sent", "a answered", "b sent", "b answered", "c sent", "c answered"]
        : ["a sent", "b sent", "c sent", "a answered", "b answered", "c answered"],
    );
  });

  it("rejects with the first failure, and the transaction rolls back", async () => {
    await database.db.execute(sql`create table if not exists together_notes (id int primary key)`);
    const insert = (tx: DbOrTx, id: number) => () =>
      tx.execute(sql`insert into together_notes (id) values (${id})`);
    await expect(
      database.db.transaction((tx) => together(tx, [insert(tx, 1), insert(tx, 1), insert(tx, 2)])),
    ).rejects.toMatchObject({ cause: { code: "23505", constraint: "together_notes_pkey" } });
    const count = await database.db.execute(sql`select count(*)::int as n from together_notes`);
    expect((count as unknown as { rows: unknown[] }).rows).toEqual([{ n: 0 }]);
  });
});
