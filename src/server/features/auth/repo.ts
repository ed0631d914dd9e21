import { and, asc, eq, gt, lt, ne, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.js";
import { keptStatement } from "../../db/prepared.js";
import { type SessionRow, sessions, type UserRow, users } from "../../db/schema/index.js";

export interface NewUser {
  name: string;
  email: string;
  username: string;
  passwordHash: string | null;
  timezone: string;
  avatar?: string | null;
}

export interface SessionFound {
  user: UserRow;
  sessionId: string;
  lastUsedAt: Date;
}

/**
 * The signed-in user behind a session's token hash, unexpired. Every signed-in request runs it, so it
 * is kept prepared (db/prepared.ts): built, parsed and planned once, not per request. One per database.
 *
 * Answered from the read cache (db/read-cache.ts) until this process writes anything, and on
 * PostgreSQL for at most READ_CACHE_MS: a request's own reads leave it be, so a signed-in host's
 * next request costs no round trip for it. Signing out or revoking a session here is a write, seen at
 * once; on another instance it is seen within READ_CACHE_MS. The expiry is compared here, not in the
 * statement, so that its answer depends on the tables alone.
 */
export function createSessionLookup(
  db: Db,
): (tokenHash: string, now: Date) => Promise<SessionFound | undefined> {
  const run = keptStatement(
    db,
    "auth_session_by_hash",
    (handle) =>
      handle
        .select({
          user: users,
          sessionId: sessions.id,
          lastUsedAt: sessions.lastUsedAt,
          expiresAt: sessions.expiresAt,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.tokenHash, sql.placeholder("tokenHash")))
        .limit(1)
        .prepare("auth_session_by_hash"),
    { cached: true },
  );
  return async (tokenHash, now) => {
    const [found] = await run(db, { tokenHash });
    if (!found || found.expiresAt.getTime() <= now.getTime()) return undefined;
    return { user: found.user, sessionId: found.sessionId, lastUsedAt: found.lastUsedAt };
  };
}

export function createAuthRepo(db: DbOrTx) {
  return {
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row;
    },

    /** Returns undefined when the email or username is taken (the unique indexes decide, not a prior read). */
    async insertUser(user: NewUser): Promise<UserRow | undefined> {
      const [row] = await db.insert(users).values(user).onConflictDoNothing().returning();
      return row;
    },

    async insertSession(userId: string, tokenHash: string, expiresAt: Date, userAgent: string | null) {
      await db.insert(sessions).values({ userId, tokenHash, expiresAt, userAgent });
    },

    async touchSession(id: string, at: Date): Promise<void> {
      await db.update(sessions).set({ lastUsedAt: at }).where(eq(sessions.id, id));
    },

    listSessions(userId: string, now: Date): Promise<SessionRow[]> {
      return db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
        .orderBy(asc(sessions.createdAt));
    },

    async deleteSession(tokenHash: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },

    async deleteSessionOf(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(sessions)
        .where(and(eq(sessions.id, id), eq(sessions.userId, userId)))
        .returning({ id: sessions.id });
      return rows.length > 0;
    },

    /** Every session of the user except `keepId` (all of them when it is undefined). */
    async deleteSessionsOf(userId: string, keepId?: string): Promise<void> {
      await db
        .delete(sessions)
        .where(
          keepId ? and(eq(sessions.userId, userId), ne(sessions.id, keepId)) : eq(sessions.userId, userId),
        );
    },

    async deleteExpiredSessions(now: Date): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
    },
  };
}
