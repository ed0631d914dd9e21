import { randomUUID } from "node:crypto";
import type { EventKind } from "../../../contract/event-types.js";
import { slugify } from "../../../contract/event-types.js";
import {
  type CreateTeamBody,
  INVITE_DAYS,
  type InviteDto,
  type InvitePreviewDto,
  type PublicTeamDto,
  type TeamDetailDto,
  type TeamEventTypeDto,
  type TeamSummaryDto,
  type UpdateTeamBody,
} from "../../../contract/teams.js";
import type { Db } from "../../db/client.js";
import type { TeamRole, TeamRow, UserRow } from "../../db/schema/index.js";
import { randomToken, sha256 } from "../../lib/crypto.js";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors.js";
import { enqueueMail } from "../../mail/outbox.js";
import { teamInviteMail } from "../../mail/team-mails.js";
import { isBookable } from "../event-types/service-bookable.js";
import { createTeamsRepo } from "./repo.js";

const TEAM_NOT_FOUND = "Team not found";
const DAY_MS = 86_400_000;
const forbidden = (message: string) => new AppError("FORBIDDEN", message);

export interface TeamsDeps {
  now: () => Date;
  publicUrl: string;
}

export function createTeamsService(db: Db, deps: TeamsDeps) {
  const { now } = deps;
  const repo = createTeamsRepo(db);

  /** The team if the caller is a member (else 404: another team's existence is not revealed). */
  async function membership(userId: string, teamId: string) {
    const found = await repo.findForMember(userId, teamId);
    if (!found) throw notFound(TEAM_NOT_FOUND);
    return found;
  }

  async function asOwner(userId: string, teamId: string) {
    const found = await membership(userId, teamId);
    if (found.role !== "owner") throw forbidden("Only team owners can do this.");
    return found;
  }

  async function detail(team: TeamRow, role: TeamRole): Promise<TeamDetailDto> {
    const [members, invites, eventTypes] = await Promise.all([
      repo.members(team.id),
      role === "owner" ? repo.pendingInvites(team.id, now()) : Promise.resolve([]),
      repo.teamEventTypes(team.id),
    ]);
    return {
      ...summary(team, role, members.length),
      members: members.map((m) => ({
        _id: m.userId,
        name: m.name,
        email: m.email,
        avatar: m.avatar,
        role: m.role,
        joinedAt: m.joinedAt.toISOString(),
      })),
      invites: invites.map(
        (i): InviteDto => ({
          _id: i.id,
          email: i.email,
          expiresAt: i.expiresAt.toISOString(),
          createdAt: i.createdAt.toISOString(),
        }),
      ),
      eventTypes: eventTypes.map(toTeamEventType),
    };
  }

  return {
    async list(user: UserRow): Promise<TeamSummaryDto[]> {
      const rows = await repo.listForUser(user.id);
      return rows.map((r) => summary(r.team, r.role, Number(r.memberCount)));
    },

    async create(user: UserRow, body: CreateTeamBody): Promise<TeamDetailDto> {
      return db.transaction(async (tx) => {
        const txRepo = createTeamsRepo(tx);
        const values = { name: body.name, logo: body.logo ?? null };
        let team: TeamRow | undefined;
        if (body.slug) {
          team = await txRepo.insertIfSlugFree({ ...values, slug: body.slug });
          if (!team) throw conflict("This team link is already taken. Choose another.", "SLUG_TAKEN");
        } else {
          const base = slugify(body.name);
          for (let n = 1; !team && n <= 20; n++) {
            team = await txRepo.insertIfSlugFree({ ...values, slug: n === 1 ? base : `${base}-${n}` });
          }
          team ??= await txRepo.insertIfSlugFree({ ...values, slug: `${base}-${randomUUID().slice(0, 8)}` });
          if (!team) throw conflict("Could not find a free link for this team");
        }
        await txRepo.addMember(team.id, user.id, "owner");
        return {
          ...summary(team, "owner", 1),
          members: [
            {
              _id: user.id,
              name: user.name,
              email: user.email,
              avatar: user.avatar,
              role: "owner",
              joinedAt: team.createdAt.toISOString(),
            },
          ],
          invites: [],
          eventTypes: [],
        };
      });
    },

    async get(user: UserRow, teamId: string): Promise<TeamDetailDto> {
      const { team, role } = await membership(user.id, teamId);
      return detail(team, role);
    },

    async update(user: UserRow, teamId: string, body: UpdateTeamBody): Promise<TeamDetailDto> {
      await asOwner(user.id, teamId);
      if (body.slug && (await repo.slugTaken(body.slug, teamId))) {
        throw conflict("This team link is already taken. Choose another.", "SLUG_TAKEN");
      }
      const team = await repo.update(teamId, body);
      if (!team) throw notFound(TEAM_NOT_FOUND);
      return detail(team, "owner");
    },

    async remove(user: UserRow, teamId: string): Promise<void> {
      await asOwner(user.id, teamId);
      await repo.delete(teamId);
    },

    /** Mails a single-use link valid for 7 days; answers with the link too, for the owner to share. */
    async invite(user: UserRow, teamId: string, email: string): Promise<InviteDto & { link: string }> {
      const { team } = await asOwner(user.id, teamId);
      const members = await repo.members(teamId);
      if (members.some((m) => m.email === email))
        throw conflict("This person is already a member of the team.");
      const token = randomToken(32);
      const link = `${deps.publicUrl}/team-invite/${token}`;
      const language = await repo.appLanguageOf(email);
      const row = await db.transaction(async (tx) => {
        const inserted = await createTeamsRepo(tx).insertInvite({
          teamId,
          email,
          tokenHash: sha256(token),
          invitedBy: user.id,
          expiresAt: new Date(now().getTime() + INVITE_DAYS * DAY_MS),
        });
        await enqueueMail(
          tx,
          teamInviteMail(email, {
            inviterName: user.name,
            teamName: team.name,
            link,
            days: INVITE_DAYS,
            language,
          }),
        );
        return inserted;
      });
      return {
        _id: row.id,
        email: row.email,
        expiresAt: row.expiresAt.toISOString(),
        createdAt: row.createdAt.toISOString(),
        link,
      };
    },

    async revokeInvite(user: UserRow, teamId: string, inviteId: string): Promise<void> {
      await asOwner(user.id, teamId);
      if (!(await repo.deleteInvite(teamId, inviteId))) throw notFound("Invitation not found");
    },

    async previewInvite(token: string): Promise<InvitePreviewDto> {
      const found = await repo.inviteByTokenHash(sha256(token));
      if (!found) throw notFound("Invitation not found");
      const { invite, team } = found;
      return {
        teamName: team.name,
        teamLogo: team.logo,
        email: invite.email,
        invitedBy: found.inviter,
        status: invite.acceptedAt ? "used" : invite.expiresAt <= now() ? "expired" : "pending",
      };
    },

    /** Joins the team as a member; the link works once, for the address it was sent to, within 7 days. */
    async acceptInvite(user: UserRow, token: string): Promise<TeamDetailDto> {
      const teamId = await db.transaction(async (tx) => {
        const txRepo = createTeamsRepo(tx);
        const found = await txRepo.inviteByTokenHash(sha256(token), { lock: true });
        if (!found) throw notFound("Invitation not found");
        const { invite } = found;
        if (invite.acceptedAt) throw new AppError("INVITE_USED", "This invitation has already been used.");
        if (invite.expiresAt <= now()) throw new AppError("INVITE_EXPIRED", "This invitation has expired.");
        if (invite.email !== user.email.toLowerCase()) {
          throw forbidden(
            `This invitation was sent to ${invite.email}. Sign in with that address to accept it.`,
          );
        }
        await txRepo.addMember(invite.teamId, user.id, "member");
        await txRepo.markInviteUsed(invite.id, user.id, now());
        return invite.teamId;
      });
      const { team, role } = await membership(user.id, teamId);
      return detail(team, role);
    },

    async setRole(user: UserRow, teamId: string, memberId: string, role: TeamRole): Promise<TeamDetailDto> {
      await db.transaction(async (tx) => {
        const txRepo = createTeamsRepo(tx);
        const mine = await txRepo.findForMember(user.id, teamId, { lock: true });
        if (!mine) throw notFound(TEAM_NOT_FOUND);
        if (mine.role !== "owner") throw forbidden("Only team owners can do this.");
        if (role === "member" && (await txRepo.countOwners(teamId)) <= 1 && memberId === user.id) {
          throw badRequest("A team needs at least one owner. Make someone else an owner first.");
        }
        if (!(await txRepo.setRole(teamId, memberId, role))) throw notFound("Member not found");
      });
      return this.get(user, teamId);
    },

    /** An owner removes a member; anyone removes themself (leaves). The last owner cannot leave. */
    async removeMember(user: UserRow, teamId: string, memberId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const txRepo = createTeamsRepo(tx);
        // The team row lock serialises owner changes, so two owners cannot both leave at once.
        const mine = await txRepo.findForMember(user.id, teamId, { lock: true });
        if (!mine) throw notFound(TEAM_NOT_FOUND);
        if (memberId !== user.id && mine.role !== "owner")
          throw forbidden("Only team owners can remove members.");
        const members = await txRepo.members(teamId);
        const target = members.find((m) => m.userId === memberId);
        if (!target) throw notFound("Member not found");
        if (target.role === "owner" && members.filter((m) => m.role === "owner").length <= 1) {
          throw badRequest("A team needs at least one owner. Make someone else an owner first.");
        }
        await txRepo.removeMember(teamId, memberId);
      });
    },

    async publicTeam(slug: string): Promise<PublicTeamDto> {
      const team = await repo.findBySlug(slug.toLowerCase());
      if (!team) throw notFound(TEAM_NOT_FOUND);
      const [members, eventTypes] = await Promise.all([
        repo.members(team.id),
        repo.teamEventTypes(team.id, { activeOnly: true }),
      ]);
      return {
        name: team.name,
        slug: team.slug,
        logo: team.logo,
        members: members.map((m) => ({ _id: m.userId, name: m.name, avatar: m.avatar })),
        // A type whose hosts all left is not offered until it has hosts again.
        eventTypes: eventTypes
          .filter((e) => isBookable({ kind: e.kind as EventKind, fixedTimes: [] }, e.hosts.length))
          .map(toTeamEventType),
      };
    },
  };
}

export type TeamsService = ReturnType<typeof createTeamsService>;

function summary(team: TeamRow, role: TeamRole, memberCount: number): TeamSummaryDto {
  return { _id: team.id, name: team.name, slug: team.slug, logo: team.logo, role, memberCount };
}

function toTeamEventType(e: {
  id: string;
  title: string;
  slug: string;
  kind: string;
  duration: number;
  color: string;
  isActive: boolean;
  hosts: { _id: string; name: string }[];
}): TeamEventTypeDto {
  return {
    _id: e.id,
    title: e.title,
    slug: e.slug,
    type: e.kind,
    duration: e.duration,
    color: e.color,
    isActive: e.isActive,
    hosts: e.hosts,
  };
}
