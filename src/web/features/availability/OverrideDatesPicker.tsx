import { useState } from "react";
import { MonthCalendar, monthOf } from "../../components/ui";
import type { AppMessageId } from "../../lib/app-messages";
import { cn } from "../../lib/cn";
import { t } from "../../lib/i18n";
import { type DatePick, describeDates, type PickMode, pickDate } from "./override-dates";

export interface OverrideDatesPickerProps {
  dates: string[];
  onChange: (dates: string[]) => void;
  /** Editing one override picks one date; adding picks several dates or a range. */
  multiple: boolean;
  today: string;
  /** The dates that already have an override (saving replaces them). */
  existingDates: string[];
  /** Replaced-by-itself date of the override being edited: not a clash. */
  editedDate?: string;
  /** Set once a submit found no date chosen. */
  error?: string;
}

const MODES: { mode: PickMode; label: AppMessageId }[] = [
  { mode: "dates", label: "availability.pick.dates" },
  { mode: "range", label: "availability.pick.range" },
];

/** The override dialog's calendar: one date, or several dates (each click toggles one) or a range (two clicks). */
export function OverrideDatesPicker({
  dates,
  onChange,
  multiple,
  today,
  existingDates,
  editedDate,
  error,
}: OverrideDatesPickerProps) {
  const [mode, setMode] = useState<PickMode>(multiple ? "dates" : "single");
  const [rangeStart, setRangeStart] = useState<string | null>(null);
  const [month, setMonth] = useState(monthOf(dates[0] ?? today));
  const chosen = new Set(dates);
  const clashes = dates.filter((d) => d !== editedDate && existingDates.includes(d)).length;

  const select = (date: string) => {
    const next: DatePick = pickDate({ dates, rangeStart }, date, mode);
    setRangeStart(next.rangeStart);
    onChange(next.dates);
  };
  const switchMode = (next: PickMode) => {
    setMode(next);
    setRangeStart(null);
    onChange([]);
  };

  return (
    <div>
      {multiple && (
        <fieldset className="mb-3 flex rounded-lg bg-slate-100 p-0.5">
          <legend className="sr-only">{t("availability.pick.legend")}</legend>
          {MODES.map(({ mode: m, label }) => (
            <label
              key={m}
              className={cn(
                "flex-1 cursor-pointer rounded-md px-3 py-1.5 text-center font-medium text-sm has-focus-visible:outline-2 has-focus-visible:outline-accent",
                mode === m ? "bg-white text-slate-900 shadow-xs" : "text-slate-600 hover:text-slate-900",
              )}
            >
              <input
                type="radio"
                name="override-pick"
                value={m}
                checked={mode === m}
                onChange={() => switchMode(m)}
                className="sr-only"
              />
              {t(label)}
            </label>
          ))}
        </fieldset>
      )}
      <MonthCalendar
        month={month}
        onMonthChange={setMonth}
        selected={dates[dates.length - 1]}
        isSelected={(d) => chosen.has(d)}
        onSelect={select}
        isEnabled={(d) => d >= today}
        today={today}
        minMonth={monthOf(today)}
        dayStatus={(enabled) => (enabled ? "" : t("availability.pick.inPast"))}
      />
      <p aria-live="polite" className="mt-2 text-sm" id="override-dates-summary">
        {dates.length > 0 ? (
          <span className="font-medium text-slate-900" data-testid="override-dates">
            {describeDates(dates)}
          </span>
        ) : (
          <span className={error ? "text-red-600" : "text-slate-500"}>
            {error ??
              (mode === "range"
                ? t("availability.pick.firstLast")
                : mode === "dates"
                  ? t("availability.pick.oneOrMore")
                  : t("availability.override.chooseDate"))}
          </span>
        )}
        {mode === "range" && rangeStart && (
          <span className="block text-slate-500">{t("availability.pick.nowLast")}</span>
        )}
      </p>
      {clashes > 0 && (
        <p className="mt-1 text-[13px] text-amber-700">
          {dates.length === 1
            ? t("availability.pick.clashOne")
            : t("availability.pick.clashMany", { count: clashes })}
        </p>
      )}
    </div>
  );
}
