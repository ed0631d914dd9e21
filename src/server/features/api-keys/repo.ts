import { and, count, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { type ApiKeyRow, apiIdempotency, apiKeys, type UserRow, users } from "../../db/schema/index.js";

export function createApiKeysRepo(db: Db) {
  return {
    list(userId: string): Promise<ApiKeyRow[]> {
      return db
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.userId, userId))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
    },

    async countActive(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
      return Number(row?.n ?? 0);
    },

    async insert(values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
      const [row] = await db.insert(apiKeys).values(values).returning();
      if (!row) throw new Error("api key insert returned nothing");
      return row;
    },

    /** Revokes the host's key (once); false when it is not theirs. */
    async revoke(userId: string, id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(apiKeys)
        .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${at.toISOString()}::timestamptz)` })
        .where(and(eq(apiKeys.userId, userId), eq(apiKeys.id, id)))
        .returning({ id: apiKeys.id });
      return rows.length > 0;
    },

    /** The key with this lookup prefix and its host, in one read. */
    async byPrefix(prefix: string): Promise<{ key: ApiKeyRow; user: UserRow } | undefined> {
      const [row] = await db
        .select({ key: apiKeys, user: users })
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.userId))
        .where(eq(apiKeys.prefix, prefix))
        .limit(1);
      return row;
    },

    /** Stamps last use, at most once a minute per key (the condition makes most calls write nothing). */
    async touch(id: string, at: Date): Promise<void> {
      const minuteAgo = new Date(at.getTime() - 60_000).toISOString();
      await db
        .update(apiKeys)
        .set({ lastUsedAt: at })
        .where(
          and(
            eq(apiKeys.id, id),
            or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`${minuteAgo}::timestamptz`)),
          ),
        );
    },

    async storedAnswer(
      userId: string,
      route: string,
      key: string,
      since: Date,
    ): Promise<{ requestHash: string; status: number; body: unknown } | undefined> {
      const [row] = await db
        .select({
          requestHash: apiIdempotency.requestHash,
          status: apiIdempotency.status,
          body: apiIdempotency.body,
        })
        .from(apiIdempotency)
        .where(
          and(
            eq(apiIdempotency.userId, userId),
            eq(apiIdempotency.route, route),
            eq(apiIdempotency.key, key),
            sql`${apiIdempotency.createdAt} > ${since.toISOString()}::timestamptz`,
          ),
        )
        .limit(1);
      return row;
    },

    /**
     * Claims a key for a create about to run (status 0: in progress), atomically: true when this
     * request holds it now (new, or its old row was past `since`), false when another holds it.
     */
    async reserve(
      userId: string,
      route: string,
      key: string,
      requestHash: string,
      at: Date,
      since: Date,
    ): Promise<boolean> {
      const fresh = { requestHash, status: 0, body: sql`'null'::jsonb`, createdAt: at };
      const rows = await db
        .insert(apiIdempotency)
        .values({ userId, route, key, ...fresh })
        .onConflictDoUpdate({
          target: [apiIdempotency.userId, apiIdempotency.route, apiIdempotency.key],
          set: fresh,
          setWhere: sql`${apiIdempotency.createdAt} <= ${since.toISOString()}::timestamptz`,
        })
        .returning({ key: apiIdempotency.key });
      return rows.length > 0;
    },

    /** The answer of the create that held the key, for its retries. */
    async storeAnswer(userId: string, route: string, key: string, status: number, body: unknown) {
      await db
        .update(apiIdempotency)
        .set({ status, body })
        .where(
          and(
            eq(apiIdempotency.userId, userId),
            eq(apiIdempotency.route, route),
            eq(apiIdempotency.key, key),
          ),
        );
    },

    /** Lets the key go after its create failed: a retry runs it again. */
    async release(userId: string, route: string, key: string) {
      await db
        .delete(apiIdempotency)
        .where(
          and(
            eq(apiIdempotency.userId, userId),
            eq(apiIdempotency.route, route),
            eq(apiIdempotency.key, key),
            eq(apiIdempotency.status, 0),
          ),
        );
    },
  };
}
