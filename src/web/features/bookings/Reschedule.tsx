import { ArrowLeft, ArrowRight, RefreshCw } from "lucide-react";
import { useState } from "react";
import type { BookingDto } from "../../../contract/bookings";
import { type CancelScope, SeriesScopeField } from "../../components/SeriesScopeField";
import { Button } from "../../components/ui/Button";
import { t } from "../../lib/i18n";
import { BookingAlertBox } from "./BookingAlertBox";
import type { BookingAlert } from "./bookingErrors";
import { formatSlotInWords, zoneLabel } from "./time";

/** Across the top of the booking card while moving an existing booking. */
export function RescheduleBanner({ booking, zone }: { booking: BookingDto | undefined; zone: string }) {
  return (
    <div className="flex items-start gap-2.5 border-blue-100 border-b bg-accent-soft px-5 py-3 text-blue-900 text-sm sm:rounded-t-xl sm:px-8">
      <RefreshCw size={16} aria-hidden className="mt-0.5 shrink-0 text-accent-strong" />
      <p aria-live="polite">
        <span className="font-semibold">{t("reschedule.banner")} </span>
        {booking ? (
          <span data-testid="rescheduling-from">
            {formatSlotInWords(booking.startTime, booking.endTime, zone)}{" "}
            <span className="text-blue-800">· {zoneLabel(zone)}</span>
          </span>
        ) : (
          <span className="text-blue-800">{t("reschedule.loading")}</span>
        )}
      </p>
    </div>
  );
}

export interface RescheduleConfirmProps {
  booking: BookingDto;
  start: string;
  end: string;
  zone: string;
  onBack: () => void;
  /** `scope`: an occurrence of a series moves alone ("this") or with the later ones ("following"). */
  onConfirm: (scope: CancelScope) => void;
  submitting: boolean;
  alert: BookingAlert | null;
}

/** Step 2 when rescheduling: the invitee's details are already known, so only the move is confirmed. */
export function RescheduleConfirm({
  booking,
  start,
  end,
  zone,
  onBack,
  onConfirm,
  submitting,
  alert,
}: RescheduleConfirmProps) {
  const [scope, setScope] = useState<CancelScope>("this");
  return (
    <div className="flex flex-col gap-5">
      <div>
        <button
          type="button"
          onClick={onBack}
          className="-ms-2 mb-3 inline-flex items-center gap-1.5 rounded-md px-2 py-1 font-medium text-accent-strong text-sm hover:bg-accent-soft"
        >
          <ArrowLeft size={16} aria-hidden className="rtl:-scale-x-100" /> {t("details.back")}
        </button>
        <h2 className="font-semibold text-[20px] text-slate-900 leading-7">{t("reschedule.heading")}</h2>
        <p className="mt-1 text-slate-500 text-sm">
          {t("reschedule.bookedBy", { name: booking.attendee.name, email: booking.attendee.email })}
        </p>
      </div>
      <BookingAlertBox alert={alert} />
      <div>
        <SeriesScopeField
          booking={booking}
          idPrefix="reschedule"
          scope={scope}
          onScopeChange={setScope}
          disabled={submitting}
        />
        {scope === "following" && (
          <p className="-mt-2 text-slate-500 text-sm">{t("series.scope.moveHint")}</p>
        )}
      </div>
      <dl className="grid gap-3 rounded-lg border border-slate-200 p-4 text-sm">
        <div>
          <dt className="font-medium text-slate-500 text-xs uppercase tracking-wide">
            {t("reschedule.former")}
          </dt>
          <dd className="mt-0.5 text-slate-500 line-through">
            {formatSlotInWords(booking.startTime, booking.endTime, zone)}
          </dd>
        </div>
        <ArrowRight size={16} aria-hidden className="rotate-90 text-slate-300" />
        <div>
          <dt className="font-medium text-slate-500 text-xs uppercase tracking-wide">
            {t("reschedule.new")}
          </dt>
          <dd className="mt-0.5 font-semibold text-slate-900">{formatSlotInWords(start, end, zone)}</dd>
          <dd className="text-slate-500">{zoneLabel(zone)}</dd>
        </div>
      </dl>
      <div>
        <Button
          size="lg"
          loading={submitting}
          onClick={() => onConfirm(scope)}
          className="w-full rounded-full sm:w-auto sm:min-w-48"
        >
          {submitting ? t("reschedule.submitting") : t("reschedule.submit")}
        </Button>
      </div>
    </div>
  );
}
