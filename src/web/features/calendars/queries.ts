import { useQuery } from "@tanstack/react-query";
import type { calendarsResponses } from "../../../contract/responses/calendars";
import type { AnswerData } from "../../../contract/responses/shared";
import { api } from "../../lib/api";

export const calendarAccountsKey = ["calendar-accounts"] as const;
/** The event type drawer's picker reads this list (Google accounts only). */
export const googleAccountsKey = ["google-accounts"] as const;

/** `enabled: false` asks nothing (for a reader that may not need the list). */
export function useCalendarAccounts({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: calendarAccountsKey,
    queryFn: () => api.get<AnswerData<typeof calendarsResponses.list>>("/calendar-accounts"),
  });
}
