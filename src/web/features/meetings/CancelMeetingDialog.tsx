import { useId, useState } from "react";
import { HOST_CANCEL_REASONS, type HostCancelReason } from "../../../contract/bookings";
import type { ListedBooking, MeetingSeat } from "../../../contract/seats";
import { CancelReasonFields } from "../../components/CancelReasonFields";
import { type CancelScope, SeriesScopeField } from "../../components/SeriesScopeField";
import { Button, Dialog, DialogClose, DialogContent, DialogFooter, toast } from "../../components/ui";
import { formatSlotInWords } from "../bookings/time";
import { useCancelBooking } from "./queries";
import { seatsLabel } from "./SeatAttendees";

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
          ? `${seat.name}'s seat cancelled`
          : meeting
            ? "Meeting cancelled; every attendee is emailed"
            : "Booking Cancelled..",
      );
      close();
    } catch {
      toast.error("Failed to cancel booking.");
    }
  };

  const zone = booking?.host.timezone ?? "UTC";
  // Whom the cancellation is for, and whom the message goes to.
  const who = seat?.name ?? (booking?.seats ? `${seatsLabel(booking.seats)} taken` : booking?.attendee.name);
  const to = seat
    ? seat.name.split(" ")[0]
    : booking?.seats
      ? "attendees"
      : booking?.attendee.name.split(" ")[0];
  return (
    <Dialog open={!!booking} onOpenChange={(open) => (open || busy ? undefined : close())}>
      {booking && (
        <DialogContent
          title={seat ? "Cancel seat" : "Cancel meeting"}
          description={
            <>
              {booking.eventType.title} with {who},{" "}
              {formatSlotInWords(booking.startTime, booking.endTime, zone)}.{" "}
              {seat ? `${seat.name} is emailed; the other seats stay.` : "Everyone invited is emailed."}
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
            legend="Reason for cancelling"
            noteLabel={`Message to ${to}`}
            notePlaceholder="Sorry, something came up. Feel free to book another time."
            reason={reason}
            onReasonChange={setReason}
            note={note}
            onNoteChange={setNote}
            disabled={busy}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={busy}>
                {seat ? "Keep seat" : "Keep meeting"}
              </Button>
            </DialogClose>
            <Button variant="danger" disabled={!reason} loading={busy} onClick={() => void confirm()}>
              {busy ? "Cancelling..." : seat ? "Cancel seat" : "Cancel meeting"}
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
