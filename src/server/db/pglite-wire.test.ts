import { PGlite, type QueryOptions } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execSimple, queryExtended } from "./pglite-wire.mjs";

/** What a call threw, or answered, as plain data (an error's own fields included). */
async function outcome(
  run: () => Promise<unknown>,
): Promise<{ answer?: unknown; error?: Record<string, unknown> & { message: string } }> {
  try {
    return { answer: await run() };
  } catch (error) {
    return { error: { ...(error as object), message: (error as Error).message } };
  }
}

describe("execSimple and queryExtended", () => {
  // Two databases made alike: each way runs on its own, so that writes compare too.
  let ours: PGlite;
  let theirs: PGlite;
  const SCHEMA = `
      create table kinds (id int primary key, label text unique, at timestamptz, day date, doc jsonb,
        tags text[], ok boolean, big bigint, price numeric, raw bytea, span interval);
      insert into kinds values
        (1, 'première', '2026-11-29 10:00+05:45', '2026-11-29', '{"a":[1,2]}', '{x,"y z"}', true,
         9007199254740993, 12.50, '\\x00ff', '1 day 2 hours'),
        (2, null, null, null, null, null, null, null, null, null, null);`;
  beforeAll(async () => {
    [ours, theirs] = await Promise.all([PGlite.create(), PGlite.create()]);
    for (const db of [ours, theirs]) await db.exec(SCHEMA);
  });
  afterAll(async () => {
    await ours.close();
    await theirs.close();
  });

  /** Both ways of running `text` answer the same, whatever it is. */
  async function expectSame(text: string, options?: QueryOptions) {
    const own = await outcome(() => execSimple(ours, text, options));
    const pglites = await outcome(() => theirs.exec(text, options));
    expect(own).toEqual(pglites);
    return own;
  }

  it("answers every statement as PGlite's exec does, values parsed by type", async () => {
    const { answer } = await expectSame(
      "select * from kinds order by id; select 1 as one, 'two' as one; update kinds set ok = ok where id > 0",
    );
    const [rows, same, update] = answer as { rows: Record<string, unknown>[]; affectedRows: number }[];
    expect(rows.rows[0]).toMatchObject({
      label: "première",
      tags: ["x", "y z"],
      doc: { a: [1, 2] },
      ok: true,
    });
    expect(rows.rows[0].at).toBeInstanceOf(Date);
    expect(same.rows).toEqual([{ one: "two" }]);
    expect(update.affectedRows).toBe(2);
  });

  it("keeps the options' rows as arrays and its parsers over the table's", async () => {
    const asText = { 1184: (value: string) => value, 1082: (value: string) => value };
    await expectSame("select id, at, day, span from kinds order by id", { rowMode: "array" });
    const { answer } = await expectSame("select at, day from kinds where id = 1", { parsers: asText });
    expect((answer as { rows: unknown[] }[])[0].rows).toEqual([
      { at: "2026-11-29 04:15:00+00", day: "2026-11-29" },
    ]);
  });

  it("adds up affected rows over the statements, as PGlite does, and answers one empty result for nothing", async () => {
    await expectSame(
      "begin; insert into kinds (id) values (3), (4); delete from kinds where id = 4; select 1; rollback",
    );
    await expectSame("");
    await expectSame("-- nothing but a comment");
  });

  it("throws PostgreSQL's error with its fields, and leaves the session usable", async () => {
    const { error } = await expectSame("insert into kinds (id, label) values (5, 'première')");
    expect(error).toMatchObject({ code: "23505", constraint: "kinds_label_key", table: "kinds" });
    expect(error?.detail).toContain("première");
    await expectSame("select * from nowhere");
    // A failing statement stops the ones after it; those before it stand.
    await expectSame("insert into kinds (id) values (6); select 1/0; insert into kinds (id) values (7)");
    await expectSame("select id from kinds where id > 2 order by id");
    await expectSame("select count(*) from kinds");
  });

  /** Both ways of running `text` with `params` answer the same, whatever it is. */
  async function expectSameQuery(text: string, params?: unknown[], options?: QueryOptions) {
    const own = await outcome(() => queryExtended(ours, text, params, options));
    const pglites = await outcome(() => theirs.query(text, params, options));
    expect(own).toEqual(pglites);
    return own;
  }

  it("runs a query with values as PGlite's query does, each value serialized by its parameter's type", async () => {
    const values = [
      10,
      "dix é",
      new Date("2026-11-29T10:00:00Z"),
      "2026-12-01",
      { nested: ["x", 1] },
      ["a", "b c"],
      true,
      9007199254740993n,
      "3.25",
      new Uint8Array([0, 1, 255]),
      "2 hours",
    ];
    const { answer } = await expectSameQuery(
      "insert into kinds values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning *",
      values,
    );
    expect((answer as { rows: Record<string, unknown>[] }).rows[0]).toMatchObject({
      id: 10,
      doc: { nested: ["x", 1] },
    });
    await expectSameQuery("select * from kinds where id = $1 or label = $2 order by id", [10, null]);
    await expectSameQuery("select id, raw from kinds where id = any($1) order by id", [[1, 10]], {
      rowMode: "array",
    });
    await expectSameQuery("select $1::int + 1 as next, $2 as said", [41, undefined], {
      paramTypes: [23, 25],
    });
    await expectSameQuery("update kinds set ok = not ok where id > $1", [100]);
    await expectSameQuery("delete from kinds where id = $1", [10]);
  });

  it("throws a query's error as PGlite's query does, at parsing or at binding, and goes on", async () => {
    await expectSameQuery("select * from nowhere where id = $1", [1]);
    await expectSameQuery("select 1; select 2");
    await expectSameQuery("select * from kinds where at = $1", ["not a time"]);
    await expectSameQuery("select * from kinds where raw = $1", ["not bytes"]);
    const { error } = await expectSameQuery("insert into kinds (id, label) values ($1, $2)", [
      11,
      "première",
    ]);
    expect(error).toMatchObject({ code: "23505", constraint: "kinds_label_key" });
    await expectSameQuery("select count(*) from kinds");
  });

  it("reads a reply larger than PGlite's first buffer", async () => {
    const { answer } = await expectSame(
      "select g, repeat('é', 500) as filler from generate_series(1, 3000) g",
    );
    expect((answer as { rows: unknown[] }[])[0].rows).toHaveLength(3000);
  });
});
