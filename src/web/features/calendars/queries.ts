import { useQuery } from "@tanstack/react-query";
import type { CalendarAccountDto } from "../../../contract/calendars";
import { api } from "../../lib/api";

export const calendarAccountsKey = ["calendar-accounts"] as const;
/** The event type drawer's picker reads this list (Google accounts only). */
export const googleAccountsKey = ["google-accounts"] as const;

export function useCalendarAccounts() {
  return useQuery({
    queryKey: calendarAccountsKey,
    queryFn: () => api.get<CalendarAccountDto[]>("/calendar-accounts"),
  });
}
