import { PGlite, type QueryOptions } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execSimple } from "./pglite-exec.mjs";

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

describe("execSimple", () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create();
    await db.exec(`
      create table kinds (id int primary key, label text unique, at timestamptz, day date, doc jsonb,
        tags text[], ok boolean, big bigint, price numeric, raw bytea, span interval);
      insert into kinds values
        (1, 'première', '2026-11-29 10:00+05:45', '2026-11-29', '{"a":[1,2]}', '{x,"y z"}', true,
         9007199254740993, 12.50, '\\x00ff', '1 day 2 hours'),
        (2, null, null, null, null, null, null, null, null, null, null);`);
  });
  afterAll(() => db.close());

  /** Both ways of running `text` answer the same, whatever it is. */
  async function expectSame(text: string, options?: QueryOptions) {
    const own = await outcome(() => execSimple(db, text, options));
    const pglites = await outcome(() => db.exec(text, options));
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

  it("reads a reply larger than PGlite's first buffer", async () => {
    const { answer } = await expectSame(
      "select g, repeat('é', 500) as filler from generate_series(1, 3000) g",
    );
    expect((answer as { rows: unknown[] }[])[0].rows).toHaveLength(3000);
  });
});
