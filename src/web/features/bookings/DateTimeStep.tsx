import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarClock } from "lucide-react";
import { useEffect, useRef } from "react";
import type { Slot, SlotDays } from "../../../contract/bookings";
import { addMonths, monthOf } from "../../components/ui/dates";
import { ErrorState } from "../../components/ui/ErrorState";
import { MonthCalendar } from "../../components/ui/MonthCalendar";
import { cn } from "../../lib/cn";
import { t } from "../../lib/i18n";
import { bookingKeys, fetchSlotDays, fetchSlots, type Moving } from "./bookingApi";
import { earlyData, takeEarly } from "./earlyFetch";
import { SlotList } from "./SlotList";
import { TimeFormatSwitch } from "./TimeFormatSwitch";
import { TimezoneSelect } from "./TimezoneSelect";

/** How far the calendar can be paged ahead; windows are usually far shorter. */
const MONTHS_AHEAD = 24;
/** On first load an empty month moves on by itself, at most this many times. */
const AUTO_ADVANCE_LIMIT = 2;

export interface DateTimeStepProps {
  /** Event type id or slug for the availability endpoint. */
  eventRef: string;
  /** The invitee's booking being moved: its own time is offered too. */
  moving?: Moving | null;
  /** While rescheduling: the booking's present start (marked in the list). */
  currentStart?: string;
  today: string;
  month: string;
  onMonthChange: (month: string) => void;
  date: string | null;
  onDateChange: (date: string) => void;
  zone: string;
  onZoneChange: (zone: string) => void;
  slot: Slot | null;
  onSlotChange: (slot: Slot) => void;
  onNext: () => void;
  /** Shown above the slots after a failed booking (e.g. the time was just taken). */
  notice?: string | null;
  /** Until the invitee touches the calendar, the page may pick the first open day for them. */
  autoPick: boolean;
  /** 24-hour times (the host's default, switchable by the invitee under the calendar). */
  hour24: boolean;
  onHour24Change: (hour24: boolean) => void;
  /** The host's week start for the calendar's first column. */
  weekStartsOn?: 0 | 1;
  onAutoPickDone: () => void;
}

