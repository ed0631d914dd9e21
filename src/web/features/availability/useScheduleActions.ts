import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AvailabilityList } from "../../../contract/availability";
import type { availabilityResponses } from "../../../contract/responses/availability";
import type { AnswerData } from "../../../contract/responses/shared";
import { toast } from "../../components/ui";
import { api } from "../../lib/api";
import { t } from "../../lib/i18n";
import { availabilityKeys, storeSchedule } from "./queries";
import { scheduleName } from "./schedule-format";

/** Create, rename, set default and delete, each with the spec's failure texts. */
export function useScheduleActions() {
  const queryClient = useQueryClient();
  const setList = (change: (list: AvailabilityList) => AvailabilityList) =>
    queryClient.setQueryData<AvailabilityList>(availabilityKeys.list, (list) => (list ? change(list) : list));

  const create = useMutation({
    mutationFn: (name: string) =>
      api.post<AnswerData<typeof availabilityResponses.created>>("/availability", { name }),
    onSuccess: (schedule) => {
      queryClient.setQueryData(availabilityKeys.detail(schedule._id), schedule);
      setList((list) => [...list, schedule]);
      toast.success(t("availability.actions.created"));
    },
    onError: (error) => toast.error(t("availability.actions.createFailed"), { description: error.message }),
  });

  const rename = useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api.put<AnswerData<typeof availabilityResponses.one>>(`/availability/${id}`, { name }),
    onSuccess: (schedule) => {
      storeSchedule(queryClient, schedule);
      toast.success(t("availability.actions.renamed"));
    },
    onError: (error) => toast.error(t("availability.actions.updateFailed"), { description: error.message }),
  });

  const setDefault = useMutation({
    mutationFn: (id: string) =>
      api.put<AnswerData<typeof availabilityResponses.one>>(`/availability/${id}/set-default`),
    onSuccess: (schedule) => {
      // Only one default: the others lose the badge at once, then the list is confirmed by the server.
      setList((list) => list.map((s) => (s._id === schedule._id ? schedule : { ...s, isDefault: false })));
      queryClient.setQueryData(availabilityKeys.detail(schedule._id), schedule);
      void queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
      toast.success(t("availability.actions.isDefault", { name: scheduleName(schedule.name) }));
    },
    onError: (error) => toast.error(t("availability.actions.defaultFailed"), { description: error.message }),
  });

  const remove = useMutation({
    mutationFn: (id: string) => api.delete<void>(`/availability/${id}`),
    onSuccess: (_, id) => {
      setList((list) => list.filter((s) => s._id !== id));
      queryClient.removeQueries({ queryKey: availabilityKeys.detail(id) });
      toast.success(t("availability.actions.deleted"));
    },
    // The server's refusal (default schedule, in use by event types) is shown in the confirm dialog.
  });

  return { create, rename, setDefault, remove };
}
