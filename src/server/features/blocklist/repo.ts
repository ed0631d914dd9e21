import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.js";
import { keptStatement } from "../../db/prepared.js";
import {
  type BookerBlockAttemptRow,
  type BookerBlockRow,
  bookerBlockAttempts,
  bookerBlocks,
} from "../../db/schema/index.js";

/** The value of the row that blocks every disposable-mail domain. */
export const DISPOSABLE_VALUE = "*";

export function createBlocklistRepo(db: Db) {
  /** The rules that could refuse `email`: its address, its domain, the disposable switch (one index read). */
  const matching = keptStatement(db, "booker_blocks_matching", (h) =>
    h
      .select({ kind: bookerBlocks.kind, value: bookerBlocks.value })
      .from(bookerBlocks)
      .where(
        and(
          eq(bookerBlocks.hostUserId, sql.placeholder("hostId")),
          sql`${bookerBlocks.value} in (${sql.placeholder("email")}, ${sql.placeholder("domain")}, ${DISPOSABLE_VALUE})`,
        ),
      )
      .prepare("booker_blocks_matching"),
  );

  return {
    matching: (hostId: string, email: string, domain: string, handle: DbOrTx = db) =>
      matching(handle, { hostId, email, domain }),

    /** All of a host's rules, as the booking guard keeps them (at most MAX_BLOCK_RULES and the switch). */
    rules: (hostId: string) =>
      db
        .select({ kind: bookerBlocks.kind, value: bookerBlocks.value })
        .from(bookerBlocks)
        .where(eq(bookerBlocks.hostUserId, hostId)),

    list(hostId: string): Promise<BookerBlockRow[]> {
      return db
        .select()
        .from(bookerBlocks)
        .where(eq(bookerBlocks.hostUserId, hostId))
        .orderBy(desc(bookerBlocks.createdAt));
    },

    async count(hostId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(bookerBlocks)
        .where(eq(bookerBlocks.hostUserId, hostId));
      return row?.n ?? 0;
    },

    /** Adds a rule; undefined when the host has it already. */
    async add(
      hostId: string,
      kind: BookerBlockRow["kind"],
      value: string,
    ): Promise<BookerBlockRow | undefined> {
      const [row] = await db
        .insert(bookerBlocks)
        .values({ hostUserId: hostId, kind, value })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async remove(hostId: string, id: string): Promise<boolean> {
      const gone = await db
        .delete(bookerBlocks)
        .where(and(eq(bookerBlocks.hostUserId, hostId), eq(bookerBlocks.id, id)))
        .returning({ id: bookerBlocks.id });
      return gone.length > 0;
    },

    async setDisposable(hostId: string, enabled: boolean): Promise<void> {
      if (enabled) {
        await db
          .insert(bookerBlocks)
          .values({ hostUserId: hostId, kind: "disposable", value: DISPOSABLE_VALUE })
          .onConflictDoNothing();
      } else {
        await db
          .delete(bookerBlocks)
          .where(and(eq(bookerBlocks.hostUserId, hostId), eq(bookerBlocks.kind, "disposable")));
      }
    },

    async logAttempt(values: { hostUserId: string; email: string; rule: string; eventTitle: string }) {
      await db.insert(bookerBlockAttempts).values(values);
    },

    attempts(hostId: string, limit: number): Promise<BookerBlockAttemptRow[]> {
      return db
        .select()
        .from(bookerBlockAttempts)
        .where(eq(bookerBlockAttempts.hostUserId, hostId))
        .orderBy(desc(bookerBlockAttempts.attemptedAt))
        .limit(limit);
    },
  };
}
