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
import { slotInWords } from "../../lib/host-clock";
import { t } from "../../lib/i18n";
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
      toast.success(t("meetings.requestDeclined"));
      close();
    } catch (error) {
      toast.error(errorMessage(error, t("meetings.declineFailed")));
    }
  };

  const zone = booking?.host.timezone ?? "UTC";
  return (
    <Dialog open={!!booking} onOpenChange={(open) => (open || busy ? undefined : close())}>
      {booking && (
        <DialogContent
          title={t("meetings.declineTitle")}
          description={t("meetings.declineText", {
            title: booking.eventType.title,
            name: booking.attendee.name,
            when: slotInWords(booking.startTime, booking.endTime, zone),
            first: booking.attendee.name.split(" ")[0],
          })}
          widthClassName="max-w-md"
        >
          <Field
            label={t("meetings.reasonOptional")}
            htmlFor={`${id}-reason`}
            error={tooLong ? t("meetings.atMost", { max: MAX_DECLINE_REASON }) : undefined}
            hint={t("meetings.reasonHint")}
          >
            <Textarea
              id={`${id}-reason`}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              rows={3}
              disabled={busy}
              invalid={tooLong}
              placeholder={t("meetings.declinePlaceholder")}
            />
          </Field>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={busy}>
                {t("meetings.keepRequest")}
              </Button>
            </DialogClose>
            <Button variant="danger" disabled={tooLong} loading={busy} onClick={() => void decline()}>
              {busy ? t("meetings.declining") : t("meetings.declineTitle")}
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
