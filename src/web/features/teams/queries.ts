import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AnswerData } from "../../../contract/responses/shared";
import type { teamsResponses } from "../../../contract/responses/teams";
import type { EventTypeHostsBody } from "../../../contract/teams";
import { api } from "../../lib/api";

type TeamDetail = AnswerData<typeof teamsResponses.detail>;
type EventTypeHosts = AnswerData<typeof teamsResponses.hosts>;

export const teamKeys = {
  all: ["teams"] as const,
  detail: (id: string) => ["teams", "detail", id] as const,
  hosts: (eventTypeId: string) => ["teams", "hosts", eventTypeId] as const,
};

export const useTeams = () =>
  useQuery({
    queryKey: teamKeys.all,
    queryFn: () => api.get<AnswerData<typeof teamsResponses.list>>("/teams"),
  });

export const useTeam = (id: string | null) =>
  useQuery({
    queryKey: teamKeys.detail(id ?? ""),
    queryFn: () => api.get<TeamDetail>(`/teams/${id}`),
    enabled: !!id,
  });

export const usePublicTeam = (slug: string) =>
  useQuery({
    queryKey: ["teams", "public", slug],
    queryFn: () => api.get<AnswerData<typeof teamsResponses.publicTeam>>(`/teams/${slug}/public`),
    retry: false,
  });

export const useInvitePreview = (token: string) =>
  useQuery({
    queryKey: ["teams", "invite", token],
    queryFn: () => api.get<AnswerData<typeof teamsResponses.invitePreview>>(`/team-invites/${token}`),
    retry: false,
  });

/** A team event type's hosts with their weights; null asks nothing (other kinds). */
export const useEventTypeHosts = (eventTypeId: string | null) =>
  useQuery({
    queryKey: teamKeys.hosts(eventTypeId ?? ""),
    queryFn: () => api.get<EventTypeHosts>(`/event-types/${eventTypeId}/hosts`),
    enabled: !!eventTypeId,
    // The editor starts from what the server has now.
    staleTime: 0,
  });

/** Every team write refreshes the team lists and details (and event type cards, which show hosts). */
export function useTeamMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.all });
      void queryClient.invalidateQueries({ queryKey: ["event-types"] });
    },
  });
}

export const teamApi = {
  create: (body: { name: string; logo?: string | null }) =>
    api.post<AnswerData<typeof teamsResponses.created>>("/teams", body),
  update: ({ id, ...body }: { id: string; name?: string; logo?: string | null }) =>
    api.put<TeamDetail>(`/teams/${id}`, body),
  remove: (id: string) => api.delete<void>(`/teams/${id}`),
  invite: ({ id, email }: { id: string; email: string }) =>
    api.post<AnswerData<typeof teamsResponses.invited>>(`/teams/${id}/invites`, { email }),
  revoke: ({ id, inviteId }: { id: string; inviteId: string }) =>
    api.delete<void>(`/teams/${id}/invites/${inviteId}`),
  setRole: ({ id, userId, role }: { id: string; userId: string; role: "owner" | "member" }) =>
    api.put<TeamDetail>(`/teams/${id}/members/${userId}`, { role }),
  removeMember: ({ id, userId }: { id: string; userId: string }) =>
    api.delete<void>(`/teams/${id}/members/${userId}`),
  accept: (token: string) => api.post<TeamDetail>(`/team-invites/${token}/accept`),
  setHosts: ({ eventTypeId, ...body }: EventTypeHostsBody & { eventTypeId: string }) =>
    api.put<EventTypeHosts>(`/event-types/${eventTypeId}/hosts`, body),
};
