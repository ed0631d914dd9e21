import { and, asc, count, eq, ne } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { type UserIdentityRow, type UserRow, userIdentities, users } from "../../db/schema/index.js";

export function createIdentitiesRepo(db: DbOrTx) {
  return {
    async findWithUser(
      provider: string,
      subject: string,
    ): Promise<{ identity: UserIdentityRow; user: UserRow } | undefined> {
      const [row] = await db
        .select({ identity: userIdentities, user: users })
        .from(userIdentities)
        .innerJoin(users, eq(users.id, userIdentities.userId))
        .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)))
        .limit(1);
      return row;
    },

    async insert(identity: { userId: string; provider: string; subject: string; email: string | null }) {
      const [row] = await db.insert(userIdentities).values(identity).returning();
      return row;
    },

    async touch(id: string, email: string | null, now: Date): Promise<void> {
      await db.update(userIdentities).set({ email, lastUsedAt: now }).where(eq(userIdentities.id, id));
    },

    listForUser(userId: string): Promise<UserIdentityRow[]> {
      return db
        .select()
        .from(userIdentities)
        .where(eq(userIdentities.userId, userId))
        .orderBy(asc(userIdentities.createdAt), asc(userIdentities.id));
    },

    /** The user row, locked so two removals at once cannot both leave the account without a way in. */
    async lockUser(userId: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, userId)).for("update");
      return row;
    },

    async countOthers(userId: string, exceptId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(userIdentities)
        .where(and(eq(userIdentities.userId, userId), ne(userIdentities.id, exceptId)));
      return row?.n ?? 0;
    },

    async findForUser(userId: string, id: string): Promise<UserIdentityRow | undefined> {
      const [row] = await db
        .select()
        .from(userIdentities)
        .where(and(eq(userIdentities.id, id), eq(userIdentities.userId, userId)))
        .limit(1);
      return row;
    },

    async delete(id: string): Promise<void> {
      await db.delete(userIdentities).where(eq(userIdentities.id, id));
    },
  };
}
