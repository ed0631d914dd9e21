import type { ContactStats } from "../../../contract/contacts";
import { Skeleton } from "../../components/ui";
import type { AppMessageId } from "../../lib/app-messages";
import { intlLocale, t } from "../../lib/i18n";
import { useContactStats } from "./queries";

/** A compact strip above the table: totals, stages, new this month, met in the last 30 days. */
export function StatsStrip() {
  const stats = useContactStats();
  if (stats.isError) return null;
  const s: ContactStats | undefined = stats.data;
  const n = new Intl.NumberFormat(intlLocale());
  const items: [AppMessageId, number | undefined][] = [
    ["contacts.stats.total", s?.total],
    ["contacts.stats.leads", s?.byStage.lead],
    ["contacts.stats.customers", s?.byStage.customer],
    ["contacts.stats.highPriority", s?.byPriority.high],
    ["contacts.stats.newThisMonth", s?.newThisMonth],
    ["contacts.stats.metLast30Days", s?.metLast30Days],
  ];
  return (
    <dl
      aria-label={t("contacts.stats.label")}
      className="mb-4 grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-6"
    >
      {items.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-slate-200 bg-white px-3 py-2">
          <dt className="truncate text-slate-500 text-xs">{t(label)}</dt>
          <dd className="font-semibold text-lg text-slate-900 tabular-nums">
            {value === undefined ? <Skeleton className="my-1 h-5 w-10" /> : n.format(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
