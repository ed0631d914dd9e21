import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParams } from "../../../contract/common.js";
import { teamsResponses as responses } from "../../../contract/responses/teams.js";
import {
  createTeamBody,
  eventTypeHostsBody,
  inviteBody,
  inviteTokenParams,
  roleBody,
  teamInviteParams,
  teamMemberParams,
  updateTeamBody,
} from "../../../contract/teams.js";
import type { TeamsService } from "./service.js";
import type { TeamHostsService } from "./service-hosts.js";

export async function teamsRoutes(
  app: FastifyInstance,
  opts: { teams: TeamsService; hosts: TeamHostsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { teams, hosts } = opts;
  const tags = ["teams"];

  r.get("/teams", { schema: { tags, response: responses.list } }, async (request) => ({
    success: true,
    data: await teams.list(request.user),
  }));

  r.post(
    "/teams",
    { schema: { body: createTeamBody, tags, response: responses.created } },
    async (request, reply) => {
      const data = await teams.create(request.user, request.body);
      return reply.status(201).send({ success: true, message: "Team created", data });
    },
  );

  r.get(
    "/teams/:slug/public",
    {
      schema: { params: z.object({ slug: z.string().min(1).max(80) }), tags, response: responses.publicTeam },
    },
    async (request) => ({ success: true, data: await teams.publicTeam(request.params.slug) }),
  );

  r.get(
    "/teams/:id",
    { schema: { params: idParams, tags, response: responses.detail } },
    async (request) => ({
      success: true,
      data: await teams.get(request.user, request.params.id),
    }),
  );

  r.put(
    "/teams/:id",
    { schema: { params: idParams, body: updateTeamBody, tags, response: responses.detail } },
    async (request) => ({
      success: true,
      message: "Team updated",
      data: await teams.update(request.user, request.params.id, request.body),
    }),
  );

  r.delete(
    "/teams/:id",
    { schema: { params: idParams, tags, response: responses.done } },
    async (request) => {
      await teams.remove(request.user, request.params.id);
      return { success: true, message: "Team deleted" };
    },
  );

  r.post(
    "/teams/:id/invites",
    { schema: { params: idParams, body: inviteBody, tags, response: responses.invited } },
    async (request, reply) => {
      const data = await teams.invite(request.user, request.params.id, request.body.email);
      return reply.status(201).send({ success: true, message: "Invitation sent", data });
    },
  );

  r.delete(
    "/teams/:id/invites/:inviteId",
    { schema: { params: teamInviteParams, tags, response: responses.done } },
    async (request) => {
      await teams.revokeInvite(request.user, request.params.id, request.params.inviteId);
      return { success: true, message: "Invitation revoked" };
    },
  );

  r.put(
    "/teams/:id/members/:userId",
    { schema: { params: teamMemberParams, body: roleBody, tags, response: responses.detail } },
    async (request) => ({
      success: true,
      message: "Role updated",
      data: await teams.setRole(request.user, request.params.id, request.params.userId, request.body.role),
    }),
  );

  r.delete(
    "/teams/:id/members/:userId",
    { schema: { params: teamMemberParams, tags, response: responses.done } },
    async (request) => {
      await teams.removeMember(request.user, request.params.id, request.params.userId);
      return {
        success: true,
        message: request.params.userId === request.user.id ? "You left the team" : "Member removed",
      };
    },
  );

  r.get(
    "/team-invites/:token",
    { schema: { params: inviteTokenParams, tags, response: responses.invitePreview } },
    async (request) => ({
      success: true,
      data: await teams.previewInvite(request.params.token),
    }),
  );

  r.post(
    "/team-invites/:token/accept",
    { schema: { params: inviteTokenParams, tags, response: responses.detail } },
    async (request) => ({
      success: true,
      message: "You joined the team",
      data: await teams.acceptInvite(request.user, request.params.token),
    }),
  );

  r.get(
    "/event-types/:id/hosts",
    { schema: { params: idParams, tags, response: responses.hosts } },
    async (request) => ({
      success: true,
      data: await hosts.get(request.user, request.params.id),
    }),
  );

  r.put(
    "/event-types/:id/hosts",
    { schema: { params: idParams, body: eventTypeHostsBody, tags, response: responses.hosts } },
    async (request) => ({
      success: true,
      message: "Hosts updated",
      data: await hosts.set(request.user, request.params.id, request.body),
    }),
  );
}
