import { useId, useState } from "react";
import { HOST_CANCEL_REASONS, type HostCancelReason } from "../../../contract/bookings";
import type { ListedBooking, MeetingSeat } from "../../../contract/seats";
import { CancelReasonFields } from "../../components/CancelReasonFields";
import { type CancelScope, SeriesScopeField } from "../../components/SeriesScopeField";
import { Button, Dialog, DialogClose, DialogContent, DialogFooter, toast } from "../../components/ui";
import type { AppMessageId } from "../../lib/app-messages";
import { slotInWords } from "../../lib/host-clock";
import { t } from "../../lib/i18n";
import { useCancelBooking } from "./queries";
import { seatsLabel } from "./SeatAttendees";

/** The host's reasons as the app's language words them; the value sent stays the English reason. */
const REASON_IDS: Record<HostCancelReason, AppMessageId> = {
  "Scheduling conflict": "meetings.reason.conflict",
  "No longer available at this time": "meetings.reason.unavailable",
  "Meeting no longer needed": "meetings.reason.notNeeded",
  Other: "meetings.reason.other",
};

/**
 * The host cancels a booking (spec sections 4 and 5): a reason is required, confirm stays disabled
 * without one or while busy; then a toast, the list refreshes and the dialog resets. A group meeting
 * (issue 28 item 2) is cancelled whole, every attendee told, or one attendee's `seat` alone.
 */
export function CancelMeetingDialog({
  booking,
  seat,
  onClose,
}: {
  /** The booking to cancel; null keeps the dialog closed. */
  booking: ListedBooking | null;
  /** One seat of the group meeting `booking` to cancel, not the whole meeting. */
  seat?: MeetingSeat | null;
  onClose: () => void;
}) {
  const cancel = useCancelBooking();
  const [reason, setReason] = useState<HostCancelReason | null>(null);
  const [note, setNote] = useState("");
  const [scope, setScope] = useState<CancelScope>("this");
  const id = useId();
  const busy = cancel.isPending;

  const close = () => {
    onClose();
    setReason(null);
    setNote("");
    setScope("this");
  };

  const confirm = async () => {
    if (!booking || !reason) return;
    try {
      const meeting = !!booking.seats && !seat;
      await cancel.mutateAsync({
        id: seat?._id ?? booking._id,
        reason,
        note: note.trim() || undefined,
        meeting,
        scope,
      });
      toast.success(
        seat
          ? t("meetings.seatCancelled", { name: seat.name })
          : meeting
            ? t("meetings.meetingCancelled")
            : t("meetings.bookingCancelled"),
      );
      close();
    } catch {
      toast.error(t("meetings.cancelFailed"));
    }
  };

  const zone = booking?.host.timezone ?? "UTC";
  // Whom the cancellation is for, and whom the message goes to.
  const who =
    seat?.name ??
    (booking?.seats
      ? t("meetings.seatsTaken", { seats: seatsLabel(booking.seats) })
      : booking?.attendee.name);
  const to = seat
    ? seat.name.split(" ")[0]
    : booking?.seats
      ? t("meetings.attendeesTo")
      : booking?.attendee.name.split(" ")[0];
  return (
    <Dialog open={!!booking} onOpenChange={(open) => (open || busy ? undefined : close())}>
      {booking && (
        <DialogContent
          title={seat ? t("meetings.cancelSeat") : t("meetings.cancelMeeting")}
          description={
            <>
              {t("meetings.withWhen", {
                title: booking.eventType.title,
                who: who ?? "",
                when: slotInWords(booking.startTime, booking.endTime, zone),
              })}{" "}
              {seat ? t("meetings.seatEmailed", { name: seat.name }) : t("meetings.everyoneEmailed")}
            </>
          }
          widthClassName="max-w-md"
        >
          <SeriesScopeField
            booking={booking}
            idPrefix={id}
            scope={scope}
            onScopeChange={setScope}
            disabled={busy}
          />
          <CancelReasonFields
            reasons={HOST_CANCEL_REASONS}
            idPrefix={id}
            reasonLabel={(r) => t(REASON_IDS[r])}
            legend={t("meetings.reasonLegend")}
            noteLabel={t("meetings.messageTo", { name: to ?? "" })}
            notePlaceholder={t("meetings.messagePlaceholder")}
            reason={reason}
            onReasonChange={setReason}
            note={note}
            onNoteChange={setNote}
            disabled={busy}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={busy}>
                {seat ? t("meetings.keepSeat") : t("meetings.keepMeeting")}
              </Button>
            </DialogClose>
            <Button variant="danger" disabled={!reason} loading={busy} onClick={() => void confirm()}>
              {busy
                ? t("meetings.cancelling")
                : seat
                  ? t("meetings.cancelSeat")
                  : t("meetings.cancelMeeting")}
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
