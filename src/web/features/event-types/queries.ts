import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateEventTypeBody, EventTypeDto, UpdateEventTypeBody } from "../../../contract/event-types";
import type { MonthDaysAnswer } from "../../../contract/responses/bookings";
import type { eventTypeResponses } from "../../../contract/responses/event-types";
import type { AnswerData } from "../../../contract/responses/shared";
import { toast } from "../../components/ui";
import { api, errorMessage } from "../../lib/api";
import { t } from "../../lib/i18n";
import { availabilityKeys } from "../availability/queries";
import { teamKeys } from "../teams/queries";

/** Query keys shared by the list page, the dashboard section and the drawers. */
type EventType = AnswerData<typeof eventTypeResponses.one>;

export const eventTypeKeys = {
  all: ["event-types"] as const,
  detail: (id: string) => ["event-types", "detail", id] as const,
};

export function useEventTypes() {
  return useQuery({
    queryKey: eventTypeKeys.all,
    queryFn: () => api.get<AnswerData<typeof eventTypeResponses.list>>("/event-types"),
  });
}

export function useEventType(id: string | null) {
  return useQuery({
    queryKey: eventTypeKeys.detail(id ?? ""),
    queryFn: () => api.get<EventType>(`/event-types/${id}`),
    enabled: !!id,
    // The drawer edits this copy: always start from what the server has now.
    staleTime: 0,
  });
}

/** After any write: the list, every detail, and the schedules' 'used by N event types' counts. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: eventTypeKeys.all });
    void queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
    // A save may change a team event type's hosts.
    void queryClient.invalidateQueries({ queryKey: teamKeys.all });
  };
}

export function useCreateEventType() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateEventTypeBody) =>
      api.post<AnswerData<typeof eventTypeResponses.created>>("/event-types", body),
    onSuccess: (created) => {
      refresh();
      // Other parts of the app (dashboard stats, onboarding) listen for new event types.
      window.dispatchEvent(new CustomEvent("eventTypeCreated", { detail: created }));
    },
  });
}

export function useUpdateEventType() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateEventTypeBody }) =>
      api.put<EventType>(`/event-types/${id}`, body),
    onSuccess: refresh,
  });
}

/** The card's Duplicate: a copy with "(copy)" in its title and a free link. */
export function useDuplicateEventType() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<AnswerData<typeof eventTypeResponses.duplicated>>(`/event-types/${id}/duplicate`, {}),
    onSuccess: refresh,
  });
}

export function useDeleteEventType() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/event-types/${id}`),
    onSuccess: refresh,
  });
}

/** The card's Active switch: flips at once, and flips back if the server refuses. */
export function useToggleActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      api.put<EventType>(`/event-types/${id}`, { isActive }),
    onMutate: async ({ id, isActive }) => {
      await queryClient.cancelQueries({ queryKey: eventTypeKeys.all });
      const previous = queryClient.getQueryData<EventTypeDto[]>(eventTypeKeys.all);
      queryClient.setQueryData<EventTypeDto[]>(eventTypeKeys.all, (list) =>
        list?.map((et) => (et._id === id ? { ...et, isActive } : et)),
      );
      return { previous };
    },
    onError: (error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(eventTypeKeys.all, context.previous);
      toast.error(errorMessage(error, t("eventTypes.edit.failed")));
    },
    onSuccess: (updated) => {
      toast.success(
        t(updated.isActive ? "eventTypes.toggle.active" : "eventTypes.toggle.inactive", {
          title: updated.title,
        }),
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: eventTypeKeys.all });
    },
  });
}

/** The months (YYYY-MM) from this one on, in a zone. */
function monthsFrom(zone: string, count: number): string[] {
  const [y, m] = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit" })
    .format(new Date())
    .split("-")
    .map(Number);
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 + i, 1));
    return d.toISOString().slice(0, 7);
  });
}

/**
 * Whether an active event type offers invitees any time in the next three months, asked of the same
 * slot engine the booking page uses (schedule, overrides, holidays, notice, window, calendars). False is
 * what an invitee sees as "Try next month" on every month: the host is warned on the card and the drawer.
 */
export function useHasBookableTimes(
  et: Pick<EventTypeDto, "_id" | "isActive" | "updatedAt" | "user" | "missing">,
) {
  return useQuery({
    queryKey: ["event-types", "bookable", et._id, et.updatedAt],
    enabled: et.isActive && et.missing.length === 0,
    staleTime: 60_000,
    queryFn: async () => {
      for (const month of monthsFrom(et.user.timezone, 3)) {
        const { days } = await api.get<MonthDaysAnswer>(
          `/bookings/availability/${encodeURIComponent(et._id)}?month=${month}&timezone=${encodeURIComponent(et.user.timezone)}`,
        );
        if (days.length > 0) return true;
      }
      return false;
    },
  });
}
