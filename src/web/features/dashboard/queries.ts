import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type { AnalyticsPeriod, DashboardStats } from "../../../contract/analytics";
import type { UserProfile } from "../../../contract/auth";
import type { PreferencesBody } from "../../../contract/users";
import { api } from "../../lib/api";
import { useAuth } from "../../lib/auth";

export const analyticsKeys = {
  all: ["analytics"] as const,
  dashboard: (period: AnalyticsPeriod) => ["analytics", "dashboard", period] as const,
};

export function useDashboardStats(period: AnalyticsPeriod) {
  return useQuery({
    queryKey: analyticsKeys.dashboard(period),
    queryFn: () => api.get<DashboardStats>(`/analytics/dashboard?period=${period}`),
    // Switching the period dims the current figures instead of blanking the page.
    placeholderData: keepPreviousData,
  });
}

/** PUT /users/preferences; the answer is the updated profile, which the auth state takes over. */
export function useUpdatePreferences() {
  const { setUser } = useAuth();
  return useMutation({
    mutationFn: (body: PreferencesBody) => api.put<{ user: UserProfile }>("/users/preferences", body),
    onSuccess: ({ user }) => setUser(user),
  });
}
