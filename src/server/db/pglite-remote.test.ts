import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PgliteRemote } from "./pglite-remote.js";
import { readCacheOf } from "./read-cache.js";

/** The embedded database on its own thread behaves as PGlite does in the caller's thread. */
describe("PGlite on its own thread", () => {
  let db: PgliteRemote;
  beforeAll(async () => {
    db = await PgliteRemote.create(null);
    await db.exec("create table notes (id int primary key, body text not null, at timestamptz)");
  });
  afterAll(() => db.close());

  it("commits a transaction that resolves and rolls back one that throws", async () => {
    await db.transaction(async (tx) => {
      await tx.query("insert into notes (id, body) values ($1, $2)", [1, "kept"]);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into notes (id, body) values ($1, $2)", [2, "dropped"]);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    const { rows } = await db.query("select id, body from notes order by id");
    expect(rows).toEqual([{ id: 1, body: "kept" }]);
  });

  it("holds the database for an open transaction: a query outside it waits for the commit", async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.query("insert into notes (id, body) values (3, 'in tx')");
      outside = db.query("select count(*)::int as n from notes").then((r) => {
        order.push("outside");
        return r.rows[0];
      });
      // Give the outside query every chance to overtake the transaction.
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push("commit");
    });
    expect(await outside).toEqual({ n: 2 });
    expect(order).toEqual(["commit", "outside"]);
  });

  it("passes the database's errors on with their SQLSTATE and constraint; the data is untouched", async () => {
    const error = await db
      .transaction((tx) => tx.query("insert into notes (id, body) values (1, 'again')"))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: "23505", constraint: "notes_pkey" });
    const { rows } = await db.query("select body from notes where id = 1");
    expect(rows).toEqual([{ body: "kept" }]);
  });

  it("keeps dates as text when drizzle's parsers ask for it, and reads rows as arrays", async () => {
    await db.query("update notes set at = '2026-11-26T10:00:00Z' where id = 1");
    const keep = (value: string) => value;
    const asText = await db.query("select at from notes where id = 1", [], {
      rowMode: "array",
      parsers: { 1184: keep },
    });
    expect(asText.rows).toEqual([["2026-11-26 10:00:00+00"]]);
    const parsed = await db.query("select at from notes where id = 1");
    expect((parsed.rows[0] as { at: unknown }).at).toEqual(new Date("2026-11-26T10:00:00Z"));
    // The thread writes the first text-keeping set into PGlite's own parsers (a speed-up); queries
    // asking for less, or for nothing, still get PGlite's parsing, arrays of dates included.
    const noon = new Date("2026-11-26T12:00:00Z");
    const dates = await db.query("select array[at, at + interval '2 hours'] as ats from notes where id = 1");
    expect(dates.rows).toEqual([{ ats: [new Date("2026-11-26T10:00:00Z"), noon] }]);
    const mixed = await db.query("select at, '2026-11-26'::date as day from notes where id = 1", [], {
      parsers: { 1082: keep },
    });
    expect(mixed.rows).toEqual([{ at: new Date("2026-11-26T10:00:00Z"), day: "2026-11-26" }]);
    const again = await db.query("select at, array[at] as ats from notes where id = 1", [], {
      parsers: { 1184: keep },
    });
    expect(again.rows).toEqual([{ at: "2026-11-26 10:00:00+00", ats: [new Date("2026-11-26T10:00:00Z")] }]);
    // A parser that changes values would be lost on the way: refused, not ignored.
    await expect(
      db.query("select at from notes", [], { parsers: { 1184: (v: string) => v.slice(0, 4) } }),
    ).rejects.toThrow("cannot cross threads");
  });

  it("tells its WebAssembly memory's size, which never shrinks", async () => {
    const before = (await db.memoryBytes()) ?? 0;
    // PostgreSQL's own memory (shared buffers, sorts); the in-memory files live outside it.
    expect(before).toBeGreaterThan(64 * 1024 * 1024);
    await db.exec("create table big as select g, repeat('x', 1000) as pad from generate_series(1, 20000) g");
    await db.exec("drop table big");
    expect(await db.memoryBytes()).toBeGreaterThanOrEqual(before);
  });

  it("answers calls made after close with an error instead of hanging", async () => {
    const other = await PgliteRemote.create(null);
    await other.close();
    await expect(other.query("select 1")).rejects.toThrow("closed");
  });
});

