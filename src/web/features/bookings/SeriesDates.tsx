import { Link } from "react-router";
import type { BookingDto } from "../../../contract/bookings";
import { t } from "../../lib/i18n";
import { confirmationPath } from "./bookingApi";
import { formatDateLong, formatTime } from "./time";

const STATUS_WORDS = {
  cancelled: "series.status.cancelled",
  declined: "series.status.declined",
  expired: "series.status.expired",
} as const;
const statusWords = (status: string) => {
  const id = STATUS_WORDS[status as keyof typeof STATUS_WORDS];
  return id ? t(id) : null;
};

/**
 * A recurring booking's place in its series and every date of it, in the invitee's zone (issue 28
 * item 3); nothing for a single meeting. Each other date opens its own page (the series' one token
 * manages them all), where it is moved or cancelled on its own.
 */
export function SeriesDates({ booking, token }: { booking: BookingDto; token: string }) {
  const series = booking.series;
  if (!series) return null;
  const zone = booking.attendee.timezone;
  return (
    <section aria-labelledby="series-dates" className="mt-6 rounded-lg border border-slate-200 p-4 text-sm">
      <h2 id="series-dates" className="font-medium text-slate-800">
        {t("series.repeats", { frequency: series.frequency, count: series.count })}
      </h2>
      <p className="text-slate-500">
        {t("series.occurrenceOf", { index: series.index + 1, count: series.count })}
      </p>
      {series.occurrences && (
        <ol aria-label={t("series.datesOfSeries")} className="mt-3 flex flex-col gap-1 text-slate-700">
          {series.occurrences.map((o) => (
            <li key={o.uid} className={statusWords(o.status) ? "text-slate-400" : undefined}>
              {o.uid === booking.uid || !token ? (
                `${formatDateLong(o.startTime, zone)}, ${formatTime(o.startTime, zone)}`
              ) : (
                <Link
                  to={confirmationPath(o.uid, token)}
                  className="text-accent underline-offset-2 hover:underline"
                >
                  {formatDateLong(o.startTime, zone)}, {formatTime(o.startTime, zone)}
                </Link>
              )}
              {statusWords(o.status) && <span className="ms-2">({statusWords(o.status)})</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
