import type { ChangeEmailBody, ChangePasswordBody, ResetPasswordBody } from "../../../contract/users.js";
import type { Db, Tx } from "../../db/client.js";
import type { UserRow } from "../../db/schema/index.js";
import { hashPassword, randomToken, sha256, verifyPassword } from "../../lib/crypto.js";
import { databaseErrorCode } from "../../lib/error-handler.js";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors.js";
import type { Registry } from "../../lib/registry.js";
import {
  confirmEmailMail,
  emailChangeNoticeMail,
  passwordChangedMail,
  passwordResetMail,
} from "../../mail/account-mails.js";
import { enqueueMail } from "../../mail/outbox.js";
import type { AccountChange, AccountListener } from "./events.js";
import { createUsersRepo } from "./repo.js";
import { createTokensRepo } from "./repo-tokens.js";

const RESET_MS = 60 * 60_000;
const EMAIL_CHANGE_MS = 24 * 60 * 60_000;
const WRONG_PASSWORD = "Your current password is not correct";
const LINK_INVALID = "This link is invalid or has expired. Ask for a new one.";
const EMAIL_TAKEN = "An account with this email already exists";

export interface SecurityDeps {
  /** Told of a changed password inside its transaction (auth ends the other sessions: events.ts). */
  listeners: Registry<AccountListener>;
  now: () => Date;
  publicUrl: string;
}

/** Password, email and password-reset flows; every link is single use and only its hash is stored. */
export function createSecurityService(db: Db, deps: SecurityDeps) {
  const { listeners, now, publicUrl } = deps;
  const announce = async (tx: Tx, change: AccountChange) => {
    for (const listener of listeners.items) await listener(tx, change);
  };
  const link = (path: string, token: string) => `${publicUrl}${path}?token=${encodeURIComponent(token)}`;

  async function checkPassword(user: UserRow, password: string | undefined): Promise<void> {
    const ok = !!user.passwordHash && !!password && (await verifyPassword(user.passwordHash, password));
    if (!ok) throw badRequest(WRONG_PASSWORD, { currentPassword: WRONG_PASSWORD }, "WRONG_PASSWORD");
  }

  return {
    /** Needs the current password; every other session ends at once, this one stays. */
    async changePassword(user: UserRow, sessionId: string, body: ChangePasswordBody): Promise<void> {
      await checkPassword(user, body.currentPassword);
      const passwordHash = await hashPassword(body.newPassword);
      await db.transaction(async (tx) => {
        await createUsersRepo(tx).setPasswordHash(user.id, passwordHash);
        await announce(tx, { kind: "password", userId: user.id, keepSessionId: sessionId });
        await createTokensRepo(tx).voidOpen(user.id, "password-reset", now());
        await enqueueMail(tx, passwordChangedMail(user.email, user.name, "changed", user.appLanguage));
      });
    },

    /** Sends a confirmation link to the new address and tells the current one; nothing changes yet. */
    async requestEmailChange(user: UserRow, body: ChangeEmailBody): Promise<void> {
      if (user.passwordHash) await checkPassword(user, body.currentPassword);
      if (body.newEmail === user.email) {
        throw badRequest("This is already your email address", { newEmail: "This is your current address" });
      }
      const repo = createUsersRepo(db);
      if (await repo.findByEmail(body.newEmail)) throw conflict(EMAIL_TAKEN, "EMAIL_TAKEN");
      const token = randomToken();
      await db.transaction(async (tx) => {
        const tokens = createTokensRepo(tx);
        await tokens.voidOpen(user.id, "email-change", now());
        await tokens.insert({
          userId: user.id,
          kind: "email-change",
          tokenHash: sha256(token),
          expiresAt: new Date(now().getTime() + EMAIL_CHANGE_MS),
          newEmail: body.newEmail,
        });
        await enqueueMail(tx, [
          confirmEmailMail(body.newEmail, user.name, link("/confirm-email", token), user.appLanguage),
          emailChangeNoticeMail(user.email, user.name, body.newEmail, user.appLanguage),
        ]);
      });
    },

    /** Opening the link sent to the new address makes the change (no session needed: any browser). */
    async confirmEmailChange(token: string): Promise<UserRow> {
      try {
        return await db.transaction(async (tx) => {
          const row = await createTokensRepo(tx).consume(sha256(token), "email-change", now());
          if (!row?.newEmail) throw badRequest(LINK_INVALID, undefined, "INVALID_TOKEN");
          const updated = await createUsersRepo(tx).setEmail(row.userId, row.newEmail);
          if (!updated) throw notFound("User not found");
          return updated;
        });
      } catch (error) {
        // Another account took the address after the link was sent: the link stays unused.
        if (databaseErrorCode(error) === "23505") throw conflict(EMAIL_TAKEN, "EMAIL_TAKEN");
        throw error;
      }
    },

    /**
     * Mails a reset link valid for an hour when the address has an account. The caller answers the
     * same either way, so the form never tells who has an account.
     */
    async forgotPassword(email: string): Promise<void> {
      const user = await createUsersRepo(db).findByEmail(email);
      if (!user) return;
      const token = randomToken();
      await db.transaction(async (tx) => {
        const tokens = createTokensRepo(tx);
        await tokens.voidOpen(user.id, "password-reset", now());
        await tokens.insert({
          userId: user.id,
          kind: "password-reset",
          tokenHash: sha256(token),
          expiresAt: new Date(now().getTime() + RESET_MS),
        });
        await enqueueMail(
          tx,
          passwordResetMail(user.email, user.name, link("/reset-password", token), user.appLanguage),
        );
      });
    },

    /** Sets the new password from a reset link (once, within the hour) and ends every session. */
    async resetPassword(body: ResetPasswordBody): Promise<void> {
      const passwordHash = await hashPassword(body.password);
      await db.transaction(async (tx) => {
        const row = await createTokensRepo(tx).consume(sha256(body.token), "password-reset", now());
        if (!row) throw new AppError("INVALID_TOKEN", LINK_INVALID);
        const repo = createUsersRepo(tx);
        const user = await repo.findById(row.userId);
        if (!user) throw new AppError("INVALID_TOKEN", LINK_INVALID);
        await repo.setPasswordHash(user.id, passwordHash);
        await announce(tx, { kind: "password", userId: user.id });
        await enqueueMail(tx, passwordChangedMail(user.email, user.name, "reset", user.appLanguage));
      });
    },
  };
}

export type SecurityService = ReturnType<typeof createSecurityService>;
