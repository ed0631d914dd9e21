import { CalendarClock, CalendarPlus } from "lucide-react";
import type { UpcomingStats, UpcomingWindow } from "../../../contract/analytics";
import { Card, ErrorState, Skeleton } from "../../components/ui";
import { dayHeading, timeRange } from "../meetings/format";
import { useUpcomingStats } from "./queries";

const number = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });
const meetings = (n: number) => `${number.format(n)} ${n === 1 ? "meeting" : "meetings"}`;

/**
 * What lies ahead, beside the period figures (which count what has happened): meetings in the next
 * 7 and 30 days and the next one, so a host whose bookings are all still to come sees them at once.
 */
export function UpcomingSummary() {
  const query = useUpcomingStats();
  return (
    <Card className="p-4 sm:p-5" role="group" aria-label="Upcoming">
      <div className="mb-3 flex items-center gap-2">
        <CalendarClock size={16} aria-hidden className="text-slate-500" />
        <h2 className="font-semibold text-slate-900">Upcoming</h2>
      </div>
      {query.isPending ? (
        <div aria-busy className="grid gap-4 sm:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <div key={i}>
              <Skeleton className="h-3 w-20" />
              <Skeleton className="mt-2 h-6 w-28" />
            </div>
          ))}
        </div>
      ) : query.isError ? (
        <ErrorState variant="inline" title="Failed to load your upcoming meetings" query={query} />
      ) : (
        <UpcomingFigures data={query.data} />
      )}
    </Card>
  );
}

function UpcomingFigures({ data }: { data: UpcomingStats }) {
  if (data.next30Days.bookings === 0 && !data.nextMeeting) {
    return (
      <div className="flex items-center gap-3 text-sm">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-500">
          <CalendarPlus size={18} aria-hidden />
        </span>
        <div>
          <p className="font-medium text-slate-900">Nothing booked in the next 30 days</p>
          <p className="text-slate-500 text-xs">
            Share your booking link and new meetings will show up here.
          </p>
        </div>
      </div>
    );
  }
  const next = data.nextMeeting;
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      <Figure label="Next 7 days" window={data.next7Days} />
      <Figure label="Next 30 days" window={data.next30Days} />
      <div className="min-w-0">
        <dt className="text-slate-500 text-xs">Next meeting</dt>
        {next ? (
          <dd className="mt-1 min-w-0">
            <p className="flex min-w-0 items-center gap-1.5 font-medium text-slate-900 text-sm">
              <span
                aria-hidden
                className="size-2 shrink-0 rounded-full"
                style={{ backgroundColor: next.color }}
              />
              <span className="truncate">{next.title}</span>
            </p>
            <p className="tabular truncate text-slate-500 text-xs">
              {dayHeading(next.startTime, data.timezone, new Date(), true)}, {timeRange(next, data.timezone)}{" "}
              · {next.attendeeName}
            </p>
          </dd>
        ) : (
          <dd className="mt-1 text-slate-500 text-sm">None booked</dd>
        )}
      </div>
    </dl>
  );
}

function Figure({ label, window }: { label: string; window: UpcomingWindow }) {
  return (
    <div>
      <dt className="text-slate-500 text-xs">{label}</dt>
      <dd className="mt-1">
        <span className="tabular font-semibold text-slate-900 text-xl">{meetings(window.bookings)}</span>
        <span className="tabular ml-1.5 text-slate-500 text-xs">{number.format(window.hours)} h</span>
      </dd>
    </div>
  );
}
