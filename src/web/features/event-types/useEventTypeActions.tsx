import { lazy, Suspense, useState } from "react";
import type { EventTypeDto } from "../../../contract/event-types";
import { toast } from "../../components/ui";
import { errorMessage } from "../../lib/api";
import { t } from "../../lib/i18n";
import { DeleteEventTypeDialog } from "./DeleteEventTypeDialog";
import type { EventTypeCardActions } from "./EventTypeCard";
import { useDuplicateEventType, useToggleActive } from "./queries";
import { ShareEventTypeDialog } from "./ShareEventTypeDialog";

// The drawer carries the form schemas and the availability editor (~80 KB compressed): the dashboard
// shows these cards too, so the drawer's code is fetched on the first Edit, not with the page.
const EditEventTypeDrawer = lazy(() =>
  import("./EditEventTypeDrawer").then((m) => ({ default: m.EditEventTypeDrawer })),
);

/**
 * The card actions (edit, share, delete, active switch) and the drawer and dialogs they open,
 * shared by the event types screen and the dashboard section. Render `dialogs` once.
 */
export function useEventTypeActions(): { actions: EventTypeCardActions; dialogs: React.ReactNode } {
  const [editingId, setEditingId] = useState<string | null>(null);
  // Stays true after the first Edit, so the drawer keeps its closing animation.
  const [drawerWanted, setDrawerWanted] = useState(false);
  const [sharing, setSharing] = useState<EventTypeDto | null>(null);
  const [deleting, setDeleting] = useState<EventTypeDto | null>(null);
  const toggle = useToggleActive();
  const duplicate = useDuplicateEventType();

  const actions: EventTypeCardActions = {
    onEdit: (et) => {
      setDrawerWanted(true);
      setEditingId(et._id);
    },
    onShare: setSharing,
    onDelete: setDeleting,
    onToggleActive: (et, isActive) => toggle.mutate({ id: et._id, isActive }),
    onDuplicate: (et) =>
      duplicate.mutate(et._id, {
        onSuccess: (copy) =>
          toast.success(t("eventTypes.create.created", { title: copy.title }), {
            action: { label: t("eventTypes.card.edit"), onClick: () => actions.onEdit(copy) },
          }),
        onError: (error) => toast.error(errorMessage(error, t("eventTypes.duplicate.failed"))),
      }),
  };
  const dialogs = (
    <>
      {drawerWanted && (
        <Suspense fallback={null}>
          <EditEventTypeDrawer eventTypeId={editingId} onClose={() => setEditingId(null)} />
        </Suspense>
      )}
      <ShareEventTypeDialog eventType={sharing} onClose={() => setSharing(null)} />
      <DeleteEventTypeDialog eventType={deleting} onClose={() => setDeleting(null)} />
    </>
  );
  return { actions, dialogs };
}
