import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CalendarSettingsBody } from "../../../contract/calendar-settings";
import type { calendarSettingsResponses } from "../../../contract/responses/calendar-settings";
import type { AnswerData } from "../../../contract/responses/shared";
import { toast } from "../../components/ui";
import { api } from "../../lib/api";
import { t } from "../../lib/i18n";
import { calendarSettingsKey } from "./queries";

type CalendarSettings = AnswerData<typeof calendarSettingsResponses.settings>;

/**
 * Saves part of the calendar settings at once (switches and selects save on change), shown before the
 * server answers and put back if it refuses. One mutation for every screen that edits them: Calendar
 * Settings (sync) and Settings > Notifications; `what` names them in the toasts.
 */
export function useSaveCalendarSettings(what: "calendar" | "notifications") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CalendarSettingsBody) => api.put<CalendarSettings>("/calendar-settings", body),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: calendarSettingsKey });
      const before = queryClient.getQueryData<CalendarSettings>(calendarSettingsKey);
      if (before) {
        queryClient.setQueryData<CalendarSettings>(calendarSettingsKey, {
          ...before,
          ...(body.bufferTime !== undefined ? { bufferTime: body.bufferTime } : {}),
          ...(body.minimumNotice !== undefined ? { minimumNotice: body.minimumNotice } : {}),
          notifications: { ...before.notifications, ...body.notifications },
          sync: { ...before.sync, ...body.sync },
        });
      }
      return { before };
    },
    onSuccess: (data) => {
      queryClient.setQueryData(calendarSettingsKey, data);
      toast.success(
        what === "calendar"
          ? t("availability.settings.calendarSaved")
          : t("availability.settings.notificationsSaved"),
      );
    },
    onError: (error, _body, context) => {
      if (context?.before) queryClient.setQueryData(calendarSettingsKey, context.before);
      toast.error(
        what === "calendar"
          ? t("availability.settings.calendarFailed")
          : t("availability.settings.notificationsFailed"),
        { description: error.message },
      );
    },
  });
}
