import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { type UserPreferences, type UserRow, users } from "../../db/schema/index.js";

export function createUsersRepo(db: DbOrTx) {
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
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
  };
}
