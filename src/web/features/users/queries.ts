import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { UserProfile } from "../../../contract/auth";
import type { AnswerData } from "../../../contract/responses/shared";
import type { usersResponses } from "../../../contract/responses/users";
import type { UpdateProfileBody } from "../../../contract/users";
import { api, upload } from "../../lib/api";
import { useAuth } from "../../lib/auth";

export const sessionsKey = ["user-sessions"] as const;

/** What every profile write answers: the host as it now stands. */
export type WithUser = AnswerData<typeof usersResponses.withUser>;

/** Saves part of the profile and puts the answer into the signed-in user. */
export function useUpdateProfile() {
  const { setUser } = useAuth();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => api.put<WithUser>("/users/profile", body),
    onSuccess: ({ user }) => setUser(user),
  });
}

export function useUpdateUsername() {
  const { setUser } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => api.put<WithUser>("/users/username", { username }),
    onSuccess: ({ user }) => {
      setUser(user);
      // Every link the host app shows is built from the username.
      void queryClient.invalidateQueries({ queryKey: ["event-types"] });
    },
  });
}

/** Uploads the avatar as multipart/form-data in the field `avatar`. */
export async function uploadAvatar(file: File): Promise<UserProfile> {
  const envelope = await upload<WithUser>("/users/avatar", file, "avatar");
  return (envelope.data as WithUser).user;
}

export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: () => api.get<AnswerData<typeof usersResponses.sessions>>("/users/sessions"),
  });
}
