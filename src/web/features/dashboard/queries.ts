import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type { AnalyticsPeriod } from "../../../contract/analytics";
import type { analyticsResponses } from "../../../contract/responses/analytics";
import type { AnswerData } from "../../../contract/responses/shared";
import type { usersResponses } from "../../../contract/responses/users";
import type { PreferencesBody } from "../../../contract/users";
import { api } from "../../lib/api";
import { useAuth } from "../../lib/auth";

export const analyticsKeys = {
  all: ["analytics"] as const,
  dashboard: (period: AnalyticsPeriod) => ["analytics", "dashboard", period] as const,
  upcoming: ["analytics", "upcoming"] as const,
};

/** The look ahead (next 7 and 30 days, the next meeting); it does not depend on the period. */
export function useUpcomingStats() {
  return useQuery({
    queryKey: analyticsKeys.upcoming,
    queryFn: () => api.get<AnswerData<typeof analyticsResponses.upcoming>>("/analytics/upcoming"),
  });
}

export function useDashboardStats(period: AnalyticsPeriod) {
  return useQuery({
    queryKey: analyticsKeys.dashboard(period),
    queryFn: () =>
      api.get<AnswerData<typeof analyticsResponses.dashboard>>(`/analytics/dashboard?period=${period}`),
    // Switching the period dims the current figures instead of blanking the page.
    placeholderData: keepPreviousData,
  });
}

/** PUT /users/preferences; the answer is the updated profile, which the auth state takes over. */
export function useUpdatePreferences() {
  const { setUser } = useAuth();
  return useMutation({
    mutationFn: (body: PreferencesBody) =>
      api.put<AnswerData<typeof usersResponses.withUser>>("/users/preferences", body),
    onSuccess: ({ user }) => setUser(user),
  });
}
