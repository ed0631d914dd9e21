import { CalendarRange } from "lucide-react";
import { useState } from "react";
import type { DashboardStats } from "../../../contract/analytics";
import { ANALYTICS_PERIODS, type AnalyticsPeriod } from "../../../contract/analytics-periods";
import { PageHeader } from "../../components/layout/PageHeader";
import { Card, ErrorState, Select, Skeleton } from "../../components/ui";
import type { AppMessageId } from "../../lib/app-messages";
import { useAuth } from "../../lib/auth";
import { cn } from "../../lib/cn";
import { intlLocale, t } from "../../lib/i18n";
import { EventTypesSection } from "../event-types/EventTypesSection";
import { dateInZone } from "../meetings/format";
import { useBookingList } from "../meetings/queries";
import { GetStartedPanel, getStartedHiddenThisSession } from "./GetStartedPanel";
import { useGetStartedProgress } from "./getStartedSteps";
import { PopularEventTypes } from "./PopularEventTypes";
import { useDashboardStats } from "./queries";
import { RECENT_QUERY, RecentBookings } from "./RecentBookings";
import { StatCards, StatCardsSkeleton } from "./StatCards";
import { TrendsChart } from "./TrendsChart";
import { UpcomingSummary } from "./UpcomingSummary";

// Formatters are made when rendering: the language can change while the app is open.
const rangeFmt = () =>
  new Intl.DateTimeFormat(intlLocale(), { month: "short", day: "numeric", timeZone: "UTC" });

/** The period picker's words, by period. */
export const PERIOD_IDS: Record<AnalyticsPeriod, AppMessageId> = {
  "7d": "dashboard.period.7d",
  "30d": "dashboard.period.30d",
  "90d": "dashboard.period.90d",
};
const utc = (date: string) => new Date(`${date}T12:00:00Z`);

function greeting(zone: string): string {
  let hour = 12;
  try {
    hour = Number(
      new Intl.DateTimeFormat("en-US", { hour: "numeric", hourCycle: "h23", timeZone: zone }).format(
        new Date(),
      ),
    );
  } catch {
    // An unknown zone reads as midday.
  }
  return hour < 5
    ? t("dashboard.greeting.evening")
    : hour < 12
      ? t("dashboard.greeting.morning")
      : hour < 18
        ? t("dashboard.greeting.afternoon")
        : t("dashboard.greeting.evening");
}

