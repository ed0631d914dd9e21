import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import type { NotificationSettings } from "../../../contract/calendar-settings";
import { BookingLimitsFields } from "../../components/BookingLimitsFields";
import { Card, Skeleton } from "../../components/ui";
import { t } from "../../lib/i18n";
import { ConnectedAccounts } from "../calendars/ConnectedAccounts";
import { ReconnectBanner } from "../calendars/ReconnectBanner";
import { SyncSettingsCard } from "../calendars/SyncSettingsCard";
import { BookingRulesSummary } from "./BookingRulesSummary";
import { LoadError } from "./EditorStates";
import { HostRuleFloors } from "./HostRuleFloors";
import { useCalendarSettings } from "./queries";
import { minutesText } from "./schedule-format";
import { useSaveCalendarSettings } from "./useSaveCalendarSettings";

/**
 * The Calendar Settings tab: booking rules (read-only, per event type), where notification e-mails are
 * set (Settings > Notifications, their one home), calendar sync, connected calendars.
 */
export function CalendarSettingsTab() {
  const settings = useCalendarSettings();
  const save = useSaveCalendarSettings("calendar");

  if (settings.isPending) {
    return (
      <div
        role="status"
        aria-label={t("availability.settings.loading")}
        className="grid gap-4 lg:grid-cols-2"
      >
        <Skeleton className="h-56" />
        <Skeleton className="h-56" />
      </div>
    );
  }
  if (settings.isError) {
    return (
      <Card>
        <LoadError
          title={t("availability.settings.loadFailed")}
          detail={settings.error.message}
          onRetry={() => void settings.refetch()}
        />
      </Card>
    );
  }
  const data = settings.data;

  return (
    <div className="grid items-start gap-4 lg:grid-cols-2">
      <ReconnectBanner className="lg:col-span-2" />
      <Card className="p-5">
        <h2 className="mb-3 font-semibold text-base text-slate-900">
          {t("availability.settings.bookingRules")}
        </h2>
        <HostRuleFloors settings={data} onChange={(body) => save.mutate(body)} />
        <BookingRulesSummary />
      </Card>

      <Card className="p-5">
        <h2 className="font-semibold text-base text-slate-900">{t("availability.settings.bookingLimits")}</h2>
        <p className="mt-1 mb-3 text-slate-500 text-sm">{t("availability.settings.limitsHint")}</p>
        <BookingLimitsFields
          idPrefix="host-limits"
          value={data.bookingLimits ?? {}}
          onChange={(next, commit) => {
            if (commit && JSON.stringify(next) !== JSON.stringify(data.bookingLimits ?? {}))
              save.mutate({ bookingLimits: next });
          }}
        />
      </Card>

      <Card className="p-5">
        <h2 className="font-semibold text-base text-slate-900">{t("availability.settings.notifications")}</h2>
        <p className="mt-1 text-slate-500 text-sm">{notificationsSummary(data.notifications)}</p>
        <Link
          to="/settings#notifications"
          className="mt-3 inline-flex items-center gap-1 font-medium text-accent-strong text-sm hover:underline"
        >
          {t("availability.settings.manageInSettings")}{" "}
          <ArrowRight size={14} aria-hidden className="rtl:-scale-x-100" />
        </Link>
      </Card>

      <SyncSettingsCard sync={data.sync} onChange={(body) => save.mutate(body)} />
      <ConnectedAccounts />
    </div>
  );
}

/** Which notification e-mails are on, in a line ("New booking, Reminders (1 hour before)"). */
function notificationsSummary(n: NotificationSettings): string {
  const on = [
    n.emailOnBooking && t("availability.settings.newBooking"),
    n.emailOnCancellation && t("availability.settings.cancellation"),
    n.emailReminders && t("availability.settings.reminders", { time: minutesText(n.reminderMinutes) }),
  ].filter(Boolean);
  return on.length === 0
    ? t("availability.settings.allOff")
    : t("availability.settings.on", { list: on.join(", ") });
}
