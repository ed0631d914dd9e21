import { useId, useState } from "react";
import type { BookingDto, CancelReason } from "../../../contract/bookings";
import { Button } from "../../components/ui/Button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "../../components/ui/Dialog";
import { Label } from "../../components/ui/Label";
import { Textarea } from "../../components/ui/Textarea";
import { toast } from "../../components/ui/Toaster";
import { cn } from "../../lib/cn";
import { cancelBooking } from "./bookingApi";
import { formatSlotInWords } from "./time";

/**
 * Spec section 5's reasons, word for word. The contract's CANCEL_REASONS is not imported because
 * that module would bring zod into this page; the two checks below keep both lists identical.
 */
const CANCEL_REASONS = [
  "Changed plans",
  "Found better option",
  "Booked by mistake",
  "Other",
] as const satisfies readonly CancelReason[];
type MissingReason = Exclude<CancelReason, (typeof CANCEL_REASONS)[number]>;
const everyReasonListed: [MissingReason] extends [never] ? true : MissingReason = true;
void everyReasonListed;

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
  const [busy, setBusy] = useState(false);
  const id = useId();

  const confirm = async () => {
    if (!reason) return;
    setBusy(true);
    try {
      const cancelled = await cancelBooking(booking.uid, token, reason, note.trim());
      toast.success("Booking Cancelled..");
      onCancelled(cancelled);
      onOpenChange(false);
      setReason(null);
      setNote("");
    } catch (error) {
      toast.error(
        error instanceof Error && error.message !== "API call failed"
          ? error.message
          : "Failed to cancel booking.",
      );
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
        <fieldset>
          <legend className="mb-2 font-medium text-slate-800 text-sm">Why are you cancelling?</legend>
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
            Anything the host should know? <span className="font-normal text-slate-500">(optional)</span>
          </Label>
          <Textarea
            id={`${id}-note`}
            rows={3}
            maxLength={1000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
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
