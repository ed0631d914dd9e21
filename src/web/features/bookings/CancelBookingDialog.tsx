import { useId, useState } from "react";
import type { BookingDto, CancelReason } from "../../../contract/bookings";
import { localizedEventText } from "../../../contract/event-type-translations";
import { CancelReasonFields } from "../../components/CancelReasonFields";
import { type CancelScope, SeriesScopeField } from "../../components/SeriesScopeField";
import { Button } from "../../components/ui/Button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "../../components/ui/Dialog";
import { toast } from "../../components/ui/Toaster";
import { errorMessage } from "../../lib/api";
import { currentLocale, t } from "../../lib/i18n";
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
      toast.success(t("cancel.done"));
      onCancelled(cancelled);
      onOpenChange(false);
      setReason(null);
      setNote("");
    } catch (error) {
      // Spec 8's text; the server's reason (e.g. the meeting has started) goes underneath.
      const reason = errorMessage(error, "");
      toast.error(
        t("cancel.failed"),
        reason && currentLocale() === "en" ? { description: reason } : undefined,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <DialogContent
        title={t("cancel.title")}
        description={t("cancel.what", {
          title: localizedEventText(booking.eventType, currentLocale()).title,
          when: formatSlotInWords(booking.startTime, booking.endTime, zone),
        })}
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
          legend={t("cancel.why")}
          noteLabel={t("cancel.note")}
          reasonLabel={(r) => t(REASON_LABELS[r as keyof typeof REASON_LABELS])}
          reason={reason}
          onReasonChange={setReason}
          note={note}
          onNoteChange={setNote}
          disabled={busy}
        />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={busy}>
              {t("cancel.keep")}
            </Button>
          </DialogClose>
          <Button variant="danger" disabled={!reason} loading={busy} onClick={() => void confirm()}>
            {busy ? t("cancel.cancelling") : t("cancel.title")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The spec's reasons (sent as written) in the invitee's language. */
const REASON_LABELS = {
  "Changed plans": "cancel.reasonChangedPlans",
  "Found better option": "cancel.reasonBetterOption",
  "Booked by mistake": "cancel.reasonMistake",
  Other: "cancel.reasonOther",
} as const;
