import type { AccountExport } from "../../../contract/users.js";
import type { Db, Tx } from "../../db/client.js";
import type { UserRow } from "../../db/schema/index.js";
import { badRequest, notFound } from "../../lib/errors.js";
import { accountDeletedMail } from "../../mail/account-mails.js";
import { enqueueMail } from "../../mail/outbox.js";
import { createUsersRepo } from "./repo.js";
import { toUserProfile } from "./service.js";

/** One feature's share of the account export, e.g. { name: "eventTypes", export: (user) => ... }. */
export interface AccountDataPart {
  name: string;
  export(user: UserRow): Promise<unknown>;
}

/**
 * Runs inside the deletion's transaction before the user row goes: cancels what must be cancelled
 * and tells whom it must tell. Returns how many upcoming meetings it cancelled (for the host's mail).
 * Rows are removed by the foreign keys' ON DELETE CASCADE, or by the hook for data without one.
 */
export type AccountDeletionHook = (tx: Tx, user: UserRow) => Promise<number | undefined>;

export function createAccountDataService(
  db: Db,
  deps: { now: () => Date; parts: readonly AccountDataPart[]; onDelete: readonly AccountDeletionHook[] },
) {
  return {
    /** Everything of the account as one JSON document (no password hash, no session tokens). */
    async exportAll(user: UserRow): Promise<AccountExport> {
      const { preferences, hasPassword, ...profile } = toUserProfile(user);
      const data: AccountExport = {
        exportedAt: deps.now().toISOString(),
        user: { ...profile, hasPassword, preferences },
      };
      for (const part of deps.parts) data[part.name] = await part.export(user);
      return data;
    },

    /**
     * Deletes the account after the host typed its email: upcoming meetings are cancelled with a
     * notice to the invitees, then the user row and everything hanging off it go, in one transaction.
     */
    async deleteAccount(user: UserRow, typedEmail: string): Promise<void> {
      if (typedEmail !== user.email) {
        const message = "Type your account's email address to confirm";
        throw badRequest(message, { email: message }, "CONFIRMATION_MISMATCH");
      }
      await db.transaction(async (tx) => {
        let cancelled = 0;
        for (const hook of deps.onDelete) cancelled += (await hook(tx, user)) ?? 0;
        if (!(await createUsersRepo(tx).deleteUser(user.id))) throw notFound("User not found");
        await enqueueMail(tx, accountDeletedMail(user.email, user.name, cancelled, user.appLanguage));
      });
    },
  };
}

export type AccountDataService = ReturnType<typeof createAccountDataService>;
