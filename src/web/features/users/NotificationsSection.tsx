import { type NotificationSettings, REMINDER_MINUTES_OPTIONS } from "../../../contract/calendar-settings";
import { SettingsCard } from "../../components/SettingsCard";
import { ErrorState, Field, Label, Select, Skeleton, Switch } from "../../components/ui";
import type { AppMessageId } from "../../lib/app-messages";
import { t } from "../../lib/i18n";
import { useCalendarSettings } from "../availability/queries";
import { minutesText } from "../availability/schedule-format";
import { useSaveCalendarSettings } from "../availability/useSaveCalendarSettings";

const NOTIFICATIONS: {
  key: Exclude<keyof NotificationSettings, "reminderMinutes">;
  label: AppMessageId;
  hint: AppMessageId;
}[] = [
  { key: "emailOnBooking", label: "settings.notify.newBooking", hint: "settings.notify.newBookingHint" },
  {
    key: "emailOnCancellation",
    label: "settings.notify.cancellation",
    hint: "settings.notify.cancellationHint",
  },
  { key: "emailReminders", label: "settings.notify.reminders", hint: "settings.notify.remindersHint" },
];

/**
 * Settings > Notifications: the e-mails Kairos sends about the host's bookings. The one place they are
 * edited (they are part of the calendar settings on the server); Calendar Settings links here.
 */
export function NotificationsSection() {
  const settings = useCalendarSettings();
  const save = useSaveCalendarSettings("notifications");

  return (
    <SettingsCard
      id="notifications"
      title={t("settings.nav.notifications")}
      description={t("settings.notify.description")}
    >
      {settings.isPending ? (
        <div role="status" aria-label={t("settings.notify.loading")} className="space-y-3">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : settings.isError ? (
        <ErrorState title={t("settings.notify.loadFailed")} query={settings} className="py-6" />
      ) : (
        <>
          <ul className="-mt-3 divide-y divide-slate-100">
            {NOTIFICATIONS.map(({ key, label, hint }) => (
              <li key={key} className="flex items-center justify-between gap-4 py-3">
                <div>
                  <Label htmlFor={`notify-${key}`} className="cursor-pointer">
                    {t(label)}
                  </Label>
                  <p id={`notify-${key}-hint`} className="text-[13px] text-slate-500">
                    {t(hint)}
                  </p>
                </div>
                <Switch
                  id={`notify-${key}`}
                  aria-describedby={`notify-${key}-hint`}
                  checked={settings.data.notifications[key]}
                  onCheckedChange={(on) => save.mutate({ notifications: { [key]: on } })}
                />
              </li>
            ))}
          </ul>
          {settings.data.notifications.emailReminders && (
            <Field
              label={t("settings.notify.send")}
              htmlFor="notify-reminder-minutes"
              className="mt-3 sm:w-60"
            >
              <Select
                id="notify-reminder-minutes"
                value={settings.data.notifications.reminderMinutes}
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
                    {t("settings.notify.before", { time: minutesText(m) })}
                  </option>
                ))}
              </Select>
            </Field>
          )}
        </>
      )}
    </SettingsCard>
  );
}
