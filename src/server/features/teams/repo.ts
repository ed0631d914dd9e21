import { and, asc, count, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import {
  eventTypeHosts,
  eventTypes,
  type TeamRole,
  type TeamRow,
  teamInvites,
  teamMembers,
  teams,
  users,
} from "../../db/schema/index.js";

export interface MemberRow {
  userId: string;
  name: string;
  email: string;
  avatar: string | null;
  role: TeamRole;
  joinedAt: Date;
}

export function createTeamsRepo(db: DbOrTx) {
  return {
    /** Inserts unless the slug is taken; undefined means "try another slug". */
    async insertIfSlugFree(values: {
      name: string;
      slug: string;
      logo: string | null;
    }): Promise<TeamRow | undefined> {
      const [row] = await db
        .insert(teams)
        .values(values)
        .onConflictDoNothing({ target: teams.slug })
        .returning();
      return row;
    },

    async addMember(teamId: string, userId: string, role: TeamRole): Promise<void> {
      await db.insert(teamMembers).values({ teamId, userId, role }).onConflictDoNothing();
    },

    /** The caller's teams with their role and the member count. */
    async listForUser(userId: string) {
      const mine = db
        .select({ teamId: teamMembers.teamId, role: teamMembers.role })
        .from(teamMembers)
        .where(eq(teamMembers.userId, userId))
        .as("mine");
      return db
        .select({
          team: teams,
          role: mine.role,
          memberCount: sql<number>`(select count(*)::int from ${teamMembers} m where m.team_id = "teams"."id")`,
        })
        .from(teams)
        .innerJoin(mine, eq(mine.teamId, teams.id))
        .orderBy(asc(teams.name));
    },

    /** The team and the caller's role in it; undefined when the caller is not a member. */
    async findForMember(
      userId: string,
      teamId: string,
      options: { lock?: boolean } = {},
    ): Promise<{ team: TeamRow; role: TeamRole } | undefined> {
      const query = db
        .select({ team: teams, role: teamMembers.role })
        .from(teams)
        .innerJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, userId)))
        .where(eq(teams.id, teamId))
        .limit(1);
      const [row] = options.lock ? await query.for("update", { of: teams }) : await query;
      return row;
    },

    async findBySlug(slug: string): Promise<TeamRow | undefined> {
      const [row] = await db.select().from(teams).where(eq(teams.slug, slug)).limit(1);
      return row;
    },

    async slugTaken(slug: string, exceptId: string): Promise<boolean> {
      const [row] = await db.select({ id: teams.id }).from(teams).where(eq(teams.slug, slug)).limit(1);
      return !!row && row.id !== exceptId;
    },

    async update(
      teamId: string,
      patch: Partial<Pick<TeamRow, "name" | "slug" | "logo">>,
    ): Promise<TeamRow | undefined> {
      const [row] = await db.update(teams).set(patch).where(eq(teams.id, teamId)).returning();
      return row;
    },

    async delete(teamId: string): Promise<void> {
      await db.delete(teams).where(eq(teams.id, teamId));
    },

    members(teamId: string): Promise<MemberRow[]> {
      return db
        .select({
          userId: users.id,
          name: users.name,
          email: users.email,
          avatar: users.avatar,
          role: teamMembers.role,
          joinedAt: teamMembers.createdAt,
        })
        .from(teamMembers)
        .innerJoin(users, eq(users.id, teamMembers.userId))
        .where(eq(teamMembers.teamId, teamId))
        .orderBy(asc(teamMembers.createdAt), asc(users.name));
    },

    async countOwners(teamId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, "owner")));
      return row?.n ?? 0;
    },

    async setRole(teamId: string, userId: string, role: TeamRole): Promise<boolean> {
      const rows = await db
        .update(teamMembers)
        .set({ role })
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
        .returning({ userId: teamMembers.userId });
      return rows.length > 0;
    },

    /** Removes the member and takes them off the team's event types. */
    async removeMember(teamId: string, userId: string): Promise<boolean> {
      const rows = await db
        .delete(teamMembers)
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
        .returning({ userId: teamMembers.userId });
      if (rows.length === 0) return false;
      await db
        .delete(eventTypeHosts)
        .where(
          and(
            eq(eventTypeHosts.userId, userId),
            inArray(
              eventTypeHosts.eventTypeId,
              db.select({ id: eventTypes.id }).from(eventTypes).where(eq(eventTypes.teamId, teamId)),
            ),
          ),
        );
      return true;
    },

    /** The app language of the account with this address, if there is one: its invitation speaks it. */
    async appLanguageOf(email: string): Promise<string | null> {
      const [row] = await db
        .select({ appLanguage: users.appLanguage })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return row?.appLanguage ?? null;
    },

    async insertInvite(values: typeof teamInvites.$inferInsert) {
      const [row] = await db.insert(teamInvites).values(values).returning();
      return row;
    },

    pendingInvites(teamId: string, now: Date) {
      return db
        .select()
        .from(teamInvites)
        .where(
          and(eq(teamInvites.teamId, teamId), isNull(teamInvites.acceptedAt), gt(teamInvites.expiresAt, now)),
        )
        .orderBy(asc(teamInvites.createdAt));
    },

    async deleteInvite(teamId: string, inviteId: string): Promise<boolean> {
      const rows = await db
        .delete(teamInvites)
        .where(
          and(eq(teamInvites.id, inviteId), eq(teamInvites.teamId, teamId), isNull(teamInvites.acceptedAt)),
        )
        .returning({ id: teamInvites.id });
      return rows.length > 0;
    },

    async inviteByTokenHash(tokenHash: string, options: { lock?: boolean } = {}) {
      const query = db
        .select({ invite: teamInvites, team: teams, inviter: users.name })
        .from(teamInvites)
        .innerJoin(teams, eq(teams.id, teamInvites.teamId))
        .leftJoin(users, eq(users.id, teamInvites.invitedBy))
        .where(eq(teamInvites.tokenHash, tokenHash))
        .limit(1);
      const [row] = options.lock ? await query.for("update", { of: teamInvites }) : await query;
      return row;
    },

    async markInviteUsed(inviteId: string, userId: string, at: Date): Promise<void> {
      await db
        .update(teamInvites)
        .set({ acceptedAt: at, acceptedBy: userId })
        .where(eq(teamInvites.id, inviteId));
    },

    /** The team's event types with their hosts' names. */
    async teamEventTypes(teamId: string, options: { activeOnly?: boolean } = {}) {
      const rows = await db
        .select({
          id: eventTypes.id,
          title: eventTypes.title,
          slug: eventTypes.slug,
          kind: eventTypes.kind,
          duration: eventTypes.duration,
          color: eventTypes.color,
          isActive: eventTypes.isActive,
          hosts: sql<{ _id: string; name: string }[]>`(
            select coalesce(json_agg(json_build_object('_id', u.id, 'name', u.name) order by u.name), '[]'::json)
            from ${eventTypeHosts} h join ${users} u on u.id = h.user_id where h.event_type_id = "event_types"."id")`,
        })
        .from(eventTypes)
        .where(
          and(eq(eventTypes.teamId, teamId), options.activeOnly ? eq(eventTypes.isActive, true) : undefined),
        )
        .orderBy(asc(eventTypes.createdAt));
      return rows;
    },
  };
}
