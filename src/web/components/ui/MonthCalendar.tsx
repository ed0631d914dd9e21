import { ChevronLeft, ChevronRight } from "lucide-react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { cn } from "../../lib/cn";
import { intlLocale, t } from "../../lib/i18n";
import {
  addDays,
  addMonths,
  daysOfMonth,
  formatCalendar,
  formatLongDate,
  formatMonth,
  monthOf,
  weekdayOf,
} from "./dates";

export interface MonthCalendarProps {
  /** Shown month, 'YYYY-MM'. */
  month: string;
  /** Selected day, 'YYYY-MM-DD'. */
  selected?: string;
  /** For pickers of several days (dates, a range): which days show as chosen; `selected` then only places focus. */
  isSelected?: (date: string) => boolean;
  /** Days for which this returns true are bold and clickable; others are muted. */
  isEnabled: (date: string) => boolean;
  onSelect: (date: string) => void;
  onMonthChange: (month: string) => void;
  /** Today in the viewer's zone, 'YYYY-MM-DD' (the caller does the timezone math). */
  today: string;
  /** Earliest month reachable with the previous button / keyboard, 'YYYY-MM'. */
  minMonth?: string;
  /** Latest month reachable, 'YYYY-MM'. */
  maxMonth?: string;
  /** Announced while the enabled days of the month load; days render muted meanwhile. */
  loading?: boolean;
  /** First column: 0 Sunday (default), 1 Monday (the host's profile setting). */
  weekStartsOn?: 0 | 1;
  /** What a day's label adds after its date; the booking page's ", times available" by default. */
  dayStatus?: (enabled: boolean) => string;
  className?: string;
}

/** The weekdays' column heads in the page's language: short ('SUN', 'Mo', '日') and long; 2023-01-01 was a Sunday. */
const headersOf = () =>
  [0, 1, 2, 3, 4, 5, 6].map((i) => {
    const date = `2023-01-0${i + 1}`;
    const short = formatCalendar(date, { weekday: "short" }).replace(/\.$/, "");
    return [
      intlLocale() === "en-US" ? short.toUpperCase() : short,
      formatCalendar(date, { weekday: "long" }),
    ] as const;
  });

/**
 * Month grid for picking a day. Pure string dates, no timezone math.
 * Keyboard: arrows move by day/week, Home/End to week start/end, PageUp/PageDown by month, Enter/Space selects.
 */
