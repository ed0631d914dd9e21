import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type CalendarSettings,
  type CalendarSettingsBody,
  type NotificationSettings,
  REMINDER_MINUTES_OPTIONS,
} from "../../../contract/calendar-settings";
import { Card, Field, Label, Select, Skeleton, Switch, toast } from "../../components/ui";
import { api } from "../../lib/api";
import { ConnectedAccounts } from "../calendars/ConnectedAccounts";
import { SyncSettingsCard } from "../calendars/SyncSettingsCard";
import { BookingRulesSummary } from "./BookingRulesSummary";
import { LoadError } from "./EditorStates";
import { calendarSettingsKey, useCalendarSettings } from "./queries";
import { minutesText } from "./schedule-format";

const NOTIFICATIONS: {
  key: Exclude<keyof NotificationSettings, "reminderMinutes">;
  label: string;
  hint: string;
}[] = [
  { key: "emailOnBooking", label: "New booking", hint: "An e-mail to you for each new booking." },
  { key: "emailOnCancellation", label: "Cancellation", hint: "An e-mail to you when an invitee cancels." },
  {
    key: "emailReminders",
    label: "Reminders",
    hint: "Reminder e-mails to you and your invitees before each meeting.",
  },
];

/** The Calendar Settings tab: booking rules (read-only, per event type), notification e-mails, calendar sync, connected calendars. */
export function CalendarSettingsTab() {
  const queryClient = useQueryClient();
  const settings = useCalendarSettings();
  const save = useMutation({
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
      toast.success("Calendar settings saved");
    },
    onError: (error, _body, context) => {
      if (context?.before) queryClient.setQueryData(calendarSettingsKey, context.before);
      toast.error("Failed to save calendar settings", { description: error.message });
    },
  });

  if (settings.isPending) {
    return (
      <div role="status" aria-label="Loading calendar settings" className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-56" />
        <Skeleton className="h-56" />
      </div>
    );
  }
  if (settings.isError) {
    return (
      <Card>
        <LoadError
          title="Failed to load calendar settings"
          detail={settings.error.message}
          onRetry={() => void settings.refetch()}
        />
      </Card>
    );
  }
  const data = settings.data;

  return (
    <div className="grid items-start gap-4 lg:grid-cols-2">
      <Card className="p-5">
        <h2 className="mb-3 font-semibold text-base text-slate-900">Booking rules</h2>
        <BookingRulesSummary />
      </Card>

      <Card className="p-5">
        <h2 className="font-semibold text-base text-slate-900">Notifications</h2>
        <p className="mt-1 mb-3 text-slate-500 text-sm">E-mails Kairos sends about your bookings.</p>
        <ul className="divide-y divide-slate-100">
          {NOTIFICATIONS.map(({ key, label, hint }) => (
            <li key={key} className="flex items-center justify-between gap-4 py-3">
              <div>
                <Label htmlFor={`notify-${key}`} className="cursor-pointer">
                  {label}
                </Label>
                <p id={`notify-${key}-hint`} className="text-[13px] text-slate-500">
                  {hint}
                </p>
              </div>
              <Switch
                id={`notify-${key}`}
                aria-describedby={`notify-${key}-hint`}
                checked={data.notifications[key]}
                onCheckedChange={(on) => save.mutate({ notifications: { [key]: on } })}
              />
            </li>
          ))}
        </ul>
        {data.notifications.emailReminders && (
          <Field label="Send reminders" htmlFor="notify-reminder-minutes" className="mt-3 sm:w-60">
            <Select
              id="notify-reminder-minutes"
              value={data.notifications.reminderMinutes}
              onChange={(e) =>
                save.mutate({
                  notifications: {
                    reminderMinutes: Number(e.target.value) as NotificationSettings["reminderMinutes"],
                  },
                })
              }
            >
              {REMINDER_MINUTES_OPTIONS.map((m) => (
                <option key={m} value={m}>
                  {minutesText(m)} before
                </option>
              ))}
            </Select>
          </Field>
        )}
      </Card>

      <SyncSettingsCard sync={data.sync} onChange={(body) => save.mutate(body)} />
      <ConnectedAccounts />
    </div>
  );
}
