import { z } from "zod";
import { hostEntry, SLUG_PATTERN } from "./event-types.js";

/**
 * Teams (issue 11).
 * - GET    /teams                          -> TeamSummaryDto[]  (the caller's teams)
 * - POST   /teams {name, slug?, logo?}      -> TeamDetailDto (caller is owner)
 * - GET    /teams/:id                      -> TeamDetailDto     (members only; others 404)
 * - PUT    /teams/:id {name?, slug?, logo?} -> TeamDetailDto     (owners)
 * - DELETE /teams/:id                                           (owners)
 * - POST   /teams/:id/invites {email}      -> InviteDto (+ link) (owners; mails a 7-day single-use link)
 * - DELETE /teams/:id/invites/:inviteId                         (owners)
 * - PUT    /teams/:id/members/:userId {role}                    (owners)
 * - DELETE /teams/:id/members/:userId                           (owners remove; anyone leaves)
 * - GET    /team-invites/:token             -> InvitePreviewDto (public)
 * - POST   /team-invites/:token/accept      -> TeamDetailDto    (signed in as the invited address)
 * - GET    /teams/:slug/public              -> PublicTeamDto
 * - GET    /event-types/:id/hosts           -> EventTypeHostsDto (the event type's owner or team members)
 * - PUT    /event-types/:id/hosts {teamId, hosts} -> EventTypeHostsDto (the event type's owner)
 */

export const TEAM_ROLES = ["owner", "member"] as const;
export type TeamRoleName = (typeof TEAM_ROLES)[number];
export const INVITE_DAYS = 7;
/** A logo is an https URL or an image data URL of at most ~200 KB. */
export const LOGO_MAX = 280_000;

const logoSchema = z
  .string()
  .max(LOGO_MAX, "The logo is too large (200 KB at most)")
  .refine(
    (v) =>
      /^https:\/\/\S+$/.test(v) ||
      /^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=]+$/.test(v),
    {
      message: "Use an https:// image link or upload an image",
    },
  );

export const createTeamBody = z.object({
  name: z.string().trim().min(1, "Team name is required").max(100),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(60)
    .regex(SLUG_PATTERN, "Use lower-case letters, digits and single hyphens")
    .optional(),
  logo: logoSchema.nullable().optional(),
});
export type CreateTeamBody = z.infer<typeof createTeamBody>;
export const updateTeamBody = createTeamBody.partial();
export type UpdateTeamBody = z.infer<typeof updateTeamBody>;

export const inviteBody = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: "Enter a valid email address" }).max(254)),
});
export const roleBody = z.object({ role: z.enum(TEAM_ROLES) });
export const teamMemberParams = z.object({
  id: z.uuid({ message: "Invalid id" }),
  userId: z.uuid({ message: "Invalid id" }),
});
export const teamInviteParams = z.object({
  id: z.uuid({ message: "Invalid id" }),
  inviteId: z.uuid({ message: "Invalid id" }),
});
export const inviteTokenParams = z.object({ token: z.string().min(10).max(200) });

export const eventTypeHostsBody = z.object({
  teamId: z.uuid({ message: "Choose a team" }),
  hosts: z.array(hostEntry).min(1, "Choose at least one host").max(50),
});
export type EventTypeHostsBody = z.infer<typeof eventTypeHostsBody>;

export interface TeamSummaryDto {
  _id: string;
  name: string;
  slug: string;
  logo: string | null;
  role: TeamRoleName;
  memberCount: number;
}

export interface TeamMemberDto {
  _id: string;
  name: string;
  email: string;
  avatar: string | null;
  role: TeamRoleName;
  joinedAt: string;
}

export interface InviteDto {
  _id: string;
  email: string;
  expiresAt: string;
  createdAt: string;
}

export interface TeamEventTypeDto {
  _id: string;
  title: string;
  slug: string;
  type: string;
  duration: number;
  color: string;
  isActive: boolean;
  hosts: { _id: string; name: string }[];
}

export interface TeamDetailDto extends TeamSummaryDto {
  members: TeamMemberDto[];
  /** Pending invitations; only owners see them. */
  invites: InviteDto[];
  eventTypes: TeamEventTypeDto[];
}

export interface InvitePreviewDto {
  teamName: string;
  teamLogo: string | null;
  email: string;
  invitedBy: string | null;
  status: "pending" | "expired" | "used";
}

export interface PublicTeamDto {
  name: string;
  slug: string;
  logo: string | null;
  members: { _id: string; name: string; avatar: string | null }[];
  eventTypes: TeamEventTypeDto[];
}

export interface EventTypeHostDto {
  _id: string;
  name: string;
  avatar: string | null;
  weight: number;
  priority: number;
}

export interface EventTypeHostsDto {
  teamId: string | null;
  hosts: EventTypeHostDto[];
}
