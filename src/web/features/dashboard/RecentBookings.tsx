import { ArrowRight, CalendarDays } from "lucide-react";
import { Link } from "react-router";
import { Avatar, Badge, Card, ErrorState, Skeleton } from "../../components/ui";
import { t } from "../../lib/i18n";
import { dayHeading, timeRange } from "../meetings/format";
import { useBookingList } from "../meetings/queries";
import { STATUS_BADGE } from "../meetings/status";

/** How many bookings the dashboard lists (spec section 9). */
export const RECENT_COUNT = 5;
/** Its list query (the dashboard's Get started panel reads the same one). */
export const RECENT_QUERY = {
  tab: "upcoming",
  // 'Your next meetings': cancelled ones are not next (the Meetings screen lists them).
  status: "confirmed",
  search: "",
  page: 1,
  limit: RECENT_COUNT,
} as const;

/** The next bookings, compact, with 'View all' to the Meetings screen. */
export function RecentBookings() {
  const query = useBookingList(RECENT_QUERY);
  const list = query.data?.bookings ?? [];
  const now = new Date();

  return (
    <Card className="flex flex-col">
      <div className="flex items-center justify-between gap-3 border-slate-100 border-b px-5 py-4">
        <div>
          <h2 className="font-semibold text-slate-900">{t("dashboard.recent.title")}</h2>
          <p className="text-slate-500 text-xs">{t("dashboard.recent.subtitle")}</p>
        </div>
        <Link
          to="/meetings"
          className="inline-flex items-center gap-1 font-medium text-accent-strong text-sm hover:underline"
        >
          {t("dashboard.viewAll")} <ArrowRight size={14} aria-hidden className="rtl:-scale-x-100" />
        </Link>
      </div>
      {query.isPending ? (
        <ul aria-hidden className="divide-y divide-slate-100">
          {[0, 1, 2].map((i) => (
            <li key={i} className="flex items-center gap-3 px-5 py-3.5">
              <Skeleton className="size-9 rounded-full" />
              <div className="flex-1">
                <Skeleton className="h-4 w-40" />
                <Skeleton className="mt-1.5 h-3 w-56 max-w-full" />
              </div>
            </li>
          ))}
        </ul>
      ) : query.isError ? (
        <ErrorState title={t("dashboard.recent.loadFailed")} query={query} className="py-8" />
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center px-5 py-8 text-center">
          <span className="mb-2 flex size-9 items-center justify-center rounded-full bg-slate-100 text-slate-500">
            <CalendarDays size={18} aria-hidden />
          </span>
          <p className="font-medium text-slate-900 text-sm">{t("dashboard.recent.empty")}</p>
          <p className="mt-0.5 text-slate-500 text-xs">{t("dashboard.recent.emptyText")}</p>
        </div>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label={t("dashboard.recent.list")}>
          {list.map((b) => {
            const badge = STATUS_BADGE[b.status];
            return (
              <li key={b._id} className="flex items-center gap-3 px-5 py-3">
                <Avatar name={b.attendee.name} email={b.attendee.email} size={36} />
                <div className="min-w-0 flex-1">
                  <p className="flex items-center gap-2">
                    <span className="truncate font-medium text-slate-900 text-sm">{b.attendee.name}</span>
                  </p>
                  <p className="flex min-w-0 items-center gap-1.5 text-slate-500 text-xs">
                    <span
                      aria-hidden
                      className="size-1.5 shrink-0 rounded-full"
                      style={{ backgroundColor: b.eventType.color }}
                    />
                    <span className="truncate">{b.eventType.title}</span>
                  </p>
                </div>
                <div className="shrink-0 text-end">
                  <p className="tabular font-medium text-slate-700 text-xs">
                    {dayHeading(b.startTime, b.host.timezone, now, true)}
                  </p>
                  <p className="tabular text-slate-500 text-xs">{timeRange(b, b.host.timezone)}</p>
                </div>
                <span className="hidden sm:block">
                  <Badge tone={badge.tone}>{t(badge.label)}</Badge>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
