import {
  ArrowDownRight,
  ArrowUpRight,
  CalendarCheck,
  Clock,
  Layers,
  type LucideIcon,
  Users,
} from "lucide-react";
import type { DashboardStats, StatWithGrowth } from "../../../contract/analytics";
import { PERIOD_DAYS } from "../../../contract/analytics-periods";
import { Card, Skeleton } from "../../components/ui";
import { cn } from "../../lib/cn";
import { intlLocale, t } from "../../lib/i18n";

// Made when rendering: the language can change while the app is open.
const number = () => new Intl.NumberFormat(intlLocale());
const hours = () => new Intl.NumberFormat(intlLocale(), { maximumFractionDigits: 1 });

/** Growth against the previous period: green when >= 0 or new, red when it fell. */
export function GrowthBadge({ stat }: { stat: StatWithGrowth }) {
  const { growth } = stat;
  const up = growth === null || growth >= 0;
  const text =
    growth === null
      ? t("dashboard.growth.new")
      : `${growth > 0 ? "+" : growth < 0 ? "−" : ""}${hours().format(Math.abs(growth))}%`;
  const Icon = up ? ArrowUpRight : ArrowDownRight;
  return (
    <span
      data-testid="growth"
      data-trend={up ? "up" : "down"}
      className={cn(
        "tabular inline-flex items-center gap-0.5 rounded-full px-1.5 py-0.5 font-medium text-xs",
        up ? "bg-emerald-50 text-emerald-700" : "bg-red-50 text-red-700",
      )}
    >
      <Icon size={12} aria-hidden strokeWidth={2.5} />
      {text}
    </span>
  );
}

function StatCard({
  label,
  value,
  unit,
  icon: Icon,
  caption,
  footer,
}: {
  label: string;
  value: string;
  unit?: string;
  icon: LucideIcon;
  /** What the value counts, under it. */
  caption?: React.ReactNode;
  footer: React.ReactNode;
}) {
  return (
    <Card className="flex flex-col p-4 sm:p-5" data-testid="stat-card" aria-label={label} role="group">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-medium text-slate-500 text-sm">{label}</h3>
        <span className="hidden size-8 shrink-0 items-center justify-center rounded-md sm:flex bg-slate-50 text-slate-500 ring-1 ring-slate-200/70 ring-inset">
          <Icon size={16} aria-hidden />
        </span>
      </div>
      <p
        className="tabular mt-2 font-semibold text-[28px] text-slate-900 leading-9 tracking-tight"
        data-testid="stat-value"
      >
        {value}
        {unit && <span className="ms-1 font-medium text-base text-slate-500">{unit}</span>}
      </p>
      {caption && <p className="text-slate-500 text-xs">{caption}</p>}
      <div className="mt-2 flex min-h-5 flex-wrap items-center gap-1.5 text-slate-500 text-xs">{footer}</div>
    </Card>
  );
}

export function StatCards({ stats }: { stats: DashboardStats }) {
  const { overview } = stats;
  const days = PERIOD_DAYS[stats.period];
  const versus = <span>{t("dashboard.stats.versus", { count: days })}</span>;
  const made = overview.bookingsMade;
  const active = overview.activeEventTypes;
  const inactive = active.total - active.value;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 @3xl:grid-cols-4">
      <StatCard
        label={t("dashboard.stats.totalBookings")}
        icon={CalendarCheck}
        value={number().format(overview.totalBookings.value)}
        // The value follows the meeting dates; bookings made now for later meetings show here at once.
        caption={
          <>
            {t("dashboard.stats.inPeriod")} ·{" "}
            <span data-testid="bookings-made" className="font-medium text-slate-700">
              {t("dashboard.stats.bookedInIt", { count: number().format(made.value) })}
            </span>
          </>
        }
        footer={
          <>
            <GrowthBadge stat={overview.totalBookings} />
            {versus}
          </>
        }
      />
      <StatCard
        label={t("dashboard.stats.totalHours")}
        icon={Clock}
        value={hours().format(overview.totalHours.value)}
        unit={t("dashboard.stats.hoursUnit")}
        footer={
          <>
            <GrowthBadge stat={overview.totalHours} />
            {versus}
          </>
        }
      />
      <StatCard
        label={t("dashboard.stats.attendees")}
        icon={Users}
        value={number().format(overview.uniqueAttendees.value)}
        footer={
          <>
            <GrowthBadge stat={overview.uniqueAttendees} />
            {versus}
          </>
        }
      />
      <StatCard
        label={t("dashboard.stats.activeTypes")}
        icon={Layers}
        value={number().format(active.value)}
        footer={
          active.total === 0 ? (
            <span>{t("dashboard.stats.noneCreated")}</span>
          ) : (
            <span>
              {inactive > 0
                ? t("dashboard.stats.someOff", { off: inactive, total: active.total })
                : t("dashboard.stats.allOn", { total: active.total })}
            </span>
          )
        }
      />
    </div>
  );
}

export function StatCardsSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 @3xl:grid-cols-4" aria-hidden>
      {[0, 1, 2, 3].map((i) => (
        <Card key={i} className="p-4 sm:p-5">
          <div className="flex items-center justify-between">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="size-8" />
          </div>
          <Skeleton className="mt-3 h-8 w-16" />
          <Skeleton className="mt-3 h-4 w-32" />
        </Card>
      ))}
    </div>
  );
}
