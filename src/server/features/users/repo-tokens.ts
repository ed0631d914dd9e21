import { and, eq, gt, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { accountTokens } from "../../db/schema/index.js";

export type TokenKind = "password-reset" | "email-change";

export function createTokensRepo(db: DbOrTx) {
  return {
    async insert(t: {
      userId: string;
      kind: TokenKind;
      tokenHash: string;
      expiresAt: Date;
      newEmail?: string;
    }) {
      await db.insert(accountTokens).values({ ...t, newEmail: t.newEmail ?? null });
    },

    /**
     * Marks the token used and returns it, if it is of `kind`, unused and not expired: one statement,
     * so two requests racing with the same link cannot both succeed.
     */
    async consume(tokenHash: string, kind: TokenKind, now: Date) {
      const [row] = await db
        .update(accountTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(accountTokens.tokenHash, tokenHash),
            eq(accountTokens.kind, kind),
            isNull(accountTokens.usedAt),
            gt(accountTokens.expiresAt, now),
          ),
        )
        .returning();
      return row;
    },

    /** Voids the user's open links of `kind` (a newer request, or a completed change, supersedes them). */
    async voidOpen(userId: string, kind: TokenKind, now: Date): Promise<void> {
      await db
        .update(accountTokens)
        .set({ usedAt: now })
        .where(
          and(eq(accountTokens.userId, userId), eq(accountTokens.kind, kind), isNull(accountTokens.usedAt)),
        );
    },
  };
}
