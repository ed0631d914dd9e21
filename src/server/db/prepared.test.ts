import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { databaseErrorCode } from "../lib/error-handler.js";
import { createMailEnqueuer, outboxFor } from "../mail/outbox.js";
import { createTestDatabase, dbKinds } from "../testing/database.js";
import type { Database, DbOrTx } from "./client.js";
import { keptStatement, preparedSql } from "./prepared.js";
import { mailOutbox } from "./schema/index.js";

describe.each(dbKinds)("kept statements on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  it("runs on the database and inside transactions, also after a rolled-back first use", async () => {
    const { db } = database;
    const insert = keptStatement(db, "kept_test_insert", (h) =>
      h
        .insert(mailOutbox)
        .values({ to: sql.placeholder("to"), subject: sql.placeholder("subject"), text: "t" })
        .returning({ to: mailOutbox.to, subject: mailOutbox.subject })
        .prepare("kept_test_insert"),
    );
    // First use in a transaction that rolls back: the statement must still be there afterwards.
    await expect(
      db.transaction(async (tx) => {
        await insert(tx, { to: "rolled@example.com", subject: "x" });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await outboxFor(db, ["rolled@example.com"])).toHaveLength(0);

    const quoted = "It's a 'quoted' \\ subject; drop table users; --";
    const [row] = await db.transaction((tx) => insert(tx, { to: "kept@example.com", subject: quoted }));
    expect(row).toEqual({ to: "kept@example.com", subject: quoted });
    const [again] = await insert(db, { to: "kept@example.com", subject: "second" });
    expect(again.subject).toBe("second");
    expect((await outboxFor(db, ["kept@example.com"])).map((r) => r.subject)).toEqual([quoted, "second"]);
  });

  it("queues one, two and four messages, a missing invite as SQL NULL", async () => {
    const { db } = database;
    const enqueue = createMailEnqueuer(db);
    const message = (to: string) => ({
      to,
      subject: `Hello ${to}`,
      text: "Body",
      html: null,
      icalEvent: null,
    });
    await db.transaction((tx) => enqueue(tx, [message("one@example.com")]));
    await enqueue(db, [
      { ...message("two@example.com"), icalEvent: { method: "REQUEST", content: "BEGIN:VCALENDAR" } },
      message("two-b@example.com"),
    ]);
    await enqueue(
      db,
      ["a", "b", "c", "d"].map((n) => message(`${n}@four.example.com`)),
    );
    const rows = await outboxFor(db, [
      "one@example.com",
      "two@example.com",
      "two-b@example.com",
      ...["a", "b", "c", "d"].map((n) => `${n}@four.example.com`),
    ]);
    expect(rows).toHaveLength(7);
    expect(rows.find((r) => r.to === "two@example.com")?.icalEvent).toEqual({
      method: "REQUEST",
      content: "BEGIN:VCALENDAR",
    });
    const nulls = await db.execute(
      sql`select count(*)::int as n from mail_outbox where ical_event is null
        and ("to" in ('one@example.com', 'two-b@example.com') or "to" like '%@four.example.com')`,
    );
    const n = (nulls as unknown as { rows: { n: number }[] }).rows[0].n;
    expect(n).toBe(6);
  });
});

describe.each(dbKinds)("deferred kept statements on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await database.db.execute(sql`create table kept_deferred (n int primary key)`);
  });
  afterAll(() => database.close());

  it("write with their transaction, are seen by its later statements, and fail it when they fail", async () => {
    const { db } = database;
    const insert = keptStatement(
      db,
      "kept_test_deferred",
      (h) =>
        preparedSql(
          h,
          sql`insert into kept_deferred (n) values (${sql.placeholder("n")}::int)`,
          "kept_test_deferred",
        ),
      { deferred: true },
    );
    const count = async (handle: DbOrTx) =>
      (
        (await handle.execute(sql`select count(*)::int as n from kept_deferred`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0].n;

    await db.transaction(async (tx) => {
      await insert(tx, { n: 1 });
      await insert(tx, { n: 2 });
    });
    const seenInside = await db.transaction(async (tx) => {
      await insert(tx, { n: 3 });
      return count(tx);
    });
    expect(seenInside).toBe(3);
    // Outside a transaction it runs at once.
    await insert(db, { n: 4 });
    expect(await count(db)).toBe(4);

    const error = await db
      .transaction(async (tx) => {
        await insert(tx, { n: 5 });
        await insert(tx, { n: 1 });
      })
      .catch((e: unknown) => e);
    expect(databaseErrorCode(error)).toBe("23505");
    expect(await count(db)).toBe(4);

    if (kind === "postgres") {
      // Once each connection has prepared it, a transaction's deferred writes go with its commit: the
      // server gets BEGIN, then one message for the three inserts and the COMMIT.
      for (let i = 0; i < 10; i++) await db.transaction((tx) => insert(tx, { n: 100 + i }));
      const sent = vi.spyOn(pg.Client.prototype, "query");
      try {
        await db.transaction(async (tx) => {
          for (const n of [201, 202, 203]) await insert(tx, { n });
        });
        const texts = sent.mock.calls.map(([first]: unknown[]) =>
          typeof first === "string" ? first : (first as { text?: string } | undefined)?.text,
        );
        expect(texts).toHaveLength(2);
        expect(texts[1]).toBe(
          [
            "EXECUTE kept_test_deferred(201)",
            "EXECUTE kept_test_deferred(202)",
            "EXECUTE kept_test_deferred(203)",
            "commit",
          ].join(";\n"),
        );
      } finally {
        sent.mockRestore();
      }
      expect(await count(db)).toBe(4 + 10 + 3);
    }
    // On a connection of its own but outside a transaction, nothing would send it later: it runs at once.
    await database.withConnection(async (connection) => {
      await insert(connection, { n: 300 });
      await insert(connection, { n: 301 });
    });
    expect(await count(db)).toBe(kind === "postgres" ? 4 + 10 + 3 + 2 : 4 + 2);
  });
});