export default function DashboardPage() {
  const { user } = useAuth();
  const [period, setPeriod] = useState<AnalyticsPeriod>("7d");
  const stats = useDashboardStats(period);
  const [panelHidden, setPanelHidden] = useState(getStartedHiddenThisSession);
  // The same list RecentBookings shows (one request for both).
  const upcoming = useBookingList(RECENT_QUERY);
  const held = stats.data?.overview.totalBookings;
  const made = stats.data?.overview.bookingsMade;
  const hasBookings =
    (upcoming.data?.pagination.total ?? 0) > 0 ||
    (held?.value ?? 0) + (held?.previous ?? 0) + (made?.value ?? 0) + (made?.previous ?? 0) > 0;
  const panelWanted = !!user && !user.preferences.hideGetStarted && !panelHidden;
  const hasEventTypes = (stats.data?.overview.activeEventTypes.total ?? 0) > 0;
  const progress = useGetStartedProgress(hasBookings, hasEventTypes, panelWanted);
  const showPanel = panelWanted && !progress.allDone;

  const zone = stats.data?.timezone ?? user?.timezone ?? "UTC";
  const firstName = user?.name.trim().split(/\s+/)[0] ?? "";

  const periodSelect = (
    <div className="flex items-center gap-2">
      <CalendarRange size={16} aria-hidden className="hidden text-slate-500 sm:block" />
      <Select
        aria-label={t("dashboard.period")}
        value={period}
        onChange={(e) => setPeriod(e.target.value as AnalyticsPeriod)}
        wrapperClassName="w-40"
      >
        {ANALYTICS_PERIODS.map((p) => (
          <option key={p} value={p}>
            {t(PERIOD_IDS[p])}
          </option>
        ))}
      </Select>
    </div>
  );

  return (
    <>
      <PageHeader
        title={
          firstName
            ? t("dashboard.greeting.named", { greeting: greeting(zone), name: firstName })
            : greeting(zone)
        }
        subtitle={t("dashboard.subtitle")}
        action={periodSelect}
      />
      <div className={cn("grid items-start gap-6", showPanel && "lg:grid-cols-[minmax(0,1fr)_17rem]")}>
        <div className="@container flex min-w-0 flex-col gap-6">
          <UpcomingSummary />
          {stats.isPending ? (
            <>
              <StatCardsSkeleton />
              <div className="grid gap-6 @3xl:grid-cols-[minmax(0,1.65fr)_minmax(0,1fr)]">
                <Card className="p-5">
                  <Skeleton className="h-5 w-36" />
                  <Skeleton className="mt-6 h-48 w-full" />
                </Card>
                <Card className="p-5">
                  <Skeleton className="h-5 w-40" />
                  {[0, 1, 2].map((i) => (
                    <Skeleton key={i} className="mt-6 h-6 w-full" />
                  ))}
                </Card>
              </div>
            </>
          ) : stats.isError && !stats.data ? (
            <Card role="alert">
              <ErrorState title={t("dashboard.loadFailed")} query={stats} />
            </Card>
          ) : stats.data ? (
            <div
              className={cn(
                "flex flex-col gap-6 transition-opacity",
                stats.isPlaceholderData && "opacity-60",
              )}
              aria-busy={stats.isFetching || undefined}
            >
              <StatCards stats={stats.data} />
              <div className="grid gap-6 @3xl:grid-cols-[minmax(0,1.65fr)_minmax(0,1fr)]">
                <TrendsCard stats={stats.data} />
                <Card className="flex flex-col p-5">
                  <div className="mb-5">
                    <h2 className="font-semibold text-slate-900">{t("dashboard.popular.title")}</h2>
                    <p className="text-slate-500 text-xs">{t("dashboard.popular.subtitle")}</p>
                  </div>
                  <PopularEventTypes items={stats.data.popularEventTypes} />
                </Card>
              </div>
            </div>
          ) : null}

          <RecentBookings />
        </div>

        {showPanel && (
          <div className="-order-1 lg:sticky lg:top-20 lg:order-none">
            <GetStartedPanel onHide={() => setPanelHidden(true)} progress={progress} />
          </div>
        )}
      </div>
      {/* Full width, so the cards keep the grid they have on /event-types. */}
      <div className="mt-8">
        <EventTypesSection />
      </div>
    </>
  );
}

function TrendsCard({ stats }: { stats: DashboardStats }) {
  const today = dateInZone(new Date(), stats.timezone);
  const c = stats.statusCounts;
  const chips = [
    { label: t("dashboard.status.upcoming"), value: c.upcoming, dot: "bg-blue-500" },
    { label: t("dashboard.status.completed"), value: c.completed, dot: "bg-slate-400" },
    { label: t("dashboard.status.noShow"), value: c.noShow, dot: "bg-amber-500" },
    { label: t("dashboard.status.cancelled"), value: c.cancelled, dot: "bg-red-500" },
  ];
  const range = rangeFmt();
  return (
    <Card className="p-5">
      <div className="mb-5 flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="font-semibold text-slate-900">{t("dashboard.trends.title")}</h2>
          <p className="tabular text-slate-500 text-xs">
            {range.format(utc(stats.range.from))} – {range.format(utc(stats.range.to))} ·{" "}
            {t(PERIOD_IDS[stats.period])}
          </p>
        </div>
      </div>
      <TrendsChart days={stats.dailyTrends} today={today} />
      <ul className="mt-4 flex flex-wrap gap-x-4 gap-y-1.5 border-slate-100 border-t pt-3 text-slate-500 text-xs">
        {chips.map((chip) => (
          <li key={chip.label} className="inline-flex items-center gap-1.5">
            <span aria-hidden className={cn("size-1.5 rounded-full", chip.dot)} />
            {chip.label}
            <span className="tabular font-semibold text-slate-800">{chip.value}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
