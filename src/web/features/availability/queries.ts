import { type QueryClient, useQuery } from "@tanstack/react-query";
import type { AvailabilityList, AvailabilitySchedule } from "../../../contract/availability";
import type { availabilityResponses } from "../../../contract/responses/availability";
import type { calendarSettingsResponses } from "../../../contract/responses/calendar-settings";
import type { holidaysResponses } from "../../../contract/responses/holidays";
import type { AnswerData } from "../../../contract/responses/shared";
import { api } from "../../lib/api";

export const availabilityKeys = {
  all: ["availability"] as const,
  list: ["availability", "list"] as const,
  detail: (id: string) => ["availability", "detail", id] as const,
};
export const holidayKeys = {
  all: ["holidays"] as const,
  settings: ["holidays", "settings"] as const,
  upcoming: ["holidays", "upcoming"] as const,
  countries: ["holidays", "countries"] as const,
};
export const calendarSettingsKey = ["calendar-settings"] as const;

/** `enabled: false` asks nothing (for a reader that may not need the list). */
export function useSchedules({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: availabilityKeys.list,
    queryFn: () => api.get<AnswerData<typeof availabilityResponses.list>>("/availability"),
  });
}

/** One schedule; seeded from the list when it is already loaded, so switching schedules is instant. */
export function useSchedule(id: string | undefined, queryClient: QueryClient) {
  return useQuery({
    queryKey: availabilityKeys.detail(id ?? "none"),
    queryFn: () => api.get<AnswerData<typeof availabilityResponses.one>>(`/availability/${id}`),
    enabled: Boolean(id),
    initialData: () =>
      queryClient.getQueryData<AvailabilityList>(availabilityKeys.list)?.find((s) => s._id === id),
    initialDataUpdatedAt: () => queryClient.getQueryState(availabilityKeys.list)?.dataUpdatedAt,
  });
}

/** Puts a schedule the server answered with into both caches (detail and list) without refetching. */
export function storeSchedule(queryClient: QueryClient, schedule: AvailabilitySchedule): void {
  queryClient.setQueryData(availabilityKeys.detail(schedule._id), schedule);
  queryClient.setQueryData<AvailabilityList>(availabilityKeys.list, (list) =>
    list?.map((s) => (s._id === schedule._id ? schedule : s)),
  );
}

export function useHolidaySettings() {
  return useQuery({
    queryKey: holidayKeys.settings,
    queryFn: () => api.get<AnswerData<typeof holidaysResponses.settings>>("/holidays"),
  });
}

/** Every country of the holiday data with its regions; it changes only with a new release. */
export function useHolidayCountries() {
  return useQuery({
    queryKey: holidayKeys.countries,
    queryFn: () => api.get<AnswerData<typeof holidaysResponses.countries>>("/holidays/countries"),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useUpcomingHolidays() {
  return useQuery({
    queryKey: holidayKeys.upcoming,
    queryFn: () => api.get<AnswerData<typeof holidaysResponses.upcoming>>("/holidays/upcoming?limit=5"),
  });
}

export function useCalendarSettings() {
  return useQuery({
    queryKey: calendarSettingsKey,
    queryFn: () => api.get<AnswerData<typeof calendarSettingsResponses.settings>>("/calendar-settings"),
  });
}
