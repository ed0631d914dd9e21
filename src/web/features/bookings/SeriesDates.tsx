import { Link } from "react-router";
import type { BookingDto } from "../../../contract/bookings";
import { occurrenceLabel } from "../../../domain/recurrence-rules";
import { confirmationPath } from "./bookingApi";
import { formatDateLong, formatTime } from "./time";

const STATUS_WORDS: Record<string, string> = {
  cancelled: "Cancelled",
  declined: "Declined",
  expired: "Expired",
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
        {series.description}
      </h2>
      <p className="text-slate-500">{occurrenceLabel(series)}</p>
      {series.occurrences && (
        <ol aria-label="Dates of the series" className="mt-3 flex flex-col gap-1 text-slate-700">
          {series.occurrences.map((o) => (
            <li key={o.uid} className={STATUS_WORDS[o.status] ? "text-slate-400" : undefined}>
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
              {STATUS_WORDS[o.status] && <span className="ml-2">({STATUS_WORDS[o.status]})</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
