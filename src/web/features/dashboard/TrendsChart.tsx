import { BarChart3 } from "lucide-react";
import type { DailyTrend } from "../../../contract/analytics";
import { cn } from "../../lib/cn";
import { intlLocale, t } from "../../lib/i18n";

const utc = (date: string) => new Date(`${date}T12:00:00Z`);
// Made when rendering: the language can change while the app is open.
const dayFmt = () =>
  new Intl.DateTimeFormat(intlLocale(), { month: "short", day: "numeric", timeZone: "UTC" });
const weekdayFmt = () => new Intl.DateTimeFormat(intlLocale(), { weekday: "short", timeZone: "UTC" });
const longFmtOf = () =>
  new Intl.DateTimeFormat(intlLocale(), {
    weekday: "short",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
const hoursFmtOf = () => new Intl.NumberFormat(intlLocale(), { maximumFractionDigits: 1 });

/** A round top for the y axis with four equal whole-number steps (0, 5, 10, 15, 20). */
export function niceMax(max: number): number {
  if (max <= 4) return 4;
  const raw = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]) {
    const step = m * magnitude;
    if (step >= raw && Number.isInteger(step)) return step * 4;
  }
  return Math.ceil(raw) * 4;
}

/** Which days get an x-axis label: every day for a week, else about six evenly spaced ones. */
function labelEvery(n: number): number {
  return n <= 7 ? 1 : Math.ceil(n / 6);
}

/**
 * Booking Trends: one bar per day of the period, drawn with plain elements (no chart library).
 * Sighted users hover a bar for its figures; screen readers get the same figures as a table.
 */
export function TrendsChart({ days, today }: { days: DailyTrend[]; today: string }) {
  const max = Math.max(0, ...days.map((d) => d.bookings));
  const top = niceMax(max);
  const ticks = [top, (top * 3) / 4, top / 2, top / 4, 0];
  const every = labelEvery(days.length);
  const empty = max === 0;
  const gap = days.length <= 7 ? "gap-3 sm:gap-5" : days.length <= 31 ? "gap-1" : "gap-px";
  const longFmt = longFmtOf();
  const hoursFmt = hoursFmtOf();

  return (
    <div className="relative">
      <div className="flex gap-3">
        {/* y axis */}
        <div
          className="tabular flex h-48 flex-col justify-between text-end text-[11px] text-slate-500"
          aria-hidden
        >
          {ticks.map((t) => (
            <span key={t} className="-my-1.5 leading-3">
              {Number.isInteger(t) ? t : ""}
            </span>
          ))}
        </div>
        <div className="relative min-w-0 flex-1">
          {/* gridlines */}
          <div
            className="pointer-events-none absolute inset-x-0 top-0 flex h-48 flex-col justify-between"
            aria-hidden
          >
            {ticks.map((t) => (
              <div
                key={t}
                className={cn("border-t", t === 0 ? "border-slate-300" : "border-slate-100 border-dashed")}
              />
            ))}
          </div>
          {/* bars */}
          <div className={cn("relative flex h-48 items-end", gap)} aria-hidden data-testid="trend-bars">
            {days.map((d, i) => {
              const pct = (d.bookings / top) * 100;
              // Tooltips of the outer bars open inwards so they stay inside the card.
              const edge = Math.max(1, Math.round(days.length / 8));
              const align =
                i < edge ? "start-0" : i >= days.length - edge ? "end-0" : "left-1/2 -translate-x-1/2";
              const isToday = d.date === today;
              return (
                <div
                  key={d.date}
                  className="group relative flex h-full min-w-0 flex-1 items-end justify-center"
                >
                  <div
                    data-count={d.bookings}
                    className={cn(
                      "w-full max-w-12 rounded-t-[3px] transition-[height,background-color] duration-300",
                      d.bookings === 0
                        ? "h-0.5 bg-slate-200"
                        : isToday
                          ? "bg-blue-600"
                          : "bg-accent/80 group-hover:bg-accent",
                    )}
                    style={d.bookings === 0 ? undefined : { height: `${Math.max(pct, 2)}%` }}
                  />
                  {!empty && (
                    // Just above the bar, so the figures sit next to what they describe.
                    <div
                      className={cn(
                        "pointer-events-none absolute z-10 mb-1.5 hidden whitespace-nowrap",
                        align,
                        " rounded-md bg-slate-900 px-2.5 py-1.5 text-white text-xs shadow-lg group-hover:block",
                      )}
                      style={{ bottom: `${d.bookings === 0 ? 1 : Math.max(pct, 2)}%` }}
                    >
                      <div className="font-medium">{longFmt.format(utc(d.date))}</div>
                      <div className="tabular text-slate-300">
                        {t("dashboard.trends.booking", { count: d.bookings })} ·{" "}
                        {t("dashboard.trends.hours", { hours: hoursFmt.format(d.hours) })}
                      </div>
                    </div>
                  )}
                </div>
              );
            })}
          </div>
          {/* x axis */}
          <div className={cn("mt-2 flex", gap)} aria-hidden>
            {days.map((d, i) => {
              const show = i % every === 0 || (every > 1 && i === days.length - 1 && i % every > every / 2);
              return (
                <div key={d.date} className="relative min-w-0 flex-1 text-center">
                  {show && (
                    <span
                      className={cn(
                        "text-[11px] text-slate-500",
                        days.length > 7 && "absolute left-1/2 -translate-x-1/2 whitespace-nowrap",
                        d.date === today && "font-medium text-slate-600",
                      )}
                    >
                      {days.length <= 7 ? weekdayFmt().format(utc(d.date)) : dayFmt().format(utc(d.date))}
                    </span>
                  )}
                </div>
              );
            })}
          </div>
          {days.length > 7 && <div className="h-4" aria-hidden />}
        </div>
      </div>

      {empty && (
        <div className="absolute inset-x-0 top-0 flex h-48 items-center justify-center">
          <div className="flex flex-col items-center rounded-lg bg-white/90 px-5 py-3 text-center backdrop-blur-[1px]">
            <span className="mb-2 flex size-9 items-center justify-center rounded-full bg-accent-soft text-accent-strong">
              <BarChart3 size={18} aria-hidden />
            </span>
            <p className="font-medium text-slate-900 text-sm">{t("dashboard.trends.empty")}</p>
            <p className="mt-0.5 text-slate-500 text-xs">{t("dashboard.trends.emptyText")}</p>
          </div>
        </div>
      )}

      {/* A table ignores its own height and overflow: the wrapper keeps it out of the page's scroll area. */}
      <div className="sr-only">
        <table>
          <caption>{t("dashboard.trends.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("dashboard.trends.date")}</th>
              <th scope="col">{t("dashboard.trends.bookings")}</th>
              <th scope="col">{t("dashboard.trends.hoursCol")}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <th scope="row">{longFmt.format(utc(d.date))}</th>
                <td>{d.bookings}</td>
                <td>{hoursFmt.format(d.hours)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
