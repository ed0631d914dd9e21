import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { eventTypeHosts, eventTypes, teamMembers, teams, users } from "../../db/schema/index.js";

export function createHostsRepo(db: DbOrTx) {
  return {
    /** The event type's owner, kind and team, if the user owns it or belongs to its team. */
    async eventTypeVisibleTo(userId: string, eventTypeId: string) {
      const [row] = await db
        .select({
          id: eventTypes.id,
          userId: eventTypes.userId,
          kind: eventTypes.kind,
          teamId: eventTypes.teamId,
        })
        .from(eventTypes)
        .where(eq(eventTypes.id, eventTypeId))
        .limit(1);
      if (!row) return undefined;
      if (row.userId === userId) return row;
      return row.teamId && (await this.isMember(userId, row.teamId)) ? row : undefined;
    },

    async isMember(userId: string, teamId: string): Promise<boolean> {
      const [row] = await db
        .select({ userId: teamMembers.userId })
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
        .limit(1);
      return !!row;
    },

    async hostsOfTeam(teamId: string, userIds: string[]): Promise<string[]> {
      if (userIds.length === 0) return [];
      const rows = await db
        .select({ userId: teamMembers.userId })
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, userIds)));
      return rows.map((r) => r.userId);
    },

    hosts(eventTypeId: string) {
      return db
        .select({
          userId: users.id,
          name: users.name,
          avatar: users.avatar,
          weight: eventTypeHosts.weight,
          priority: eventTypeHosts.priority,
        })
        .from(eventTypeHosts)
        .innerJoin(users, eq(users.id, eventTypeHosts.userId))
        .where(eq(eventTypeHosts.eventTypeId, eventTypeId))
        .orderBy(asc(users.name));
    },

    /** Hosts and team of several event types at once (cards and public pages). */
    async hostsOf(eventTypeIds: string[]) {
      if (eventTypeIds.length === 0) return [];
      return db
        .select({
          eventTypeId: eventTypeHosts.eventTypeId,
          userId: users.id,
          name: users.name,
          avatar: users.avatar,
        })
        .from(eventTypeHosts)
        .innerJoin(users, eq(users.id, eventTypeHosts.userId))
        .where(inArray(eventTypeHosts.eventTypeId, eventTypeIds))
        .orderBy(asc(users.name));
    },

    async teamsOf(teamIds: string[]) {
      if (teamIds.length === 0) return [];
      return db
        .select({ id: teams.id, name: teams.name, slug: teams.slug, logo: teams.logo })
        .from(teams)
        .where(inArray(teams.id, teamIds));
    },

    async replace(
      eventTypeId: string,
      teamId: string,
      hosts: { userId: string; weight: number; priority: number }[],
    ): Promise<void> {
      await db
        .update(eventTypes)
        .set({ teamId, updatedAt: new Date() })
        .where(eq(eventTypes.id, eventTypeId));
      await db.delete(eventTypeHosts).where(eq(eventTypeHosts.eventTypeId, eventTypeId));
      if (hosts.length > 0) await db.insert(eventTypeHosts).values(hosts.map((h) => ({ eventTypeId, ...h })));
    },

    /** A duplicate's hosts: the original's rows under the copy's id (its team came with its row). */
    async copyHosts(fromId: string, toId: string): Promise<void> {
      const rows = await db
        .select({
          userId: eventTypeHosts.userId,
          weight: eventTypeHosts.weight,
          priority: eventTypeHosts.priority,
        })
        .from(eventTypeHosts)
        .where(eq(eventTypeHosts.eventTypeId, fromId));
      if (rows.length > 0)
        await db.insert(eventTypeHosts).values(rows.map((r) => ({ eventTypeId: toId, ...r })));
    },
  };
}
