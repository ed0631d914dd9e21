import { and, eq, inArray, lt } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { type OAuthStateRow, oauthStates } from "../../db/schema/index.js";

export type NewOAuthState = Omit<OAuthStateRow, "id" | "createdAt">;

export function createOAuthStatesRepo(db: DbOrTx) {
  return {
    async insert(row: NewOAuthState): Promise<void> {
      await db.insert(oauthStates).values(row);
    },

    /** Deletes and returns the row in one statement, so two callbacks racing with one state get it once. */
    async take(stateHash: string, provider: string, purposes: string[]): Promise<OAuthStateRow | undefined> {
      const [row] = await db
        .delete(oauthStates)
        .where(
          and(
            eq(oauthStates.stateHash, stateHash),
            eq(oauthStates.provider, provider),
            inArray(oauthStates.purpose, purposes),
          ),
        )
        .returning();
      return row;
    },

    async deleteExpired(now: Date): Promise<void> {
      await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
    },
  };
}
