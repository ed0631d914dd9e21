import { useId, useState } from "react";
import { MAX_DECLINE_REASON } from "../../../contract/approval";
import type { BookingDto } from "../../../contract/bookings";
import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  Field,
  Textarea,
  toast,
} from "../../components/ui";
import { errorMessage } from "../../lib/api";
import { formatSlotInWords } from "../bookings/time";
import { useAnswerRequest } from "./queries";

/** The host declines a booking request (issue 28): an optional reason, which the invitee's mail shows. */
export function DeclineRequestDialog({
  booking,
  onClose,
}: {
  /** The request to decline; null keeps the dialog closed. */
  booking: BookingDto | null;
  onClose: () => void;
}) {
  const answer = useAnswerRequest();
  const [reason, setReason] = useState("");
  const id = useId();
  const busy = answer.isPending;
  const tooLong = reason.trim().length > MAX_DECLINE_REASON;

  const close = () => {
    onClose();
    setReason("");
  };

  const decline = async () => {
    if (!booking || tooLong) return;
    try {
      await answer.mutateAsync({ id: booking._id, confirm: false, reason: reason.trim() });
      toast.success("Request declined");
      close();
    } catch (error) {
      toast.error(errorMessage(error, "Failed to decline the request."));
    }
  };

  const zone = booking?.host.timezone ?? "UTC";
  return (
    <Dialog open={!!booking} onOpenChange={(open) => (open || busy ? undefined : close())}>
      {booking && (
        <DialogContent
          title="Decline request"
          description={
            <>
              {booking.eventType.title} with {booking.attendee.name},{" "}
              {formatSlotInWords(booking.startTime, booking.endTime, zone)}. The time is freed and{" "}
              {booking.attendee.name.split(" ")[0]} is emailed.
            </>
          }
          widthClassName="max-w-md"
        >
          <Field
            label="Reason (optional)"
            htmlFor={`${id}-reason`}
            error={tooLong ? `At most ${MAX_DECLINE_REASON} characters` : undefined}
            hint="Shown in the invitee's email."
          >
            <Textarea
              id={`${id}-reason`}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              rows={3}
              disabled={busy}
              invalid={tooLong}
              placeholder="Sorry, I am not available then. Feel free to request another time."
            />
          </Field>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={busy}>
                Keep request
              </Button>
            </DialogClose>
            <Button variant="danger" disabled={tooLong} loading={busy} onClick={() => void decline()}>
              {busy ? "Declining..." : "Decline request"}
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
