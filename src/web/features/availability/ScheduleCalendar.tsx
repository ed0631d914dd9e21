import { ChevronLeft, ChevronRight } from "lucide-react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import type { Holiday } from "../../../contract/holidays";
import {
  addDays,
  addMonths,
  daysOfMonth,
  formatLongDate,
  formatMonth,
  monthOf,
  weekdayOf,
} from "../../components/ui";
import type { AppMessageId } from "../../lib/app-messages";
import { cn } from "../../lib/cn";
import { intlLocale, t } from "../../lib/i18n";
import type { DraftOverride, EditorDraft } from "./draft";
import { shortTime } from "./schedule-format";

type DayKind = "available" | "unavailable" | "override-available" | "override-off" | "holiday";

interface DayInfo {
  kind: DayKind;
  text: string;
}

const KIND_STYLE: Record<DayKind, string> = {
  available: "bg-white text-slate-900 ring-1 ring-slate-200 ring-inset hover:bg-slate-50",
  unavailable: "bg-slate-100/80 text-slate-500 hover:bg-slate-200/70",
  "override-available": "bg-blue-50 text-blue-900 ring-1 ring-blue-300 ring-inset hover:bg-blue-100",
  "override-off": "bg-red-50 text-red-800 ring-1 ring-red-200 ring-inset hover:bg-red-100",
  holiday: "bg-amber-50 text-amber-900 ring-1 ring-amber-200 ring-inset hover:bg-amber-100",
};

const LEGEND: [DayKind, AppMessageId][] = [
  ["available", "availability.calendar.available"],
  ["unavailable", "availability.unavailable"],
  ["override-available", "availability.calendar.overrideHours"],
  ["override-off", "availability.calendar.overrideOff"],
  ["holiday", "availability.calendar.holiday"],
];

/** Weekday headers in the app's language, Sunday first (2023-01-01 was a Sunday). */
const headers = () =>
  Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat(intlLocale(), { weekday: "short", timeZone: "UTC" }).format(
      Date.UTC(2023, 0, 1 + i),
    ),
  );

function describeDay(
  date: string,
  draft: EditorDraft,
  overrides: Map<string, DraftOverride>,
  holidays: Map<string, string>,
): DayInfo {
  const o = overrides.get(date);
  if (o) {
    return o.isAvailable
      ? {
          kind: "override-available",
          text: o.timeSlots.map((s) => `${shortTime(s.startTime)}-${shortTime(s.endTime, "end")}`).join(", "),
        }
      : { kind: "override-off", text: o.reason || t("availability.calendar.dayOff") };
  }
  const holiday = holidays.get(date);
  if (holiday) return { kind: "holiday", text: holiday };
  const day = draft.schedule[weekdayOf(date)];
  if (!day?.isAvailable || day.timeSlots.length === 0)
    return { kind: "unavailable", text: t("availability.unavailable") };
  const first = day.timeSlots[0];
  const more = day.timeSlots.length > 1 ? ` +${day.timeSlots.length - 1}` : "";
  return {
    kind: "available",
    text: `${shortTime(first.startTime)}-${shortTime(first.endTime, "end")}${more}`,
  };
}

export interface ScheduleCalendarProps {
  draft: EditorDraft;
  today: string;
  /** Enabled holidays (public and custom); they block whole days. */
  holidays: Holiday[];
  /** Clicking a date starts (or edits) its override. */
  onPickDate: (date: string) => void;
}

