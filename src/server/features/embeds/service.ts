import type { EmbedSettingsDto } from "../../../contract/embed-settings.js";
import type { Db } from "../../db/client.js";
import type { UserRow } from "../../db/schema/index.js";
import { createEmbedsRepo, type EmbedPage } from "./repo.js";

export type { EmbedPage } from "./repo.js";

/** Settings > Embeds, and the frame-ancestors of the host's public pages (issue 25). */
export function createEmbedsService(db: Db, now: () => Date) {
  const repo = createEmbedsRepo(db);
  return {
    async settings(user: UserRow): Promise<EmbedSettingsDto> {
      return { allowedOrigins: await repo.get(user.id) };
    },

    async update(user: UserRow, allowedOrigins: string[]): Promise<EmbedSettingsDto> {
      return { allowedOrigins: await repo.put(user.id, allowedOrigins, now()) };
    },

    /**
     * Who may frame the page: the host's sites (and Kairos itself, for the Share dialog's preview),
     * or null for any site, the default.
     */
    async frameAncestors(page: EmbedPage): Promise<string[] | null> {
      const allowed = await repo.allowedFor(page);
      return allowed.length > 0 ? ["'self'", ...allowed] : null;
    },
  };
}

export type EmbedsService = ReturnType<typeof createEmbedsService>;