/** Step 1: month calendar and time zone on the left, the chosen day's times on the right. */
export function DateTimeStep(props: DateTimeStepProps) {
  const { eventRef, moving, today, month, date, zone, slot, autoPick } = props;
  const queryClient = useQueryClient();
  const advanced = useRef(0);

  const days = useQuery({
    queryKey: bookingKeys.month(eventRef, month, zone, moving),
    queryFn: () =>
      takeEarly(["month", eventRef, month, zone, moving?.uid ?? ""], () =>
        fetchSlotDays(eventRef, month, zone, moving),
      ),
    initialData: () => earlyData<SlotDays>(["month", eventRef, month, zone, moving?.uid ?? ""]),
  });
  const slots = useQuery({
    queryKey: bookingKeys.day(eventRef, date ?? "", zone, moving),
    queryFn: () =>
      takeEarly(["day", eventRef, date ?? "", zone, moving?.uid ?? ""], () =>
        fetchSlots(eventRef, date ?? "", zone, moving),
      ),
    initialData: () => earlyData<Slot[]>(["day", eventRef, date ?? "", zone, moving?.uid ?? ""]),
    enabled: !!date,
    // Times go stale fast when others book; never show a cached day older than this.
    staleTime: 15_000,
  });

  const openDays = new Set((days.data?.days ?? []).filter((d) => d >= today));

  // First visit (and after a zone change): keep the chosen day if it is still open, else show the
  // earliest open day (moving past an empty month), so times are visible without a click.
  const firstOpen = days.data?.days.find((d) => d >= today);
  const daysLoaded = days.isSuccess;
  const chosenStillOpen = !!date && openDays.has(date);
  // The callbacks are new on every render; the effect below reacts to loaded data only.
  const callbacks = useRef(props);
  callbacks.current = props;
  useEffect(() => {
    if (!autoPick || !daysLoaded) return;
    const { onAutoPickDone, onDateChange, onMonthChange } = callbacks.current;
    if (chosenStillOpen) {
      onAutoPickDone();
    } else if (firstOpen) {
      onDateChange(firstOpen);
      onAutoPickDone();
    } else if (advanced.current < AUTO_ADVANCE_LIMIT) {
      advanced.current += 1;
      onMonthChange(addMonths(month, 1));
    } else {
      onAutoPickDone();
    }
  }, [autoPick, daysLoaded, firstOpen, month, chosenStillOpen]);

  // Paging is instant when the next month is already known.
  useEffect(() => {
    if (!daysLoaded) return;
    const next = addMonths(month, 1);
    void queryClient.prefetchQuery({
      queryKey: bookingKeys.month(eventRef, next, zone, moving),
      queryFn: () => fetchSlotDays(eventRef, next, zone, moving),
    });
  }, [daysLoaded, eventRef, month, zone, moving, queryClient]);

  // After a failed booking the message may sit below the fold on a phone: bring it into view once.
  const noticeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (props.notice) noticeRef.current?.scrollIntoView({ block: "center", behavior: "smooth" });
  }, [props.notice]);

  // On a phone the times sit below the month: a tapped day brings its times into view (not an
  // auto-picked one, which would scroll the page away from its top on arrival).
  const timesRef = useRef<HTMLDivElement>(null);
  const tappedDay = useRef(false);
  const showTimes = () => {
    if (window.matchMedia("(max-width: 767px)").matches) {
      timesRef.current?.scrollIntoView({ block: "start", behavior: "smooth" });
    }
  };
  useEffect(() => {
    if (!date || !tappedDay.current) return;
    tappedDay.current = false;
    showTimes();
  });

  const minMonth = monthOf(today);
  return (
    <div className="grid gap-8 md:grid-cols-[minmax(0,1fr)_240px] md:gap-6 lg:gap-8">
      <div className="min-w-0">
        <h2 className="mb-5 font-semibold text-[20px] text-slate-900 leading-7">
          {t("booking.selectDateTime")}
        </h2>
        <MonthCalendar
          month={month}
          selected={date ?? undefined}
          today={today}
          isEnabled={(d) => openDays.has(d)}
          onSelect={(d) => {
            // The effect above scrolls once the day's times are laid out (at once for the same day).
            tappedDay.current = true;
            props.onAutoPickDone();
            props.onDateChange(d);
          }}
          onMonthChange={(m) => {
            props.onAutoPickDone();
            props.onMonthChange(m);
          }}
          minMonth={minMonth}
          maxMonth={addMonths(minMonth, MONTHS_AHEAD)}
          loading={days.isPending}
          weekStartsOn={props.weekStartsOn}
        />
        {days.isError && (
          <ErrorState
            variant="inline"
            title={t("booking.daysFailed")}
            query={days}
            className="mt-3 rounded-lg bg-slate-50 px-3 py-2"
          />
        )}
        {days.isSuccess && openDays.size === 0 && (
          <p
            className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-center text-slate-600 text-sm"
            aria-live="polite"
          >
            {t("booking.noTimesThisMonth")}{" "}
            <button
              type="button"
              className="font-medium text-accent-strong hover:underline"
              onClick={() => props.onMonthChange(addMonths(month, 1))}
            >
              {t("booking.tryNextMonth")}
            </button>
          </p>
        )}
        <div className="mt-6">
          <TimezoneSelect value={zone} onChange={props.onZoneChange} />
        </div>
        <TimeFormatSwitch hour24={props.hour24} onChange={props.onHour24Change} />
      </div>

      <div ref={timesRef} className={cn("min-w-0 scroll-mt-4 md:pt-12", !date && "hidden md:block")}>
        {props.notice && (
          <p
            ref={noticeRef}
            role="alert"
            className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-amber-900 text-sm"
          >
            {props.notice}
          </p>
        )}
        {date ? (
          <SlotList
            date={date}
            slots={slots.data}
            // While the page still picks the first open day, an empty day is no answer yet.
            loading={slots.isPending || (autoPick && !slots.data?.length)}
            error={slots.isError}
            onRetry={() => void slots.refetch()}
            selected={slot}
            onSelect={props.onSlotChange}
            onNext={props.onNext}
            current={props.currentStart}
            hour24={props.hour24 ? { zone } : null}
            zone={zone}
            className="md:max-h-[460px]"
          />
        ) : (
          <div className="flex flex-col items-center px-2 pt-16 text-center text-slate-500 text-sm">
            <CalendarClock size={22} aria-hidden className="mb-2 text-slate-500" />
            {t("booking.pickADay")}
          </div>
        )}
      </div>
    </div>
  );
}