export function MonthCalendar({
  month,
  selected,
  isSelected = (date) => date === selected,
  isEnabled,
  onSelect,
  onMonthChange,
  today,
  minMonth,
  maxMonth,
  loading = false,
  weekStartsOn = 0,
  dayStatus = bookingDayStatus,
  className,
}: MonthCalendarProps) {
  const days = daysOfMonth(month);
  // Column of a date: its weekday counted from the week's first day.
  const column = (date: string) => (weekdayOf(date) - weekStartsOn + 7) % 7;
  const all = headersOf();
  const headers = [...all.slice(weekStartsOn), ...all.slice(0, weekStartsOn)];
  const lead = column(days[0]);
  const cells: (string | null)[] = [...Array<null>(lead).fill(null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));

  const canPrev = !minMonth || month > minMonth;
  const canNext = !maxMonth || month < maxMonth;

  // Roving tab stop: the focused day if it is in this month, else selected, else today, else first enabled, else the 1st.
  const [focused, setFocused] = useState<string | null>(null);
  const pendingFocus = useRef(false);
  const gridRef = useRef<HTMLTableElement>(null);
  const tabStop =
    (focused && monthOf(focused) === month && focused) ||
    (selected && monthOf(selected) === month && selected) ||
    (monthOf(today) === month && today) ||
    days.find((d) => isEnabled(d)) ||
    days[0];

  useEffect(() => {
    if (!pendingFocus.current) return;
    pendingFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`button[data-date="${tabStop}"]`)?.focus();
  });

  const moveTo = (date: string) => {
    const target = monthOf(date);
    if ((minMonth && target < minMonth) || (maxMonth && target > maxMonth)) return;
    setFocused(date);
    pendingFocus.current = true;
    if (target !== month) onMonthChange(target);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, date: string) => {
    const next = keyTarget(event.key, date, column(date));
    if (!next) return;
    event.preventDefault();
    moveTo(next);
  };

  const changeMonth = (delta: number) => {
    setFocused(null);
    onMonthChange(addMonths(month, delta));
  };

  return (
    <div className={cn("w-full select-none", className)}>
      <div className="mb-3 flex items-center justify-between gap-2">
        <h3 className="font-semibold text-base text-slate-900" aria-live="polite">
          {formatMonth(month)}
        </h3>
        <div className="flex items-center gap-1">
          <button
            type="button"
            aria-label={t("calendar.previousMonth")}
            disabled={!canPrev}
            onClick={() => changeMonth(-1)}
            className="flex size-9 items-center justify-center rounded-full text-slate-600 transition-colors hover:bg-accent-soft hover:text-accent-strong disabled:pointer-events-none disabled:text-slate-300"
          >
            <ChevronLeft size={20} aria-hidden className="rtl:-scale-x-100" />
          </button>
          <button
            type="button"
            aria-label={t("calendar.nextMonth")}
            disabled={!canNext}
            onClick={() => changeMonth(1)}
            className="flex size-9 items-center justify-center rounded-full bg-accent-soft text-accent-strong transition-colors hover:bg-blue-100 disabled:pointer-events-none disabled:bg-transparent disabled:text-slate-300"
          >
            <ChevronRight size={20} aria-hidden className="rtl:-scale-x-100" />
          </button>
        </div>
      </div>
      <table
        ref={gridRef}
        className="w-full table-fixed border-collapse"
        aria-label={formatMonth(month)}
        aria-busy={loading}
      >
        <thead>
          <tr>
            {headers.map(([short, long]) => (
              <th
                key={short}
                scope="col"
                abbr={long}
                className="pb-2 text-center font-medium text-xs text-slate-500 tracking-wide"
              >
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean) ?? "empty"}>
              {week.map((date, i) => (
                <td key={date ?? `blank-${i}`} className="p-0.5 text-center">
                  {date && (
                    <DayButton
                      date={date}
                      enabled={!loading && isEnabled(date)}
                      selected={isSelected(date)}
                      isToday={date === today}
                      tabbable={date === tabStop}
                      onSelect={onSelect}
                      onKeyDown={onKeyDown}
                      onFocus={() => setFocused(date)}
                      status={dayStatus}
                    />
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const bookingDayStatus = (enabled: boolean) =>
  t(enabled ? "calendar.timesAvailable" : "calendar.noTimesAvailable");

function keyTarget(key: string, date: string, wd: number): string | null {
  // Right to left (Arabic), the grid is mirrored: the left arrow goes to the next day.
  const forward = typeof document !== "undefined" && document.documentElement.dir === "rtl" ? -1 : 1;
  switch (key) {
    case "ArrowLeft":
      return addDays(date, -forward);
    case "ArrowRight":
      return addDays(date, forward);
    case "ArrowUp":
      return addDays(date, -7);
    case "ArrowDown":
      return addDays(date, 7);
    case "Home":
      return addDays(date, -wd);
    case "End":
      return addDays(date, 6 - wd);
    case "PageUp":
      return shiftMonthKeepDay(date, -1);
    case "PageDown":
      return shiftMonthKeepDay(date, 1);
    default:
      return null;
  }
}

function shiftMonthKeepDay(date: string, delta: number): string {
  const target = addMonths(monthOf(date), delta);
  const day = Math.min(Number(date.slice(8, 10)), daysOfMonth(target).length);
  return `${target}-${String(day).padStart(2, "0")}`;
}

function DayButton({
  date,
  enabled,
  selected,
  isToday,
  tabbable,
  onSelect,
  onKeyDown,
  onFocus,
  status,
}: {
  date: string;
  enabled: boolean;
  selected: boolean;
  isToday: boolean;
  tabbable: boolean;
  onSelect: (date: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>, date: string) => void;
  onFocus: () => void;
  status: (enabled: boolean) => string;
}) {
  const label = `${formatLongDate(date)}${isToday ? t("calendar.today") : ""}${status(enabled)}`;
  return (
    <button
      type="button"
      data-date={date}
      tabIndex={tabbable ? 0 : -1}
      aria-label={label}
      aria-pressed={selected}
      aria-disabled={!enabled || undefined}
      onClick={() => enabled && onSelect(date)}
      onKeyDown={(e) => onKeyDown(e, date)}
      onFocus={onFocus}
      className={cn(
        "relative mx-auto flex aspect-square w-full max-w-11 items-center justify-center rounded-full text-base tabular-nums transition-colors",
        "focus-visible:outline-2 focus-visible:outline-accent focus-visible:outline-offset-1",
        selected
          ? "bg-accent-strong font-semibold text-white hover:bg-accent-hover"
          : enabled
            ? "bg-accent-soft font-semibold text-accent-hover hover:bg-blue-100"
            : "cursor-default font-normal text-slate-500",
      )}
    >
      {Number(date.slice(8, 10))}
      {isToday && (
        <span
          aria-hidden
          className={cn("absolute bottom-[18%] size-1 rounded-full", selected ? "bg-white" : "bg-current")}
        />
      )}
    </button>
  );
}
