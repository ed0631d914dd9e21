import { and, eq, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { type BookingRow, bookings } from "../../db/schema/index.js";
import type { BookingPatch } from "./repo.js";

/**
 * Answers a pending request: a compare-and-swap, so of two answers racing (two confirms, a confirm
 * and the expiry) exactly one changes the row; the others get undefined. With `tokenHash`, only the
 * request whose mailed links carry that token: they act once, while the request is pending (the
 * hash stays, so the link's page can still say how the request was answered). `manageTokenHash`
 * adds a manage token to those the invitee's links may carry.
 */
export async function answerRequest(
  db: DbOrTx,
  where: { id: string; hostUserId?: string; tokenHash?: string; expiredBy?: Date },
  patch: BookingPatch,
  manageTokenHash?: string,
): Promise<BookingRow | undefined> {
  const [row] = await db
    .update(bookings)
    .set({
      ...patch,
      ...(manageTokenHash
        ? {
            earlierManageTokenHashes: sql`array_append(${bookings.earlierManageTokenHashes}, ${manageTokenHash})`,
          }
        : {}),
      requestExpiresAt: null,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(bookings.id, where.id),
        eq(bookings.status, "pending"),
        where.hostUserId ? eq(bookings.hostUserId, where.hostUserId) : undefined,
        where.tokenHash ? eq(bookings.approvalTokenHash, where.tokenHash) : undefined,
        where.expiredBy ? lte(bookings.requestExpiresAt, where.expiredBy) : undefined,
      ),
    )
    .returning();
  return row;
}
