import { z } from "zod";
import {
  type EventTypeHostsDto,
  type InviteDto,
  type InvitePreviewDto,
  type PublicTeamDto,
  TEAM_ROLES,
  type TeamDetailDto,
  type TeamSummaryDto,
} from "../teams.js";
import { type Agrees, doneEnvelope, envelope, isoDateTime } from "./shared.js";

const teamSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  role: z.enum(TEAM_ROLES),
  memberCount: z.number(),
});
true satisfies Agrees<z.input<typeof teamSummarySchema>, TeamSummaryDto>;

const inviteSchema = z.object({
  _id: z.string(),
  email: z.string(),
  expiresAt: isoDateTime,
  createdAt: isoDateTime,
});
true satisfies Agrees<z.input<typeof inviteSchema>, InviteDto>;

const teamEventTypeSchema = z.object({
  _id: z.string(),
  title: z.string(),
  slug: z.string(),
  type: z.string(),
  duration: z.number(),
  color: z.string(),
  isActive: z.boolean(),
  hosts: z.array(z.object({ _id: z.string(), name: z.string() })),
});

const teamDetailSchema = teamSummarySchema.extend({
  members: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      email: z.string(),
      avatar: z.string().nullable(),
      role: z.enum(TEAM_ROLES),
      joinedAt: isoDateTime,
    }),
  ),
  invites: z.array(inviteSchema),
  eventTypes: z.array(teamEventTypeSchema),
});
true satisfies Agrees<z.input<typeof teamDetailSchema>, TeamDetailDto>;

const invitePreviewSchema = z.object({
  teamName: z.string(),
  teamLogo: z.string().nullable(),
  email: z.string(),
  invitedBy: z.string().nullable(),
  status: z.enum(["pending", "expired", "used"]),
});
true satisfies Agrees<z.input<typeof invitePreviewSchema>, InvitePreviewDto>;

const publicTeamSchema = z.object({
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  members: z.array(z.object({ _id: z.string(), name: z.string(), avatar: z.string().nullable() })),
  eventTypes: z.array(teamEventTypeSchema),
});
true satisfies Agrees<z.input<typeof publicTeamSchema>, PublicTeamDto>;

const eventTypeHostsSchema = z.object({
  teamId: z.string().nullable(),
  hosts: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      avatar: z.string().nullable(),
      weight: z.number(),
      priority: z.number(),
    }),
  ),
});
true satisfies Agrees<z.input<typeof eventTypeHostsSchema>, EventTypeHostsDto>;

export const teamsResponses = {
  list: { 200: envelope(z.array(teamSummarySchema)) },
  created: { 201: envelope(teamDetailSchema) },
  detail: { 200: envelope(teamDetailSchema) },
  publicTeam: { 200: envelope(publicTeamSchema) },
  /** The new invitation with its link (the owner may pass it on by hand). */
  invited: { 201: envelope(inviteSchema.extend({ link: z.string() })) },
  invitePreview: { 200: envelope(invitePreviewSchema) },
  hosts: { 200: envelope(eventTypeHostsSchema) },
  done: { 200: doneEnvelope },
};
