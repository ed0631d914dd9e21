import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { UserProfile } from "../../../contract/auth";
import type { SessionDto, UpdateProfileBody } from "../../../contract/users";
import { ApiError, api, getToken } from "../../lib/api";
import { useAuth } from "../../lib/auth";

export const sessionsKey = ["user-sessions"] as const;

/** Saves part of the profile and puts the answer into the signed-in user. */
export function useUpdateProfile() {
  const { setUser } = useAuth();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => api.put<{ user: UserProfile }>("/users/profile", body),
    onSuccess: ({ user }) => setUser(user),
  });
}

export function useUpdateUsername() {
  const { setUser } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => api.put<{ user: UserProfile }>("/users/username", { username }),
    onSuccess: ({ user }) => {
      setUser(user);
      // Every link the host app shows is built from the username.
      void queryClient.invalidateQueries({ queryKey: ["event-types"] });
    },
  });
}

/** Uploads the avatar as multipart/form-data (the JSON client cannot). */
export async function uploadAvatar(file: File): Promise<UserProfile> {
  const form = new FormData();
  form.append("avatar", file, file.name);
  const token = getToken();
  let response: Response;
  try {
    response = await fetch("/api/users/avatar", {
      method: "POST",
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      body: form,
    });
  } catch {
    throw new ApiError(0, "Cannot reach the server. Check your connection and try again.");
  }
  const envelope = (await response.json().catch(() => null)) as {
    success?: boolean;
    message?: string;
    data?: { user: UserProfile };
  } | null;
  if (!response.ok || !envelope?.success || !envelope.data) {
    throw new ApiError(response.status, envelope?.message || "Could not upload the image");
  }
  return envelope.data.user;
}

export function useSessions() {
  return useQuery({ queryKey: sessionsKey, queryFn: () => api.get<SessionDto[]>("/users/sessions") });
}
