import { and, eq, gt, inArray, ne } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import {
  type UserPreferences,
  type UserRow,
  userAvatars,
  usernameHistory,
  users,
} from "../../db/schema/index.js";

export type ProfilePatch = Partial<
  Pick<
    UserRow,
    "name" | "timezone" | "welcomeText" | "timeFormat" | "weekStart" | "avatar" | "language" | "appLanguage"
  >
>;

export function createUsersRepo(db: DbOrTx) {
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async findByUsername(username: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.username, username)).limit(1);
      return row;
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row;
    },

    /** The holder of a username given up after `since`, if any. */
    async formerHolder(username: string, since: Date): Promise<string | undefined> {
      const [row] = await db
        .select({ userId: usernameHistory.userId })
        .from(usernameHistory)
        .where(and(eq(usernameHistory.username, username), gt(usernameHistory.changedAt, since)))
        .limit(1);
      return row?.userId;
    },

    /** Which of `names` are held now, or were given up after `since` by someone other than `exceptUserId`. */
    async heldNames(names: string[], since: Date, exceptUserId?: string): Promise<Set<string>> {
      if (names.length === 0) return new Set();
      const current = await db
        .select({ username: users.username })
        .from(users)
        .where(inArray(users.username, names));
      const former = await db
        .select({ username: usernameHistory.username })
        .from(usernameHistory)
        .where(
          and(
            inArray(usernameHistory.username, names),
            gt(usernameHistory.changedAt, since),
            ...(exceptUserId ? [ne(usernameHistory.userId, exceptUserId)] : []),
          ),
        );
      return new Set([...current, ...former].map((r) => r.username));
    },

    /**
     * Moves the user to `username`, keeping the old one in the history (so it redirects). A name taken
     * meanwhile fails on the unique index (23505), which the service turns into a 409.
     */
    async changeUsername(user: UserRow, username: string, at: Date): Promise<UserRow | undefined> {
      // Taking back one's own former name removes it from the history.
      await db.delete(usernameHistory).where(eq(usernameHistory.username, username));
      const [row] = await db
        .update(users)
        .set({ username, updatedAt: at })
        .where(eq(users.id, user.id))
        .returning();
      if (!row) return undefined;
      await db
        .insert(usernameHistory)
        .values({ username: user.username, userId: user.id, changedAt: at })
        .onConflictDoUpdate({ target: usernameHistory.username, set: { userId: user.id, changedAt: at } });
      return row;
    },

    async updateProfile(id: string, patch: ProfilePatch): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    async updatePreferences(id: string, preferences: UserPreferences): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ preferences, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    async setPasswordHash(id: string, passwordHash: string): Promise<void> {
      await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
    },

    /** Undefined when another account has the address (the unique index decides). */
    async setEmail(id: string, email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ email, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    async saveAvatar(userId: string, contentType: string, data: Buffer, at: Date): Promise<void> {
      await db
        .insert(userAvatars)
        .values({ userId, contentType, data, updatedAt: at })
        .onConflictDoUpdate({ target: userAvatars.userId, set: { contentType, data, updatedAt: at } });
    },

    async findAvatar(
      userId: string,
    ): Promise<{ contentType: string; data: Buffer; updatedAt: Date } | undefined> {
      const [row] = await db
        .select({
          contentType: userAvatars.contentType,
          data: userAvatars.data,
          updatedAt: userAvatars.updatedAt,
        })
        .from(userAvatars)
        .where(eq(userAvatars.userId, userId))
        .limit(1);
      return row;
    },

    async deleteAvatar(userId: string): Promise<void> {
      await db.delete(userAvatars).where(eq(userAvatars.userId, userId));
    },

    /** Removes the account; every table of the host's data cascades from users. */
    async deleteUser(id: string): Promise<boolean> {
      const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      return rows.length > 0;
    },
  };
}
