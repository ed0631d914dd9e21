import { useId, useState } from "react";
import { type BookingDto, HOST_CANCEL_REASONS, type HostCancelReason } from "../../../contract/bookings";
import { CancelReasonFields } from "../../components/CancelReasonFields";
import { type CancelScope, SeriesScopeField } from "../../components/SeriesScopeField";
import { Button, Dialog, DialogClose, DialogContent, DialogFooter, toast } from "../../components/ui";
import { formatSlotInWords } from "../bookings/time";
import { useCancelBooking } from "./queries";

/**
 * The host cancels a booking (spec sections 4 and 5): a reason is required, confirm stays disabled
 * without one or while busy; then a toast, the list refreshes and the dialog resets.
 */
export function CancelMeetingDialog({
  booking,
  onClose,
}: {
  /** The booking to cancel; null keeps the dialog closed. */
  booking: BookingDto | null;
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
      await cancel.mutateAsync({ id: booking._id, reason, note: note.trim() || undefined, scope });
      toast.success("Booking Cancelled..");
      close();
    } catch {
      toast.error("Failed to cancel booking.");
    }
  };

  const zone = booking?.host.timezone ?? "UTC";
  return (
    <Dialog open={!!booking} onOpenChange={(open) => (open || busy ? undefined : close())}>
      {booking && (
        <DialogContent
          title="Cancel meeting"
          description={
            <>
              {booking.eventType.title} with {booking.attendee.name},{" "}
              {formatSlotInWords(booking.startTime, booking.endTime, zone)}. Everyone invited is emailed.
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
            noteLabel={`Message to ${booking.attendee.name.split(" ")[0]}`}
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
                Keep meeting
              </Button>
            </DialogClose>
            <Button variant="danger" disabled={!reason} loading={busy} onClick={() => void confirm()}>
              {busy ? "Cancelling..." : "Cancel meeting"}
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
