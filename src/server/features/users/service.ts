import type { PublicUser, UserProfile } from "../../../contract/auth.js";
import type { Db } from "../../db/client.js";
import type { UserPreferences, UserRow } from "../../db/schema/index.js";
import { notFound } from "../../lib/errors.js";
import { createUsersRepo } from "./repo.js";

/** Other features add their public parts (active event types) to a host's public page. */
export type PublicProfileExtension = (user: UserRow) => Promise<Record<string, unknown>>;

export function createUsersService(db: Db, publicExtensions: PublicProfileExtension[] = []) {
  const repo = createUsersRepo(db);
  return {
    async publicProfile(userId: string): Promise<{ user: UserRow; extra: Record<string, unknown> }> {
      const user = await repo.findById(userId);
      if (!user) throw notFound("User not found");
      const parts = await Promise.all(publicExtensions.map((extend) => extend(user)));
      return { user, extra: Object.assign({ eventTypes: [] }, ...parts) };
    },

    async updatePreferences(user: UserRow, patch: UserPreferences): Promise<UserRow> {
      const updated = await repo.updatePreferences(user.id, { ...user.preferences, ...patch });
      if (!updated) throw notFound("User not found");
      return updated;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

/** What anyone may see of a host. */
export const toPublicUser = (u: UserRow): PublicUser => ({
  _id: u.id,
  name: u.name,
  email: u.email,
  avatar: u.avatar,
  timezone: u.timezone,
  createdAt: u.createdAt.toISOString(),
});

/** What the signed-in host sees of themself. */
export const toUserProfile = (u: UserRow): UserProfile => ({
  ...toPublicUser(u),
  preferences: u.preferences,
});
