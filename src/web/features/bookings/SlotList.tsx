import { CalendarX } from "lucide-react";
import { useEffect, useRef } from "react";
import type { Slot } from "../../../contract/bookings";
import { formatCalendar } from "../../components/ui/dates";
import { ErrorState } from "../../components/ui/ErrorState";
import { Skeleton } from "../../components/ui/Skeleton";
import { cn } from "../../lib/cn";
import { currentLocale, t } from "../../lib/i18n";
import { formatTime, formatTime24 } from "./time";

export interface SlotListProps {
  /** The chosen day, 'YYYY-MM-DD'. */
  date: string;
  slots: Slot[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  selected: Slot | null;
  onSelect: (slot: Slot) => void;
  onNext: () => void;
  /** While rescheduling: the booking's present start, marked 'Current' in the list. */
  current?: string;
  /** Show times as 13:30 instead of the server's '1:30pm' labels; needs the zone they are in. */
  hour24?: { zone: string } | null;
  /** The zone the times are in: other languages than English write their 12-hour labels from it. */
  zone?: string;
  className?: string;
}

/** The times of one day: one button per time; the chosen one splits into the time and 'Next'. */
export function SlotList({
  date,
  slots,
  loading,
  error,
  onRetry,
  selected,
  onSelect,
  onNext,
  current,
  hour24,
  zone,
  className,
}: SlotListProps) {
  // The server's labels are English ('1:30pm'); other languages write their own 12-hour form.
  const label = (slot: Slot) =>
    hour24
      ? formatTime24(slot.iso, hour24.zone)
      : currentLocale() === "en" || !zone
        ? slot.startTime
        : formatTime(slot.iso, zone);
  const nextRef = useRef<HTMLButtonElement>(null);
  const currentAt = current ? Date.parse(current) : Number.NaN;
  const weekday = formatCalendar(date, { weekday: "long" });
  const rest = formatCalendar(date, { month: "long", day: "numeric" });

  // Keyboard users land on Next right after choosing a time.
  const selectedIso = selected?.iso;
  useEffect(() => {
    if (selectedIso) nextRef.current?.focus({ preventScroll: true });
  }, [selectedIso]);

  const status = loading
    ? t("slots.loading")
    : error
      ? t("slots.loadFailed")
      : slots && slots.length > 0
        ? t("slots.available", { count: slots.length, weekday, date: rest })
        : t("slots.none");

  return (
    <section className={cn("flex min-h-0 flex-col", className)} aria-labelledby="slot-day-heading">
      <h3 id="slot-day-heading" className="mb-4 text-base text-slate-900">
        <span className="font-semibold">{t("slots.headingWeekday", { weekday })}</span>{" "}
        <span className="text-slate-500">{rest}</span>
      </h3>
      <p className="sr-only" role="status" aria-live="polite">
        {status}
      </p>
      {loading ? (
        <ul className="grid gap-2" aria-hidden>
          {[0, 1, 2, 3, 4].map((i) => (
            <li key={i}>
              <Skeleton className="h-12 w-full rounded-[6px]" />
            </li>
          ))}
        </ul>
      ) : error ? (
        <ErrorState
          title={t("slots.failedTitle")}
          description={t("common.checkConnection")}
          onRetry={onRetry}
          className="rounded-lg border border-slate-200 border-dashed px-4 py-8"
        />
      ) : !slots || slots.length === 0 ? (
        <div className="flex flex-col items-center rounded-lg border border-slate-200 border-dashed px-4 py-8 text-center">
          <CalendarX size={20} aria-hidden className="text-slate-500" />
          <p className="mt-2 text-slate-600 text-sm">{t("slots.none")}</p>
        </div>
      ) : (
        <ul
          className="-me-2 grid min-h-0 content-start gap-2 overflow-y-auto py-0.5 ps-0.5 pe-2"
          aria-label={t("slots.listLabel")}
        >
          {slots.map((slot) =>
            slot.iso === selected?.iso ? (
              <li key={slot.iso} className="grid grid-cols-2 gap-2">
                <button
                  type="button"
                  aria-pressed
                  className="flex h-12 items-center justify-center rounded-[6px] bg-slate-600 font-semibold text-sm text-white tabular-nums"
                  onClick={() => nextRef.current?.focus()}
                >
                  {label(slot)}
                </button>
                <button
                  ref={nextRef}
                  type="button"
                  onClick={onNext}
                  className="flex h-12 items-center justify-center rounded-[6px] bg-accent-strong font-semibold text-sm text-white transition-colors hover:bg-accent-hover focus-visible:outline-2 focus-visible:outline-accent focus-visible:outline-offset-2"
                >
                  {t("slots.next")}
                </button>
              </li>
            ) : (
              <li key={slot.iso}>
                <button
                  type="button"
                  aria-pressed={false}
                  onClick={() => onSelect(slot)}
                  className="flex h-12 w-full items-center justify-center gap-2 rounded-[6px] border border-blue-300 bg-white font-semibold text-accent-hover text-sm tabular-nums transition-colors hover:border-accent hover:ring-1 hover:ring-accent focus-visible:outline-2 focus-visible:outline-accent focus-visible:outline-offset-2"
                >
                  {label(slot)}
                  {slot.seatsLeft !== undefined && (
                    <span className="font-normal text-slate-600 text-xs">
                      {t("slots.seatsLeft", { count: slot.seatsLeft })}
                    </span>
                  )}
                  {Date.parse(slot.iso) === currentAt && (
                    <span className="rounded-full bg-accent-soft px-2 py-0.5 font-medium text-blue-700 text-xs">
                      {t("slots.current")}
                    </span>
                  )}
                </button>
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}
