import { ArrowRight, CalendarX } from "lucide-react";
import { useState } from "react";
import type { BookingDto, Slot } from "../../../contract/bookings";
import { type CancelScope, SeriesScopeField } from "../../components/SeriesScopeField";
import {
  addMonths,
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  EmptyState,
  ErrorState,
  formatLongDate,
  LoadingState,
  MonthCalendar,
  monthOf,
  toast,
} from "../../components/ui";
import { ApiError, errorMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import { slotInWords, timeLabelText } from "../../lib/host-clock";
import { t } from "../../lib/i18n";
import { addMinutes } from "../bookings/time";
import { dateInZone, zoneName } from "./format";
import { useRescheduleBooking, useRescheduleDays, useRescheduleSlots } from "./queries";

/** The host's Reschedule (the spec's 'Edit'): pick another free slot of the same event type and move the booking there. */
export function RescheduleDialog({ booking, onClose }: { booking: BookingDto | null; onClose: () => void }) {
  return (
    <Dialog open={!!booking} onOpenChange={(open) => (open ? undefined : onClose())}>
      {booking && <RescheduleContent key={booking._id} booking={booking} onClose={onClose} />}
    </Dialog>
  );
}

function RescheduleContent({ booking, onClose }: { booking: BookingDto; onClose: () => void }) {
  const zone = booking.host.timezone;
  const today = dateInZone(new Date(), zone);
  const currentDate = dateInZone(new Date(booking.startTime), zone);
  const [month, setMonth] = useState(monthOf(currentDate));
  const [date, setDate] = useState<string>(currentDate);
  const [picked, setPicked] = useState<Slot | null>(null);
  // An occurrence of a series (issue 28 item 3): move only it, or it and the later ones to the new cadence.
  const [scope, setScope] = useState<CancelScope>("this");
  const days = useRescheduleDays(booking, zone, month);
  const slots = useRescheduleSlots(booking, zone, date);
  const move = useRescheduleBooking();
  const openDays = new Set(days.data?.days ?? []);
  const duration = Math.round((Date.parse(booking.endTime) - Date.parse(booking.startTime)) / 60_000);

  const submit = async () => {
    if (!picked) return;
    try {
      await move.mutateAsync({ id: booking._id, startTime: picked.iso, scope });
      toast.success(
        t("meetings.rescheduledTo", {
          when: slotInWords(picked.iso, addMinutes(picked.iso, duration), zone),
        }),
      );
      onClose();
    } catch (error) {
      const taken =
        error instanceof ApiError &&
        (error.errorCode === "SLOT_TAKEN" || error.errorCode === "SLOT_UNAVAILABLE");
      toast.error(taken ? t("meetings.slotTaken") : errorMessage(error, t("meetings.rescheduleFailed")));
      if (taken) {
        setPicked(null);
        void slots.refetch();
        void days.refetch();
      }
    }
  };

  return (
    <DialogContent
      title={t("meetings.rescheduleTitle")}
      description={t("meetings.rescheduleText", {
        title: booking.eventType.title,
        name: booking.attendee.name,
      })}
      widthClassName="max-w-3xl"
      onInteractOutside={(e) => move.isPending && e.preventDefault()}
    >
      <div className="rounded-lg bg-slate-50 px-4 py-3 text-sm ring-1 ring-slate-200 ring-inset">
        <p className="text-slate-500">{t("meetings.currently")}</p>
        <p className="font-medium text-slate-900">{slotInWords(booking.startTime, booking.endTime, zone)}</p>
      </div>

      <div className="mt-5">
        <SeriesScopeField
          booking={booking}
          idPrefix="host-reschedule"
          scope={scope}
          onScopeChange={setScope}
          disabled={move.isPending}
        />
      </div>

      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_15rem]">
        <div>
          <MonthCalendar
            month={month}
            selected={date}
            today={today}
            isEnabled={(d) => openDays.has(d)}
            onSelect={(d) => {
              setDate(d);
              setPicked(null);
            }}
            onMonthChange={setMonth}
            minMonth={monthOf(today)}
            maxMonth={addMonths(monthOf(today), 24)}
            loading={days.isPending}
          />
          <p className="mt-3 text-slate-500 text-xs">{t("meetings.timesInZone", { zone: zoneName(zone) })}</p>
        </div>

        <section aria-labelledby="reschedule-day" className="flex min-h-0 flex-col">
          <h3 id="reschedule-day" className="mb-3 font-semibold text-slate-900 text-sm">
            {formatLongDate(date)}
          </h3>
          <SlotGrid query={slots} picked={picked} current={booking.startTime} onPick={setPicked} />
        </section>
      </div>

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-slate-600 text-sm" aria-live="polite">
          {picked ? (
            <span className="inline-flex flex-wrap items-center gap-1.5">
              <ArrowRight size={14} aria-hidden className="text-accent-strong rtl:-scale-x-100" />
              <span className="font-medium text-slate-900">
                {slotInWords(picked.iso, addMinutes(picked.iso, duration), zone)}
              </span>
            </span>
          ) : (
            t("meetings.pickNew")
          )}
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <DialogClose asChild>
            <Button variant="outline" disabled={move.isPending}>
              {t("meetings.keep")}
            </Button>
          </DialogClose>
          <Button disabled={!picked} loading={move.isPending} onClick={() => void submit()}>
            {move.isPending ? t("meetings.rescheduling") : t("meetings.reschedule")}
          </Button>
        </div>
      </div>
    </DialogContent>
  );
}

