import { Sparkles } from "lucide-react";
import type { Holiday } from "../../../contract/holidays";
import { Card, EmptyState, Switch } from "../../components/ui";
import { cn } from "../../lib/cn";
import { t } from "../../lib/i18n";
import { dateRangeText } from "./CustomHolidays";

/**
 * A country's optional days (festivals such as Diwali, Holi or Eid; observances): off until the host
 * switches one on, then it blocks the whole day like a public holiday. One switch per day per year.
 */
export function OptionalHolidays({
  countryName,
  holidays,
  years,
  today,
  onToggle,
}: {
  /** As the host chose it: 'India', 'Scotland, United Kingdom'. */
  countryName: string;
  holidays: Holiday[];
  years: number[];
  today: string;
  onToggle: (id: string, on: boolean) => void;
}) {
  return (
    <Card>
      <div className="border-slate-200 border-b p-5">
        <h2 className="font-semibold text-base text-slate-900">{t("availability.optional.title")}</h2>
        <p className="mt-1 text-slate-500 text-sm">
          {t("availability.optional.hint", { country: countryName })}
        </p>
      </div>
      {holidays.length === 0 ? (
        <EmptyState
          icon={Sparkles}
          title={t("availability.optional.none")}
          description={t("availability.optional.noneText", { country: countryName })}
        />
      ) : (
        years.map((year) => {
          const ofYear = holidays.filter((h) => h.date.startsWith(String(year)));
          if (ofYear.length === 0) return null;
          return (
            <section key={year} aria-labelledby={`optional-holidays-${year}`} className="px-5 pt-4 pb-2">
              <h3
                id={`optional-holidays-${year}`}
                className="mb-1 font-medium text-slate-500 text-xs uppercase tracking-wide"
              >
                {year}
              </h3>
              <ul
                className="divide-y divide-slate-100"
                aria-label={t("availability.optional.listLabel", { year })}
              >
                {ofYear.map((h) => {
                  const id = `optional-${h.id}-${h.date}`;
                  const past = h.endDate < today;
                  return (
                    // A passed day reads quieter but keeps readable contrast (no opacity on text).
                    <li key={id} className="flex items-center gap-3 py-2.5">
                      <div className="min-w-0 flex-1">
                        <label
                          htmlFor={id}
                          className={h.enabled && !past ? "text-slate-900 text-sm" : "text-slate-500 text-sm"}
                        >
                          {h.name}
                        </label>
                        <p className="tabular text-[13px] text-slate-500">
                          {dateRangeText(h.date, h.endDate)}
                          {past
                            ? t("availability.holidays.passed")
                            : h.enabled
                              ? t("availability.holidays.blocked")
                              : ""}
                        </p>
                      </div>
                      <Switch
                        id={id}
                        checked={h.enabled}
                        onCheckedChange={(on) => onToggle(h.id, on)}
                        className={cn(past && "opacity-55")}
                      />
                    </li>
                  );
                })}
              </ul>
            </section>
          );
        })
      )}
    </Card>
  );
}
