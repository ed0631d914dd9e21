import { useQuery } from "@tanstack/react-query";
import type { EventTypeDto } from "../../../contract/event-types";
import type { bookingsResponses } from "../../../contract/responses/bookings";
import { Button, Dialog, DialogClose, DialogContent, DialogFooter, toast } from "../../components/ui";
import { errorMessage, requestAnswer } from "../../lib/api";
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
        {count > 0 && (
          <p
            role="status"
            className="mt-3 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900 text-sm leading-6"
          >
            <span className="font-medium">
              {count === 1 ? "1 upcoming meeting" : `${count} upcoming meetings`} booked with this type.
            </span>{" "}
            {count === 1 ? "It stays" : "They stay"} on your calendar and in Meetings, and invitees can still
            cancel, but no one can book or reschedule to this type any more. Cancel{" "}
            {count === 1 ? "it" : "them"} in Meetings first if {count === 1 ? "it is" : "they are"} not going
            ahead.
          </p>
        )}
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
