import type { PublicUser, UserProfile } from "../../../contract/auth.js";
import { matchLocale } from "../../../contract/languages.js";
import { profilePath, usernameFromName, usernameProblem } from "../../../contract/usernames.js";
import type { UpdateProfileBody } from "../../../contract/users.js";
import type { Db, DbOrTx } from "../../db/client.js";
import type { UserPreferences, UserRow } from "../../db/schema/index.js";
import { databaseErrorCode } from "../../lib/error-handler.js";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors.js";
import { createUsersRepo } from "./repo.js";

/** Other features add their public parts (active event types) to a host's public page. */
export type PublicProfileExtension = (user: UserRow) => Promise<Record<string, unknown>>;

/** How long a given-up username keeps redirecting to its former holder (and stays theirs). */
export const USERNAME_REDIRECT_DAYS = 90;
const USERNAME_TAKEN = "This username is taken. Choose another.";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const IMAGE_SIGNATURES: { type: "image/jpeg" | "image/png" | "image/gif"; bytes: number[] }[] = [
  { type: "image/jpeg", bytes: [0xff, 0xd8, 0xff] },
  { type: "image/png", bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: "image/gif", bytes: [0x47, 0x49, 0x46, 0x38] },
];

/** The image type the bytes really are (never what the upload claims), or undefined. */
export function sniffImage(data: Buffer): "image/jpeg" | "image/png" | "image/gif" | undefined {
  return IMAGE_SIGNATURES.find((s) => s.bytes.every((b, i) => data[i] === b))?.type;
}

