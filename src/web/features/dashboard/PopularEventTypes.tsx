import { Layers } from "lucide-react";
import type { PopularEventType } from "../../../contract/analytics";
import { intlLocale, t } from "../../lib/i18n";

const hoursFmt = () => new Intl.NumberFormat(intlLocale(), { maximumFractionDigits: 1 });

/** The period's most booked event types as horizontal bars, scaled to the leader. */
export function PopularEventTypes({ items }: { items: PopularEventType[] }) {
  if (items.length === 0)
    return (
      <div className="flex h-full min-h-40 flex-col items-center justify-center px-4 text-center">
        <span className="mb-2 flex size-9 items-center justify-center rounded-full bg-slate-100 text-slate-500">
          <Layers size={18} aria-hidden />
        </span>
        <p className="font-medium text-slate-900 text-sm">{t("dashboard.popular.empty")}</p>
        <p className="mt-0.5 text-slate-500 text-xs">{t("dashboard.popular.emptyText")}</p>
      </div>
    );
  const lead = Math.max(...items.map((i) => i.bookings), 1);
  return (
    <ol className="flex flex-col gap-4" aria-label={t("dashboard.popular.list")}>
      {items.map((item) => (
        <li key={item.eventTypeId ?? `deleted-${item.title}`}>
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="flex min-w-0 items-center gap-2">
              <span
                aria-hidden
                className="size-2 shrink-0 rounded-full"
                style={{ backgroundColor: item.color }}
              />
              <span className="truncate font-medium text-slate-800" title={item.title}>
                {item.title}
              </span>
            </span>
            <span className="tabular shrink-0 text-slate-500">
              <span className="font-semibold text-slate-900">{item.bookings}</span>
              <span className="sr-only">{t("dashboard.popular.bookings")}</span>
              <span className="ms-1 text-xs">· {hoursFmt().format(item.share)}%</span>
            </span>
          </div>
          <div className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden>
            <div
              className="h-full rounded-full transition-[width] duration-500"
              style={{ width: `${(item.bookings / lead) * 100}%`, backgroundColor: item.color }}
            />
          </div>
        </li>
      ))}
    </ol>
  );
}
