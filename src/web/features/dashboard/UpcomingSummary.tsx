import { CalendarClock, CalendarPlus } from "lucide-react";
import type { UpcomingStats, UpcomingWindow } from "../../../contract/analytics";
import { Card, ErrorState, Skeleton } from "../../components/ui";
import { intlLocale, t } from "../../lib/i18n";
import { dayHeading, timeRange } from "../meetings/format";
import { useUpcomingStats } from "./queries";

// Made when rendering: the language can change while the app is open.
const number = () => new Intl.NumberFormat(intlLocale(), { maximumFractionDigits: 1 });
const meetings = (n: number) => t("dashboard.upcoming.meetings", { count: n });

/**
 * What lies ahead, beside the period figures (which count what has happened): meetings in the next
 * 7 and 30 days and the next one, so a host whose bookings are all still to come sees them at once.
 */
export function UpcomingSummary() {
  const query = useUpcomingStats();
  return (
    <Card className="p-4 sm:p-5" role="group" aria-label={t("dashboard.upcoming.title")}>
      <div className="mb-3 flex items-center gap-2">
        <CalendarClock size={16} aria-hidden className="text-slate-500" />
        <h2 className="font-semibold text-slate-900">{t("dashboard.upcoming.title")}</h2>
      </div>
      {query.isPending ? (
        <div aria-busy className="grid gap-4 sm:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <div key={i}>
              <Skeleton className="h-3 w-20" />
              <Skeleton className="mt-2 h-6 w-28" />
            </div>
          ))}
        </div>
      ) : query.isError ? (
        <ErrorState variant="inline" title={t("dashboard.upcoming.loadFailed")} query={query} />
      ) : (
        <UpcomingFigures data={query.data} />
      )}
    </Card>
  );
}

function UpcomingFigures({ data }: { data: UpcomingStats }) {
  if (data.next30Days.bookings === 0 && !data.nextMeeting) {
    return (
      <div className="flex items-center gap-3 text-sm">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-500">
          <CalendarPlus size={18} aria-hidden />
        </span>
        <div>
          <p className="font-medium text-slate-900">{t("dashboard.upcoming.empty")}</p>
          <p className="text-slate-500 text-xs">{t("dashboard.upcoming.emptyText")}</p>
        </div>
      </div>
    );
  }
  const next = data.nextMeeting;
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      <Figure label={t("dashboard.upcoming.next7")} window={data.next7Days} />
      <Figure label={t("dashboard.upcoming.next30")} window={data.next30Days} />
      <div className="min-w-0">
        <dt className="text-slate-500 text-xs">{t("dashboard.upcoming.nextMeeting")}</dt>
        {next ? (
          <dd className="mt-1 min-w-0">
            <p className="flex min-w-0 items-center gap-1.5 font-medium text-slate-900 text-sm">
              <span
                aria-hidden
                className="size-2 shrink-0 rounded-full"
                style={{ backgroundColor: next.color }}
              />
              <span className="truncate">{next.title}</span>
            </p>
            <p className="tabular truncate text-slate-500 text-xs">
              {dayHeading(next.startTime, data.timezone, new Date(), true)}, {timeRange(next, data.timezone)}{" "}
              · {next.attendeeName}
            </p>
          </dd>
        ) : (
          <dd className="mt-1 text-slate-500 text-sm">{t("dashboard.upcoming.noneBooked")}</dd>
        )}
      </div>
    </dl>
  );
}

function Figure({ label, window }: { label: string; window: UpcomingWindow }) {
  return (
    <div>
      <dt className="text-slate-500 text-xs">{label}</dt>
      <dd className="mt-1">
        <span className="tabular font-semibold text-slate-900 text-xl">{meetings(window.bookings)}</span>
        <span className="tabular ms-1.5 text-slate-500 text-xs">
          {t("dashboard.trends.hours", { hours: number().format(window.hours) })}
        </span>
      </dd>
    </div>
  );
}