/** The calendar view: which dates are available, unavailable, overridden or holidays. */
export function ScheduleCalendar({ draft, today, holidays, onPickDate }: ScheduleCalendarProps) {
  const [month, setMonth] = useState(monthOf(today));
  const [focused, setFocused] = useState<string | null>(null);
  const grid = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef(false);
  const overrides = new Map(draft.dateOverrides.map((o) => [o.date, o]));
  const holidayNames = new Map<string, string>();
  for (const h of holidays) {
    if (!h.enabled) continue;
    for (let d = h.date, n = 0; d <= h.endDate && n < 366; d = addDays(d, 1), n++)
      holidayNames.set(d, h.name);
  }
  const days = daysOfMonth(month);
  const lead = weekdayOf(days[0]);
  const tabStop =
    (focused && monthOf(focused) === month && focused) || (monthOf(today) === month ? today : days[0]);

  useEffect(() => {
    if (!pendingFocus.current) return;
    pendingFocus.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-date="${tabStop}"]`)?.focus();
  });

  const onKeyDown = (event: KeyboardEvent, date: string) => {
    // Left and right follow the reading direction: in Arabic the next day sits to the left.
    const ahead = document.documentElement.dir === "rtl" ? -1 : 1;
    const step: Record<string, number> = { ArrowLeft: -ahead, ArrowRight: ahead, ArrowUp: -7, ArrowDown: 7 };
    if (!(event.key in step)) return;
    event.preventDefault();
    const next = addDays(date, step[event.key]);
    if (monthOf(next) < monthOf(today)) return;
    setFocused(next);
    pendingFocus.current = true;
    if (monthOf(next) !== month) setMonth(monthOf(next));
  };

  return (
    <div>
      <div className="mb-3 flex items-center justify-between">
        <h3 className="font-semibold text-base text-slate-900" aria-live="polite">
          {formatMonth(month)}
        </h3>
        <div className="flex gap-1">
          <button
            type="button"
            aria-label={t("availability.calendar.prev")}
            disabled={month <= monthOf(today)}
            onClick={() => setMonth(addMonths(month, -1))}
            className="flex size-9 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 disabled:pointer-events-none disabled:text-slate-300"
          >
            <ChevronLeft size={20} aria-hidden className="rtl:-scale-x-100" />
          </button>
          <button
            type="button"
            aria-label={t("availability.calendar.next")}
            onClick={() => setMonth(addMonths(month, 1))}
            className="flex size-9 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
          >
            <ChevronRight size={20} aria-hidden className="rtl:-scale-x-100" />
          </button>
        </div>
      </div>
      <div ref={grid} className="grid grid-cols-7 gap-1">
        {headers().map((h) => (
          <div
            key={h}
            aria-hidden
            className="pb-1 text-center font-medium text-[11px] text-slate-500 uppercase tracking-wide"
          >
            {h}
          </div>
        ))}
        {Array.from({ length: lead }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed blank cells before the 1st.
          <div key={`blank-${i}`} aria-hidden />
        ))}
        {days.map((date) => {
          const info = describeDay(date, draft, overrides, holidayNames);
          const past = date < today;
          return (
            <button
              key={date}
              type="button"
              data-date={date}
              tabIndex={date === tabStop ? 0 : -1}
              disabled={past}
              aria-label={`${formatLongDate(date)}: ${info.text}${date === today ? t("availability.calendar.today") : ""}`}
              onClick={() => onPickDate(date)}
              onKeyDown={(e) => onKeyDown(e, date)}
              onFocus={() => setFocused(date)}
              className={cn(
                "flex h-12 flex-col items-start justify-between rounded-md p-1.5 text-start transition-colors sm:h-20 sm:p-2",
                KIND_STYLE[info.kind],
                past && "pointer-events-none opacity-45",
              )}
            >
              <span
                className={cn(
                  "tabular flex size-6 items-center justify-center rounded-full font-medium text-[13px]",
                  date === today && "bg-accent-strong text-white",
                )}
              >
                {Number(date.slice(8))}
              </span>
              <span className="tabular hidden w-full truncate text-[11px] leading-4 sm:block">
                {info.text}
              </span>
            </button>
          );
        })}
      </div>
      <ul className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-slate-600 text-xs">
        {LEGEND.map(([kind, label]) => (
          <li key={kind} className="flex items-center gap-1.5">
            <span aria-hidden className={cn("size-3 rounded-sm", KIND_STYLE[kind])} />
            {t(label)}
          </li>
        ))}
      </ul>
      <p className="mt-3 text-[13px] text-slate-500">{t("availability.calendar.hint")}</p>
    </div>
  );
}
