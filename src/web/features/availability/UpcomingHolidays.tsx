import { CalendarHeart } from "lucide-react";
import { Button, Card, Skeleton } from "../../components/ui";
import { t } from "../../lib/i18n";
import { dateRangeText } from "./CustomHolidays";
import { useUpcomingHolidays } from "./queries";

/** The next few enabled holidays, public and custom. */
export function UpcomingHolidays() {
  const upcoming = useUpcomingHolidays();
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 font-semibold text-base text-slate-900">
        <CalendarHeart size={18} aria-hidden className="text-accent-strong" />{" "}
        {t("availability.upcoming.title")}
      </h2>
      <div aria-live="polite" className="mt-3">
        {upcoming.isPending ? (
          <div className="flex flex-col gap-3">
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
          </div>
        ) : upcoming.isError ? (
          <div className="flex items-center justify-between gap-3 text-red-700 text-sm">
            {t("availability.upcoming.failed")}
            <Button size="sm" variant="outline" onClick={() => void upcoming.refetch()}>
              {t("availability.retry")}
            </Button>
          </div>
        ) : upcoming.data.length === 0 ? (
          <p className="text-slate-500 text-sm">{t("availability.upcoming.none")}</p>
        ) : (
          <ul className="flex flex-col gap-2.5">
            {upcoming.data.map((h) => (
              <li key={`${h.id}-${h.date}`} className="flex items-start justify-between gap-3 text-sm">
                <span className="min-w-0 text-slate-900">{h.name}</span>
                <span className="tabular shrink-0 text-slate-500">{dateRangeText(h.date, h.endDate)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
