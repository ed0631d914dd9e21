import type { ContactStats } from "../../../contract/contacts";
import { Skeleton } from "../../components/ui";
import { useContactStats } from "./queries";

const n = new Intl.NumberFormat("en-US");

/** A compact strip above the table: totals, stages, new this month, met in the last 30 days. */
export function StatsStrip() {
  const stats = useContactStats();
  if (stats.isError) return null;
  const s: ContactStats | undefined = stats.data;
  const items: [string, number | undefined][] = [
    ["Total", s?.total],
    ["Leads", s?.byStage.lead],
    ["Customers", s?.byStage.customer],
    ["High priority", s?.byPriority.high],
    ["New this month", s?.newThisMonth],
    ["Met in last 30 days", s?.metLast30Days],
  ];
  return (
    <dl aria-label="Contact statistics" className="mb-4 grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-6">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-slate-200 bg-white px-3 py-2">
          <dt className="truncate text-slate-500 text-xs">{label}</dt>
          <dd className="font-semibold text-lg text-slate-900 tabular-nums">
            {value === undefined ? <Skeleton className="my-1 h-5 w-10" /> : n.format(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
