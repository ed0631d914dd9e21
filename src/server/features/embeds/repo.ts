import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { embedSettings, eventTypes, teamMembers, teams, users } from "../../db/schema/index.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whose booking page a framed request is for: by the address's username, event type, team or poll. */
export type EmbedPage =
  | { username: string }
  | { userId: string }
  | { bookSlug: string }
  | { teamSlug: string }
  | { pollSlug: string };

export function createEmbedsRepo(db: Db) {
  /** The host of the page, as a subquery (null when the page names nobody). */
  const hostOf = (page: EmbedPage) => {
    if ("userId" in page) return sql`${page.userId}::uuid`;
    if ("username" in page)
      return sql`(select ${users.id} from ${users} where ${users.username} = ${page.username})`;
    if ("teamSlug" in page)
      return sql`(select ${teamMembers.userId} from ${teamMembers} join ${teams} on ${teams.id} = ${teamMembers.teamId}
        where ${teams.slug} = ${page.teamSlug} and ${teamMembers.role} = 'owner'
        order by ${teamMembers.createdAt} limit 1)`;
    // /book/{slug} is the oldest event type with the slug (as event types' findBySlugWithHost reads it).
    const slug = "bookSlug" in page ? page.bookSlug : page.pollSlug;
    const kind = "pollSlug" in page ? sql`and ${eventTypes.kind} = 'poll'` : sql``;
    return sql`(select ${eventTypes.userId} from ${eventTypes} where ${eventTypes.slug} = ${slug} ${kind}
      order by ${eventTypes.createdAt} asc limit 1)`;
  };

  return {
    /** The allowed origins of the page's host; an empty list when they set none (or nobody is found). */
    async allowedFor(page: EmbedPage): Promise<string[]> {
      if ("userId" in page && !UUID.test(page.userId)) return [];
      const [row] = await db
        .select({ allowedOrigins: embedSettings.allowedOrigins })
        .from(embedSettings)
        .where(sql`${embedSettings.userId} = ${hostOf(page)}`)
        .limit(1);
      return row?.allowedOrigins ?? [];
    },

    async get(userId: string): Promise<string[]> {
      const [row] = await db
        .select({ allowedOrigins: embedSettings.allowedOrigins })
        .from(embedSettings)
        .where(eq(embedSettings.userId, userId));
      return row?.allowedOrigins ?? [];
    },

    async put(userId: string, allowedOrigins: string[], at: Date): Promise<string[]> {
      const [row] = await db
        .insert(embedSettings)
        .values({ userId, allowedOrigins, updatedAt: at })
        .onConflictDoUpdate({ target: embedSettings.userId, set: { allowedOrigins, updatedAt: at } })
        .returning({ allowedOrigins: embedSettings.allowedOrigins });
      return row.allowedOrigins;
    },
  };
}
