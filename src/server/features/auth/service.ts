import type { LoginBody, RegisterBody } from "../../../contract/auth.js";
import { DEFAULT_TIMEZONE } from "../../../contract/common.js";
import type { Db, Tx } from "../../db/client.js";
import type { UserRow } from "../../db/schema/index.js";
import { hashPassword, randomToken, sha256, verifyPassword } from "../../lib/crypto.js";
import { AppError, conflict } from "../../lib/errors.js";
import { createAuthRepo, type NewUser } from "./repo.js";

const SESSION_DAYS = 30;
const LOGIN_FAILED = "Invalid email or password";

/** Features that set up a new host (the default schedule, settings) register here. */
export type UserCreatedHook = (tx: Tx, user: UserRow) => Promise<void>;

export function createAuthService(db: Db, now: () => Date, onUserCreated: UserCreatedHook[] = []) {
  // Unknown emails are verified against this hash so they cost the same time as wrong passwords.
  const dummyHash = hashPassword(randomToken());

  async function startSession(userId: string): Promise<string> {
    const token = randomToken();
    const expiresAt = new Date(now().getTime() + SESSION_DAYS * 86_400_000);
    await createAuthRepo(db).insertSession(userId, sha256(token), expiresAt);
    return token;
  }

  /** Inserts a user and sets up what every new host gets; undefined when the email is taken. */
  async function createUser(tx: Tx, user: NewUser): Promise<UserRow | undefined> {
    const created = await createAuthRepo(tx).insertUser(user);
    if (created) for (const hook of onUserCreated) await hook(tx, created);
    return created;
  }

  return {
    createUser,
    findUserByEmail: (tx: Tx, email: string) => createAuthRepo(tx).findUserByEmail(email),
    /** A new session for a user who proved who they are (password, or an identity provider). */
    startSession,

    async register(input: RegisterBody): Promise<{ user: UserRow; token: string }> {
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
      return { user, token: await startSession(user.id) };
    },

    async login(input: LoginBody): Promise<{ user: UserRow; token: string }> {
      const user = await createAuthRepo(db).findUserByEmail(input.email);
      const ok = user?.passwordHash
        ? await verifyPassword(user.passwordHash, input.password)
        : await verifyPassword(await dummyHash, input.password).then(() => false);
      if (!user || !ok) throw new AppError(401, LOGIN_FAILED, "INVALID_CREDENTIALS");
      return { user, token: await startSession(user.id) };
    },

    /** The user behind a bearer token, or undefined when it is unknown, revoked or expired. */
    authenticate(token: string): Promise<UserRow | undefined> {
      return createAuthRepo(db).findUserBySessionHash(sha256(token), now());
    },

    logout(token: string): Promise<void> {
      return createAuthRepo(db).deleteSession(sha256(token));
    },

    purgeExpiredSessions(): Promise<void> {
      return createAuthRepo(db).deleteExpiredSessions(now());
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
