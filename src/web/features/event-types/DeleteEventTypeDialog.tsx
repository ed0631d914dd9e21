import { useQuery } from "@tanstack/react-query";
import type { EventTypeDto } from "../../../contract/event-types";
import type { bookingsResponses } from "../../../contract/responses/bookings";
import { Button, Dialog, DialogClose, DialogContent, DialogFooter, toast } from "../../components/ui";
import { errorMessage, requestAnswer } from "../../lib/api";
import { t } from "../../lib/i18n";
import { useDeleteEventType } from "./queries";

/** Confirms, deletes, and lets the list refresh; stays open with the error if the delete fails. */
export function DeleteEventTypeDialog({
  eventType,
  onClose,
}: {
  eventType: EventTypeDto | null;
  onClose: () => void;
}) {
  const remove = useDeleteEventType();
  // What deleting leaves behind: the host should know before, not find out from invitees.
  const upcoming = useQuery({
    queryKey: ["bookings", "upcoming-of-type", eventType?._id],
    enabled: eventType !== null,
    staleTime: 0,
    queryFn: async () => {
      const res = await requestAnswer<typeof bookingsResponses.list>(
        "GET",
        `/bookings?when=upcoming&status=confirmed&limit=1&eventTypeId=${eventType?._id}`,
      );
      return res.pagination.total;
    },
  });
  const count = upcoming.data ?? 0;
  const confirm = async () => {
    if (!eventType) return;
    try {
      await remove.mutateAsync(eventType._id);
      toast.success(t("eventTypes.delete.deleted", { title: eventType.title }));
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, t("eventTypes.delete.failed")));
    }
  };
  return (
    <Dialog
      open={eventType !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
    >
      <DialogContent
        title={t("eventTypes.delete.title")}
        description={t("eventTypes.delete.cannotUndo")}
        widthClassName="max-w-md"
        role="alertdialog"
        hideClose
      >
        <p className="text-slate-700 text-sm leading-6">
          {t("eventTypes.delete.confirmText", { title: eventType?.title ?? "" })}
        </p>
        {count > 0 && (
          <p
            role="status"
            className="mt-3 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900 text-sm leading-6"
          >
            <span className="font-medium">{t("eventTypes.delete.upcoming", { count })}</span>{" "}
            {t("eventTypes.delete.upcomingNote", { count })}
          </p>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={remove.isPending}>
              {t("eventTypes.cancel")}
            </Button>
          </DialogClose>
          <Button variant="danger" loading={remove.isPending} onClick={() => void confirm()}>
            {remove.isPending ? t("eventTypes.delete.deleting") : t("eventTypes.delete.submit")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