describe("the embedded database in a folder", () => {
  it("keeps what was written across a close and a new start", async () => {
    const fs = await import("node:fs");
    const os = await import("node:os");
    const path = await import("node:path");
    const { openDatabase } = await import("./client.js");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kairos-folder-"));
    const dataDir = path.join(dir, "data");
    try {
      const first = await openDatabase({ kind: "pglite", dataDir });
      const { sql } = await import("drizzle-orm");
      await first.db.execute(sql`create table kept (note text)`);
      await first.db.transaction((tx) =>
        tx.execute(sql`insert into kept values ('written before the restart')`),
      );
      await first.close();

      const again = await openDatabase({ kind: "pglite", dataDir });
      const { rows } = (await again.db.execute(sql`select note from kept`)) as unknown as { rows: unknown[] };
      expect(rows).toEqual([{ note: "written before the restart" }]);
      await again.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

/** An in-memory database whose messages to its thread are counted, at the one place every call passes. */
async function countedDatabase(): Promise<{ db: PgliteRemote; sent: () => number }> {
  const db = await PgliteRemote.create(null);
  let count = 0;
  const remote = db as unknown as { send: (...args: unknown[]) => unknown };
  const send = remote.send.bind(db);
  remote.send = (...args: unknown[]) => {
    count++;
    return send(...args);
  };
  return { db, sent: () => count };
}

/** execCached: a read answered without the thread while nothing was written since (issue 30). */
describe("the embedded database's read cache", () => {
  let db: PgliteRemote;
  let sent: () => number;
  beforeAll(async () => {
    ({ db, sent } = await countedDatabase());
    await db.exec("create table seen (n int primary key)");
    await db.exec("insert into seen values (1)");
  });
  afterAll(() => db.close());

  const read = async () => (await db.execCached("select n from seen order by n"))[0].rows;
  /** What the read answers, and how many messages it took. */
  const readCounted = async () => {
    const before = sent();
    const rows = await read();
    return { rows, messages: sent() - before };
  };

  it("answers a repeated read without the thread, and reads again after any write", async () => {
    expect(await readCounted()).toEqual({ rows: [{ n: 1 }], messages: 1 });
    expect(await readCounted()).toEqual({ rows: [{ n: 1 }], messages: 0 });

    await db.exec("insert into seen values (2)");
    expect(await readCounted()).toEqual({ rows: [{ n: 1 }, { n: 2 }], messages: 1 });

    await db.transaction((tx) => tx.query("insert into seen values (3)"));
    expect((await read()).map((r) => (r as { n: number }).n)).toEqual([1, 2, 3]);

    // A rolled-back transaction changed nothing, but it is a write as far as the cache knows.
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into seen values (4)");
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await readCounted()).toEqual({ rows: [{ n: 1 }, { n: 2 }, { n: 3 }], messages: 1 });
    expect((await readCounted()).messages).toBe(0);
  });

  it("keeps no read that a write overlapped, nor one made while a transaction was open", async () => {
    // Sent before the insert, so the thread answers it with the rows before the insert.
    const early = read();
    await db.exec("insert into seen values (5)");
    expect((await early).length).toBeLessThan(5);
    expect((await read()).map((r) => (r as { n: number }).n)).toContain(5);

    let during: Promise<unknown[]> | undefined;
    await db.transaction(async (tx) => {
      await tx.query("insert into seen values (6)");
      during = read();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    await during;
    expect((await read()).map((r) => (r as { n: number }).n)).toContain(6);
  });

  it("is left be by reads: a SELECT, and an EXECUTE of a statement registered as one", async () => {
    readCacheOf(db)?.registerStatement("seen_from", "select n from seen where n >= $1");
    readCacheOf(db)?.registerStatement("seen_add", "insert into seen values ($1)");
    await db.exec("PREPARE seen_from(int) AS select n from seen where n >= $1");
    await db.exec("PREPARE seen_add(int) AS insert into seen values ($1)");
    const before = await read();
    await db.query("select count(*) from seen");
    await db.exec("EXECUTE seen_from(1)");
    expect(await readCounted()).toEqual({ rows: before, messages: 0 });
    await db.exec("EXECUTE seen_add(50)");
    expect(await readCounted()).toEqual({ rows: [...before, { n: 50 }], messages: 1 });
    await db.exec("delete from seen where n = 50");
  });

  it("shares a frozen answer: a caller cannot change what the next one reads", async () => {
    const first = await read();
    expect(() => first.push({ n: 99 })).toThrow(TypeError);
    expect(() => {
      (first[0] as { n: number }).n = -1;
    }).toThrow(TypeError);
    const second = await read();
    expect(second).not.toContainEqual({ n: 99 });
    expect(second[0]).toEqual({ n: 1 });
  });
});

/** Transactions begin with their first statement; deferred statements go with the next message. */
describe("the embedded database's transactions", () => {
  let db: PgliteRemote;
  let sent: () => number;
  beforeAll(async () => {
    ({ db, sent } = await countedDatabase());
    await db.exec("create table later (n int primary key)");
  });
  afterAll(() => db.close());

  const numbers = async () =>
    (await db.query("select n from later order by n")).rows.map((r) => (r as { n: number }).n);

  it("sends a deferred statement with the next one and commits it; a transaction takes no BEGIN message", async () => {
    const before = sent();
    const seen = await db.transaction(async (tx) => {
      tx.defer("insert into later values (1)");
      tx.defer("insert into later values (2)");
      const inside = await tx.query("select count(*)::int as n from later");
      tx.defer("insert into later values (3)");
      return inside.rows[0];
    });
    // One message for the query (with BEGIN and both deferred inserts), one for the commit (with the third).
    expect(sent() - before).toBe(2);
    expect(seen).toEqual({ n: 2 });
    expect(await numbers()).toEqual([1, 2, 3]);

    await db.transaction(async (tx) => tx.defer("insert into later values (4)"));
    expect(await numbers()).toEqual([1, 2, 3, 4]);
  });

  it("fails the commit when a deferred statement fails, and keeps nothing of the transaction", async () => {
    const error = await db
      .transaction(async (tx) => {
        await tx.exec("insert into later values (10)");
        tx.defer("insert into later values (1)"); // already there
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "23505", constraint: "later_pkey" });
    expect(await numbers()).toEqual([1, 2, 3, 4]);

    // The session is free and sound afterwards.
    await db.transaction((tx) => tx.exec("insert into later values (5)"));
    expect(await numbers()).toEqual([1, 2, 3, 4, 5]);
  });

  it("drops the deferred statements of a transaction that rolls back", async () => {
    await expect(
      db.transaction(async (tx) => {
        tx.defer("insert into later values (6)");
        await tx.exec("insert into later values (7)");
        tx.defer("insert into later values (8)");
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await numbers()).toEqual([1, 2, 3, 4, 5]);
  });
});
