import type { EventTypeDto } from "../../../contract/event-types";
import { Button, Drawer, DrawerContent, ErrorState, Spinner } from "../../components/ui";
import { EditEventTypeForm } from "./EditEventTypeForm";
import { useEventType } from "./queries";

/** 'Edit Event Type': loads the event type fresh, then hands it to the form. */
export function EditEventTypeDrawer({
  eventTypeId,
  onClose,
}: {
  /** null keeps the drawer closed. */
  eventTypeId: string | null;
  onClose: () => void;
}) {
  return (
    <Drawer open={eventTypeId !== null} onOpenChange={(open) => !open && onClose()}>
      {eventTypeId && <EditDrawerBody id={eventTypeId} onClose={onClose} />}
    </Drawer>
  );
}

function EditDrawerBody({ id, onClose }: { id: string; onClose: () => void }) {
  const query = useEventType(id);
  if (query.data)
    return (
      <EditEventTypeForm key={query.data._id} eventType={query.data as EventTypeDto} onClose={onClose} />
    );
  return (
    <DrawerContent
      title="Edit Event Type"
      widthClassName="max-w-xl"
      footer={
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
      }
    >
      {query.isError ? (
        <ErrorState
          title="Failed to load event type"
          description={
            query.error.message === "Event type not found"
              ? "Event type not found. It may have been deleted."
              : "Check your connection and try again."
          }
          query={query}
        />
      ) : (
        <div
          role="status"
          aria-live="polite"
          className="flex h-64 flex-col items-center justify-center gap-3"
        >
          <Spinner size={24} className="text-accent-strong" />
          <span className="text-slate-500 text-sm">Loading event type...</span>
        </div>
      )}
    </DrawerContent>
  );
}
