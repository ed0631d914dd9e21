import { CalendarRange, X } from "lucide-react";
import { Popover } from "radix-ui";
import { useState } from "react";
import { cn } from "../../lib/cn";
import { t } from "../../lib/i18n";
import { Button } from "./Button";
import { formatCalendar, monthOf } from "./dates";
import { controlClasses } from "./Input";
import { MonthCalendar } from "./MonthCalendar";

/** A range as stored: 'YYYY-MM-DD' dates; a one-day range has a start and no end. */
export interface DateRangeValue {
  start?: string;
  end?: string;
}

export interface DateRangePickerProps {
  id: string;
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
  /** Today, 'YYYY-MM-DD' (the caller's zone); the calendar opens on it when nothing is picked. */
  today: string;
  /** Days that can be picked (e.g. not before today); all by default. */
  isEnabled?: (date: string) => boolean;
  invalid?: boolean;
  "aria-describedby"?: string;
}

const short = (date: string) => {
  return formatCalendar(date, { month: "short", day: "numeric", year: "numeric" });
};

/** The text the control shows: a range, one day, or nothing yet. */
export function rangeText({ start, end }: DateRangeValue): string {
  if (!start) return "";
  return end && end !== start ? `${short(start)} - ${short(end)}` : short(start);
}

/**
 * The next value after a click on `date` (spec section 5): the first click starts a range; the next
 * one on or after the start completes it (a click on the start itself completes a one-day range, stored
 * as the start alone); a click before the start starts again there. `done` closes the picker.
 */
export function pickInRange(
  value: DateRangeValue,
  date: string,
  awaitingEnd: boolean,
): { value: DateRangeValue; done: boolean } {
  if (!awaitingEnd || !value.start || date < value.start) return { value: { start: date }, done: false };
  return { value: date === value.start ? { start: date } : { start: value.start, end: date }, done: true };
}

/**
 * The spec's date range picker: one read-only control ('Select date range') that opens a month calendar
 * with the hint 'Pick a start and end date' and Clear; it closes once a range is complete.
 */
export function DateRangePicker({
  id,
  value,
  onChange,
  today,
  isEnabled = () => true,
  invalid,
  "aria-describedby": describedBy,
}: DateRangePickerProps) {
  const [open, setOpen] = useState(false);
  // True between the first click of a range and its second.
  const [awaitingEnd, setAwaitingEnd] = useState(false);
  const [month, setMonth] = useState(monthOf(value.start ?? today));
  const text = rangeText(value);
  const last = value.end ?? value.start;

  const select = (date: string) => {
    const next = pickInRange(value, date, awaitingEnd);
    onChange(next.value);
    setAwaitingEnd(!next.done);
    if (next.done) setOpen(false);
  };

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setAwaitingEnd(false);
        if (next) setMonth(monthOf(value.start ?? today));
      }}
    >
      <Popover.Trigger asChild>
        <button
          id={id}
          type="button"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={cn(controlClasses(invalid), "flex h-10 items-center gap-2 text-start")}
        >
          <CalendarRange size={16} aria-hidden className="shrink-0 text-slate-500" />
          <span className={cn("flex-1 truncate", text ? "text-slate-900" : "text-slate-500")}>
            {text || t("common.selectDateRange")}
          </span>
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          aria-label={t("common.chooseDates")}
          className="kairos-pop z-50 w-[min(22rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white p-4 shadow-lg shadow-slate-900/10"
        >
          <p className="mb-3 text-slate-600 text-sm" aria-live="polite">
            {awaitingEnd ? t("common.pickEnd") : t("common.pickRange")}
          </p>
          <MonthCalendar
            month={month}
            onMonthChange={setMonth}
            selected={last}
            isSelected={(d) => !!value.start && d >= value.start && d <= (last ?? value.start)}
            isEnabled={isEnabled}
            onSelect={select}
            today={today}
            dayStatus={(enabled) => (enabled ? "" : t("common.notAvailable"))}
          />
          <div className="mt-3 flex items-center justify-between gap-2 border-slate-100 border-t pt-3">
            <span className="truncate text-slate-700 text-sm">{text}</span>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={!value.start}
              onClick={() => {
                onChange({});
                setAwaitingEnd(false);
              }}
            >
              <X size={14} aria-hidden /> {t("common.clear")}
            </Button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
