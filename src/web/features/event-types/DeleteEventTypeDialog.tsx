import type { EventTypeDto } from "../../../contract/event-types";
import { Button, Dialog, DialogClose, DialogContent, DialogFooter, toast } from "../../components/ui";
import { errorMessage } from "../../lib/api";
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
  const confirm = async () => {
    if (!eventType) return;
    try {
      await remove.mutateAsync(eventType._id);
      toast.success(`"${eventType.title}" deleted`);
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, "Failed to delete event type"));
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
        title="Delete Event Type"
        description="This action cannot be undone"
        widthClassName="max-w-md"
        role="alertdialog"
        hideClose
      >
        <p className="text-slate-700 text-sm leading-6">
          Are you sure you want to delete "{eventType?.title}"? This will permanently remove the event type
          and all its settings.
        </p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={remove.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="danger" loading={remove.isPending} onClick={() => void confirm()}>
            {remove.isPending ? "Deleting..." : "Delete"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
