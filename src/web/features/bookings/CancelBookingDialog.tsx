import { useId, useState } from "react";
import type { BookingDto, CancelReason } from "../../../contract/bookings";
import { CancelReasonFields } from "../../components/CancelReasonFields";
import { type CancelScope, SeriesScopeField } from "../../components/SeriesScopeField";
import { Button } from "../../components/ui/Button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "../../components/ui/Dialog";
import { toast } from "../../components/ui/Toaster";
import { errorMessage } from "../../lib/api";
import { cancelBooking } from "./bookingApi";
import { formatSlotInWords } from "./time";

export interface CancelBookingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  booking: BookingDto;
  token: string;
  zone: string;
  onCancelled: (booking: BookingDto) => void;
}

/** Spec section 4: choose a reason; confirm stays disabled without one or while busy. */
export function CancelBookingDialog({
  open,
  onOpenChange,
  booking,
  token,
  zone,
  onCancelled,
}: CancelBookingDialogProps) {
  const [reason, setReason] = useState<CancelReason | null>(null);
  const [note, setNote] = useState("");
  const [scope, setScope] = useState<CancelScope>("this");
  const [busy, setBusy] = useState(false);
  const id = useId();

  const confirm = async () => {
    if (!reason) return;
    setBusy(true);
    try {
      const cancelled = await cancelBooking(booking.uid, token, reason, note.trim(), scope);
      toast.success("Booking Cancelled..");
      onCancelled(cancelled);
      onOpenChange(false);
      setReason(null);
      setNote("");
    } catch (error) {
      // Spec 8's text; the server's reason (e.g. the meeting has started) goes underneath.
      const reason = errorMessage(error, "");
      toast.error("Failed to cancel booking.", reason ? { description: reason } : undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <DialogContent
        title="Cancel Event"
        description={`${booking.eventType.title} on ${formatSlotInWords(booking.startTime, booking.endTime, zone)}`}
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
          idPrefix={id}
          legend="Why are you cancelling?"
          noteLabel="Anything the host should know?"
          reason={reason}
          onReasonChange={setReason}
          note={note}
          onNoteChange={setNote}
          disabled={busy}
        />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={busy}>
              Keep Event
            </Button>
          </DialogClose>
          <Button variant="danger" disabled={!reason} loading={busy} onClick={() => void confirm()}>
            {busy ? "Cancelling..." : "Cancel Event"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
