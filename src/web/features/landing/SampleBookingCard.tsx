import { Clock, Globe, Video } from "lucide-react";
import { useState } from "react";
import {
  Avatar,
  addDays,
  addMonths,
  formatLongDate,
  MonthCalendar,
  monthOf,
  weekdayOf,
} from "../../components/ui";
import { cn } from "../../lib/cn";
import { t } from "../../lib/i18n";

const SLOTS = ["9:00am", "10:00am", "11:00am", "2:00pm", "3:00pm"];
const CHOSEN_SLOT = "10:00am";

/** The viewer's local calendar day, 'YYYY-MM-DD'. */
function localToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const isWeekday = (date: string) => {
  const wd = weekdayOf(date);
  return wd !== 0 && wd !== 6;
};

/**
 * Picks a believable sample: weekdays after today are open. Late in the month the next month is shown,
 * so the grid never looks empty; its first open weekday after the first week is selected.
 */
function sampleState() {
  const today = localToday();
  const month = Number(today.slice(8, 10)) > 12 ? addMonths(monthOf(today), 1) : monthOf(today);
  let selected = month === monthOf(today) ? addDays(today, 3) : `${month}-08`;
  while (!isWeekday(selected)) selected = addDays(selected, 1);
  return { today, selected, month };
}

/**
 * A static picture of the booking page (30 min; slots 9:00am-3:00pm) for the landing hero.
 * It is inert: the landing page's only actions are the Log In links.
 */
export function SampleBookingCard({ className }: { className?: string }) {
  const [{ today, selected, month }] = useState(sampleState);
  const isEnabled = (date: string) => date > today && isWeekday(date);
  const [weekday, rest] = formatLongDate(selected).split(", ");

  return (
    <figure className={cn("relative", className)} aria-label={t("landing.sample.label")}>
      <div
        inert
        className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-[0_24px_60px_-20px_rgba(15,23,42,0.25)] md:grid md:grid-cols-[240px_minmax(0,1fr)_200px] lg:grid-cols-[260px_minmax(0,1fr)_220px]"
      >
        <div className="border-slate-200 border-b p-5 sm:p-6 md:border-e md:border-b-0">
          <div className="flex items-center gap-3 md:block">
            <Avatar name={t("landing.sample.host")} size={40} className="md:mb-3" />
            <div>
              <p className="font-medium text-slate-500 text-sm">{t("landing.sample.host")}</p>
              <p className="font-semibold text-[20px] text-slate-900 leading-7 md:mt-1 md:text-2xl">
                {t("landing.sample.title")}
              </p>
            </div>
          </div>
          <ul className="mt-4 flex flex-wrap gap-x-5 gap-y-2.5 font-medium text-slate-600 text-sm md:mt-5 md:flex-col">
            <li className="flex items-center gap-2">
              <Clock size={18} aria-hidden className="text-slate-500" />
              {t("duration.minutes", { minutes: 30 })}
            </li>
            <li className="flex items-center gap-2">
              <Video size={18} aria-hidden className="text-slate-500" />
              Zoom
            </li>
          </ul>
          <p className="mt-5 hidden text-slate-500 text-sm leading-6 md:block">
            {t("landing.sample.description")}
          </p>
        </div>

        <div className="p-5 sm:p-6">
          <p className="mb-4 font-semibold text-base text-slate-900">{t("booking.selectDateTime")}</p>
          <MonthCalendar
            month={month}
            selected={selected}
            today={today}
            isEnabled={isEnabled}
            onSelect={() => {}}
            onMonthChange={() => {}}
            minMonth={monthOf(today)}
            maxMonth={addMonths(monthOf(today), 2)}
          />
          <div className="mt-4 flex items-center gap-2 text-slate-600 text-sm">
            <Globe size={16} aria-hidden className="text-slate-500" />
            <span className="truncate">{t("landing.sample.zone")}</span>
          </div>
        </div>

        <div className="border-slate-200 border-t p-5 sm:p-6 md:border-t-0 md:border-s md:ps-5">
          <p className="mb-4 text-slate-900 text-sm">
            {rest ? (
              <>
                <span className="font-semibold">{weekday},</span>{" "}
                <span className="text-slate-500">{rest}</span>
              </>
            ) : (
              // Languages whose long date has no ", " between weekday and date: shown whole.
              <span className="font-semibold">{weekday}</span>
            )}
          </p>
          <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 md:grid-cols-1">
            {SLOTS.map((slot) =>
              slot === CHOSEN_SLOT ? (
                <li key={slot} className="grid grid-cols-2 gap-2">
                  <span className="flex h-11 items-center justify-center rounded-[6px] bg-slate-600 font-semibold text-sm text-white tabular-nums">
                    {slot}
                  </span>
                  <span className="flex h-11 items-center justify-center rounded-[6px] bg-accent-strong font-semibold text-sm text-white">
                    {t("slots.next")}
                  </span>
                </li>
              ) : (
                <li key={slot}>
                  <span className="flex h-11 items-center justify-center rounded-[6px] border border-blue-300 font-semibold text-accent-hover text-sm tabular-nums">
                    {slot}
                  </span>
                </li>
              ),
            )}
          </ul>
        </div>
      </div>
      <figcaption className="sr-only">
        {t("landing.sample.caption", {
          times: `${SLOTS.slice(0, -1).join(", ")} ${t("landing.sample.or")} ${SLOTS[SLOTS.length - 1]}`,
        })}
      </figcaption>
    </figure>
  );
}
