import { useId, useState } from "react";
import { type BookingDto, CANCEL_REASONS, type CancelReason } from "../../../contract/bookings";
import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  Label,
  Textarea,
  toast,
} from "../../components/ui";
import { cn } from "../../lib/cn";
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
  const [reason, setReason] = useState<CancelReason | null>(null);
  const [note, setNote] = useState("");
  const id = useId();
  const busy = cancel.isPending;

  const close = () => {
    onClose();
    setReason(null);
    setNote("");
  };

  const confirm = async () => {
    if (!booking || !reason) return;
    try {
      await cancel.mutateAsync({ id: booking._id, reason, note: note.trim() || undefined });
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
          <fieldset disabled={busy}>
            <legend className="mb-2 font-medium text-slate-800 text-sm">Reason for cancelling</legend>
            <div className="grid gap-2">
              {CANCEL_REASONS.map((r) => (
                <label
                  key={r}
                  className={cn(
                    "flex cursor-pointer items-center gap-3 rounded-lg border px-3.5 py-2.5 text-sm transition-colors",
                    reason === r
                      ? "border-accent bg-accent-soft text-slate-900"
                      : "border-slate-200 text-slate-700 hover:border-slate-300 hover:bg-slate-50",
                  )}
                >
                  <input
                    type="radio"
                    name={`${id}-reason`}
                    value={r}
                    checked={reason === r}
                    onChange={() => setReason(r)}
                    className="size-4 accent-accent"
                  />
                  {r}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="mt-4 flex flex-col gap-1.5">
            <Label htmlFor={`${id}-note`}>
              Message to {booking.attendee.name.split(" ")[0]}{" "}
              <span className="font-normal text-slate-500">(optional)</span>
            </Label>
            <Textarea
              id={`${id}-note`}
              rows={3}
              maxLength={1000}
              value={note}
              disabled={busy}
              placeholder="Sorry, something came up. Feel free to book another time."
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
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