export function createUsersService(
  db: Db,
  now: () => Date,
  publicExtensions: readonly PublicProfileExtension[] = [],
) {
  const repo = createUsersRepo(db);
  const redirectSince = () => new Date(now().getTime() - USERNAME_REDIRECT_DAYS * 86_400_000);

  return {
    /**
     * The host's public page by id (/user/:userId) or username (/{username}), also by a username given
     * up within 90 days. `canonicalPath` is where the page lives now.
     */
    async publicProfile(
      ref: string,
    ): Promise<{ user: UserRow; extra: Record<string, unknown>; canonicalPath: string }> {
      const key = ref.toLowerCase();
      let user = UUID.test(key) ? await repo.findById(key) : undefined;
      if (!user && usernameProblem(key) === null) {
        user = await repo.findByUsername(key);
        if (!user) {
          const formerId = await repo.formerHolder(key, redirectSince());
          user = formerId ? await repo.findById(formerId) : undefined;
        }
      }
      if (!user) throw notFound("User not found");
      const parts = await Promise.all(publicExtensions.map((extend) => extend(user)));
      return {
        user,
        extra: Object.assign({ eventTypes: [] }, ...parts),
        canonicalPath: profilePath(user.username),
      };
    },

    /** GET /users/:idOrUsername/public's answer (also inlined into the profile page's HTML). */
    async publicProfileView(ref: string): Promise<Record<string, unknown>> {
      const { user, extra, canonicalPath } = await this.publicProfile(ref);
      const { email: _email, ...visible } = toPublicUser(user);
      return { user: visible, ...extra, canonicalPath };
    },

    /**
     * The username now held by whoever gave up `username` within the redirect period; null when
     * someone holds `username` itself or nobody gave it up (the public pages' HTTP redirect).
     */
    async renamedTo(username: string): Promise<string | null> {
      if (usernameProblem(username) !== null || (await repo.findByUsername(username))) return null;
      const formerId = await repo.formerHolder(username, redirectSince());
      const user = formerId ? await repo.findById(formerId) : undefined;
      return user && user.username !== username ? user.username : null;
    },

    /** The id of whoever gave up `username` within the redirect period (event types' old links). */
    formerHolder(username: string): Promise<string | undefined> {
      return repo.formerHolder(username, redirectSince());
    },

    /** A free username for a new host: their name as a username, with -2, -3... when taken. */
    async freeUsername(tx: DbOrTx, name: string): Promise<string> {
      const base = usernameFromName(name);
      const candidates = [base, ...Array.from({ length: 19 }, (_, i) => `${base}-${i + 2}`)];
      const held = await createUsersRepo(tx).heldNames(candidates, redirectSince());
      const free = candidates.find((c) => !held.has(c));
      return free ?? `${base}-${Math.random().toString(36).slice(2, 8)}`;
    },

    async updateProfile(user: UserRow, body: UpdateProfileBody): Promise<UserRow> {
      const updated = await repo.updateProfile(user.id, body);
      if (!updated) throw notFound("User not found");
      return updated;
    },

    async updatePreferences(user: UserRow, patch: UserPreferences): Promise<UserRow> {
      const updated = await repo.updatePreferences(user.id, { ...user.preferences, ...patch });
      if (!updated) throw notFound("User not found");
      return updated;
    },

    /** Whether `username` is free for this user (their own former names are). */
    async usernameAvailable(user: UserRow, username: string): Promise<boolean> {
      if (username === user.username) return true;
      return !(await repo.heldNames([username], redirectSince(), user.id)).has(username);
    },

    /** Changes the username; the old one redirects here for 90 days. Taken or reserved: nothing changes. */
    async changeUsername(user: UserRow, username: string): Promise<UserRow> {
      const problem = usernameProblem(username);
      if (problem) throw badRequest(problem, { username: problem });
      if (username === user.username) return user;
      if (!(await this.usernameAvailable(user, username))) throw conflict(USERNAME_TAKEN, "USERNAME_TAKEN");
      try {
        return await db.transaction(async (tx) => {
          const row = await createUsersRepo(tx).changeUsername(user, username, now());
          if (!row) throw notFound("User not found");
          return row;
        });
      } catch (error) {
        // Another host took it between the check and the update: the unique index decided.
        if (databaseErrorCode(error) === "23505") throw conflict(USERNAME_TAKEN, "USERNAME_TAKEN");
        throw error;
      }
    },

    /** Stores an uploaded avatar after checking what the bytes are; the profile then points at it. */
    async setAvatar(user: UserRow, data: Buffer): Promise<UserRow> {
      const type = sniffImage(data);
      if (!type) throw new AppError("UNSUPPORTED_IMAGE", "Upload a JPG, GIF or PNG image");
      const at = now();
      return db.transaction(async (tx) => {
        const r = createUsersRepo(tx);
        await r.saveAvatar(user.id, type, data, at);
        // The version in the URL lets browsers cache the image for good.
        const updated = await r.updateProfile(user.id, {
          avatar: `/api/users/${user.id}/avatar?v=${at.getTime()}`,
        });
        if (!updated) throw notFound("User not found");
        return updated;
      });
    },

    async removeAvatar(user: UserRow): Promise<UserRow> {
      return db.transaction(async (tx) => {
        const r = createUsersRepo(tx);
        await r.deleteAvatar(user.id);
        const updated = await r.updateProfile(user.id, { avatar: null });
        if (!updated) throw notFound("User not found");
        return updated;
      });
    },

    async avatar(userId: string) {
      const found = UUID.test(userId) ? await repo.findAvatar(userId) : undefined;
      if (!found) throw notFound("Avatar not found");
      return found;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

/** What anyone may see of a host. */
export const toPublicUser = (u: UserRow): PublicUser => ({
  _id: u.id,
  name: u.name,
  email: u.email,
  username: u.username,
  avatar: u.avatar,
  timezone: u.timezone,
  welcomeText: u.welcomeText,
  timeFormat: u.timeFormat,
  weekStart: u.weekStart,
  language: matchLocale(u.language),
  createdAt: u.createdAt.toISOString(),
});

/** What the signed-in host sees of themself. */
export const toUserProfile = (u: UserRow): UserProfile => ({
  ...toPublicUser(u),
  preferences: u.preferences,
  hasPassword: u.passwordHash !== null,
  appLanguage: matchLocale(u.appLanguage),
});
