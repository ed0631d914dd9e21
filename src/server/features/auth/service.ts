import type { LoginBody, RegisterBody } from "../../../contract/auth.js";
import { DEFAULT_TIMEZONE } from "../../../contract/common.js";
import type { SessionDto } from "../../../contract/users.js";
import type { Db, DbOrTx, Tx } from "../../db/client.js";
import type { UserRow } from "../../db/schema/index.js";
import { hashPassword, randomToken, sha256, verifyPassword } from "../../lib/crypto.js";
import { AppError, conflict, notFound } from "../../lib/errors.js";
import { deviceName } from "../../lib/user-agent.js";
import { createAuthRepo, createSessionLookup, type NewUser } from "./repo.js";

const SESSION_DAYS = 30;
/** "Last used" is a hint, not an audit log: refreshing it at most this often keeps reads read-only. */
const TOUCH_EVERY_MS = 5 * 60_000;
const LOGIN_FAILED = "Invalid email or password";
const USERNAME_ATTEMPTS = 5;

/** Features that set up a new host (the default schedule, settings) register here. */
export type UserCreatedHook = (tx: Tx, user: UserRow) => Promise<void>;

export interface AuthDeps {
  /** Hooks run inside the sign-up transaction. */
  onUserCreated?: readonly UserCreatedHook[];
  /** A username nobody holds (nor gave up within 90 days), derived from the new host's name. */
  freeUsername?: (tx: DbOrTx, name: string) => Promise<string>;
}

export interface SessionInfo {
  user: UserRow;
  sessionId: string;
}

export function createAuthService(db: Db, now: () => Date, deps: AuthDeps = {}) {
  const { onUserCreated = [], freeUsername } = deps;
  // Unknown emails are verified against this hash so they cost the same time as wrong passwords.
  const dummyHash = hashPassword(randomToken());
  const findSession = createSessionLookup(db);

  async function startSession(userId: string, userAgent?: string | null): Promise<string> {
    const token = randomToken();
    const expiresAt = new Date(now().getTime() + SESSION_DAYS * 86_400_000);
    await createAuthRepo(db).insertSession(
      userId,
      sha256(token),
      expiresAt,
      userAgent?.slice(0, 500) ?? null,
    );
    return token;
  }

  /**
   * Inserts a user with a username made from their name and sets up what every new host gets;
   * undefined when the email is taken.
   */
  async function createUser(tx: Tx, user: Omit<NewUser, "username">): Promise<UserRow | undefined> {
    const repo = createAuthRepo(tx);
    for (let attempt = 0; attempt < USERNAME_ATTEMPTS; attempt++) {
      const username = freeUsername
        ? await freeUsername(tx, user.name)
        : `user-${randomToken(6)
            .toLowerCase()
            .replace(/[^a-z0-9]/g, "x")}`;
      const created = await repo.insertUser({ ...user, username });
      if (created) {
        for (const hook of onUserCreated) await hook(tx, created);
        return created;
      }
      if (await repo.findUserByEmail(user.email)) return undefined;
      // Someone took the username between the check and the insert: pick again.
    }
    throw conflict("Could not create the account. Please try again.");
  }

  return {
    createUser,
    findUserByEmail: (tx: Tx, email: string) => createAuthRepo(tx).findUserByEmail(email),
    /** A new session for a user who proved who they are (password, or an identity provider). */
    startSession,

    async register(
      input: RegisterBody,
      userAgent?: string | null,
    ): Promise<{ user: UserRow; token: string }> {
      const passwordHash = await hashPassword(input.password);
      const user = await db.transaction(async (tx) => {
        const created = await createUser(tx, {
          name: input.name,
          email: input.email,
          passwordHash,
          timezone: input.timezone ?? DEFAULT_TIMEZONE,
        });
        if (!created) throw conflict("An account with this email already exists", "EMAIL_TAKEN");
        return created;
      });
      return { user, token: await startSession(user.id, userAgent) };
    },

    async login(input: LoginBody, userAgent?: string | null): Promise<{ user: UserRow; token: string }> {
      const user = await createAuthRepo(db).findUserByEmail(input.email);
      const ok = user?.passwordHash
        ? await verifyPassword(user.passwordHash, input.password)
        : await verifyPassword(await dummyHash, input.password).then(() => false);
      if (!user || !ok) throw new AppError("INVALID_CREDENTIALS", LOGIN_FAILED);
      return { user, token: await startSession(user.id, userAgent) };
    },

    /** The user behind a bearer token, or undefined when it is unknown, revoked or expired. */
    async authenticate(token: string): Promise<UserRow | undefined> {
      return (await this.authenticateSession(token))?.user;
    },

    /** The user and session behind a bearer token; refreshes the session's "last used" now and then. */
    async authenticateSession(token: string): Promise<SessionInfo | undefined> {
      const at = now();
      const found = await findSession(sha256(token), at);
      if (!found) return undefined;
      if (at.getTime() - found.lastUsedAt.getTime() > TOUCH_EVERY_MS)
        await createAuthRepo(db).touchSession(found.sessionId, at);
      return { user: found.user, sessionId: found.sessionId };
    },

    logout(token: string): Promise<void> {
      return createAuthRepo(db).deleteSession(sha256(token));
    },

    async listSessions(userId: string, currentId: string): Promise<SessionDto[]> {
      const rows = await createAuthRepo(db).listSessions(userId, now());
      return rows.map((s) => ({
        _id: s.id,
        device: deviceName(s.userAgent),
        createdAt: s.createdAt.toISOString(),
        lastUsedAt: s.lastUsedAt.toISOString(),
        current: s.id === currentId,
      }));
    },

    /** Ends one of the user's sessions; another user's reads as not found. */
    async revokeSession(userId: string, id: string): Promise<void> {
      if (!(await createAuthRepo(db).deleteSessionOf(userId, id))) throw notFound("Session not found");
    },

    /** Ends every session of the user but `keepId` (all when undefined); `tx` joins a caller's transaction. */
    revokeSessions(userId: string, keepId?: string, tx: DbOrTx = db): Promise<void> {
      return createAuthRepo(tx).deleteSessionsOf(userId, keepId);
    },

    purgeExpiredSessions(): Promise<void> {
      return createAuthRepo(db).deleteExpiredSessions(now());
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
