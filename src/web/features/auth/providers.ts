import { useQuery } from "@tanstack/react-query";
import type { SsoProviderView } from "../../../contract/auth";
import type { AnswerData } from "../../../contract/responses/shared";
import type { authResponses } from "../../../contract/responses/users";
import { api } from "../../lib/api";

export type SsoProvider = SsoProviderView;

/** The sign-in providers set up on the server (GET /api/auth/providers); they change only on restart. */
export function useSsoProviders() {
  return useQuery({
    queryKey: ["auth-providers"],
    queryFn: async () =>
      (await api.get<AnswerData<typeof authResponses.providers>>("/auth/providers")).providers,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The popup message channel of a provider's sign-in or link flow. */
export const ssoFlow = (providerId: string) => `auth:${providerId}`;

/** A provider's name before the list has loaded (or when it is no longer set up). */
export function fallbackLabel(providerId: string): string {
  const known: Record<string, string> = { google: "Google", sbu: "SBU", gameforce: "Gameforce" };
  return known[providerId] ?? providerId.charAt(0).toUpperCase() + providerId.slice(1);
}
