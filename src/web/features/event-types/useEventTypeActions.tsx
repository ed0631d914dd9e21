import { useState } from "react";
import type { EventTypeDto } from "../../../contract/event-types";
import { DeleteEventTypeDialog } from "./DeleteEventTypeDialog";
import { EditEventTypeDrawer } from "./EditEventTypeDrawer";
import type { EventTypeCardActions } from "./EventTypeCard";
import { useToggleActive } from "./queries";
import { ShareEventTypeDialog } from "./ShareEventTypeDialog";

/**
 * The card actions (edit, share, delete, active switch) and the drawer and dialogs they open,
 * shared by the event types screen and the dashboard section. Render `dialogs` once.
 */
export function useEventTypeActions(): { actions: EventTypeCardActions; dialogs: React.ReactNode } {
  const [editingId, setEditingId] = useState<string | null>(null);
  const [sharing, setSharing] = useState<EventTypeDto | null>(null);
  const [deleting, setDeleting] = useState<EventTypeDto | null>(null);
  const toggle = useToggleActive();

  const actions: EventTypeCardActions = {
    onEdit: (et) => setEditingId(et._id),
    onShare: setSharing,
    onDelete: setDeleting,
    onToggleActive: (et, isActive) => toggle.mutate({ id: et._id, isActive }),
  };
  const dialogs = (
    <>
      <EditEventTypeDrawer eventTypeId={editingId} onClose={() => setEditingId(null)} />
      <ShareEventTypeDialog eventType={sharing} onClose={() => setSharing(null)} />
      <DeleteEventTypeDialog eventType={deleting} onClose={() => setDeleting(null)} />
    </>
  );
  return { actions, dialogs };
}