function SlotGrid({
  query,
  picked,
  current,
  onPick,
}: {
  query: ReturnType<typeof useRescheduleSlots>;
  picked: Slot | null;
  current: string;
  onPick: (slot: Slot) => void;
}) {
  if (query.isPending)
    return (
      <LoadingState
        label={t("meetings.loadingTimes")}
        rows={6}
        rowClassName="h-10"
        className="grid grid-cols-3 gap-2 md:grid-cols-2"
      />
    );
  if (query.isError)
    return (
      <ErrorState
        title={t("meetings.timesFailed")}
        query={query}
        className="rounded-lg border border-slate-200 border-dashed px-4 py-6"
      />
    );
  const list = query.data ?? [];
  if (list.length === 0)
    return (
      <EmptyState
        icon={CalendarX}
        title={t("meetings.noTimes")}
        className="rounded-lg border border-slate-200 border-dashed px-4 py-6"
      />
    );
  const currentMs = Date.parse(current);
  return (
    <ul
      aria-label={t("meetings.availableTimes")}
      className="-me-1 grid max-h-72 grid-cols-3 content-start gap-2 overflow-y-auto p-0.5 pe-1 md:grid-cols-2"
    >
      {list.map((slot) => {
        const isCurrent = Date.parse(slot.iso) === currentMs;
        const isPicked = picked?.iso === slot.iso;
        return (
          <li key={slot.iso}>
            <button
              type="button"
              disabled={isCurrent}
              aria-pressed={isPicked}
              onClick={() => onPick(slot)}
              title={isCurrent ? t("meetings.currentTime") : undefined}
              className={cn(
                "tabular flex h-10 w-full flex-col items-center justify-center rounded-[6px] border font-semibold text-sm transition-colors",
                isPicked
                  ? "border-accent bg-accent-strong text-white"
                  : isCurrent
                    ? "cursor-default border-slate-200 border-dashed bg-slate-50 text-slate-500"
                    : "border-blue-200 bg-white text-accent-hover hover:border-accent hover:ring-1 hover:ring-accent",
              )}
            >
              <span className="leading-4">{timeLabelText(slot.startTime)}</span>
              {isCurrent && (
                <span className="font-normal text-[10px] leading-3">{t("meetings.current")}</span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
