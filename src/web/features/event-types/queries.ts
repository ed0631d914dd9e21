import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateEventTypeBody, EventTypeDto, UpdateEventTypeBody } from "../../../contract/event-types";
import { toast } from "../../components/ui";
import { api, errorMessage } from "../../lib/api";
import { availabilityKeys } from "../availability/queries";

/** Query keys shared by the list page, the dashboard section and the drawers. */
export const eventTypeKeys = {
  all: ["event-types"] as const,
  detail: (id: string) => ["event-types", "detail", id] as const,
};

export function useEventTypes() {
  return useQuery({
    queryKey: eventTypeKeys.all,
    queryFn: () => api.get<EventTypeDto[]>("/event-types"),
  });
}

export function useEventType(id: string | null) {
  return useQuery({
    queryKey: eventTypeKeys.detail(id ?? ""),
    queryFn: () => api.get<EventTypeDto>(`/event-types/${id}`),
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
  };
}

export function useCreateEventType() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateEventTypeBody) => api.post<EventTypeDto>("/event-types", body),
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
      api.put<EventTypeDto>(`/event-types/${id}`, body),
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
      api.put<EventTypeDto>(`/event-types/${id}`, { isActive }),
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
      toast.error(errorMessage(error, "Failed to update event type"));
    },
    onSuccess: (updated) => {
      toast.success(updated.isActive ? `"${updated.title}" is active` : `"${updated.title}" is inactive`);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: eventTypeKeys.all });
    },
  });
}
