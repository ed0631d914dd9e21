import { Mail, X } from "lucide-react";
import type { MeetingSeat, MeetingSeats } from "../../../contract/seats";
import { Badge, Button } from "../../components/ui";
import { cn } from "../../lib/cn";
import { t } from "../../lib/i18n";
import { STATUS_BADGE } from "./status";

/** "3 of 10 seats". */
export const seatsLabel = (seats: MeetingSeats) =>
  t("meetings.seats", { taken: seats.taken, capacity: seats.capacity });

/**
 * The attendees of a group meeting as its host sees them (issue 28 item 2): how many seats are taken
 * and who sits in each, with a seat's own cancel while the meeting has not started.
 */
export function SeatAttendees({
  seats,
  canCancel,
  onCancelSeat,
}: {
  seats: MeetingSeats;
  /** Whether seats may be cancelled now (the meeting's owner, before it starts). */
  canCancel: boolean;
  onCancelSeat: (seat: MeetingSeat) => void;
}) {
  return (
    <section className="mt-1.5">
      <p className="font-medium text-slate-800 text-sm" data-testid="meeting-seats">
        {seatsLabel(seats)}
      </p>
      <ul className="mt-1 grid gap-1" aria-label={t("meetings.attendees")}>
        {seats.attendees.map((seat) => {
          const holding = seat.status === "confirmed" || seat.status === "pending";
          return (
            <li key={seat._id} className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm">
              <span className={cn("font-medium text-slate-700", !holding && "text-slate-500 line-through")}>
                {seat.name}
              </span>
              <a
                href={`mailto:${seat.email}`}
                className="inline-flex min-w-0 items-center gap-1.5 text-slate-500 hover:text-slate-800 hover:underline"
              >
                <Mail size={14} aria-hidden className="shrink-0" />
                <span className="truncate">{seat.email}</span>
              </a>
              {seat.status !== "confirmed" && (
                <Badge tone={STATUS_BADGE[seat.status].tone}>{t(STATUS_BADGE[seat.status].label)}</Badge>
              )}
              {canCancel && holding && (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => onCancelSeat(seat)}
                  aria-label={t("meetings.cancelSeatLabel", { name: seat.name })}
                >
                  <X size={14} aria-hidden />
                  {t("meetings.cancelSeat")}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
