import { useRef } from "react";
import type { EventTypeDto } from "../../../contract/event-types";
import { Button, Drawer, DrawerContent, ErrorState, Spinner } from "../../components/ui";
import { t } from "../../lib/i18n";
import { useEventTypeHosts } from "../teams/queries";
import { EditEventTypeForm } from "./EditEventTypeForm";
import { isTeamKind } from "./forms";
import { useEventType } from "./queries";

/** 'Edit Event Type': loads the event type (and a team kind's hosts) fresh, then hands them to the form. */
export function EditEventTypeDrawer({
  eventTypeId,
  onClose,
}: {
  /** null keeps the drawer closed. */
  eventTypeId: string | null;
  onClose: () => void;
}) {
  // The form puts its unsaved-changes question in here while it is open.
  const requestClose = useRef<(() => void) | null>(null);
  return (
    <Drawer open={eventTypeId !== null} onOpenChange={(open) => !open && (requestClose.current ?? onClose)()}>
      {eventTypeId && <EditDrawerBody id={eventTypeId} onClose={onClose} requestClose={requestClose} />}
    </Drawer>
  );
}

function EditDrawerBody({
  id,
  onClose,
  requestClose,
}: {
  id: string;
  onClose: () => void;
  requestClose: React.RefObject<(() => void) | null>;
}) {
  const query = useEventType(id);
  const team = query.data && isTeamKind(query.data.type);
  const hosts = useEventTypeHosts(team ? id : null);
  if (query.data && (!team || hosts.data))
    return (
      <EditEventTypeForm
        key={query.data._id}
        eventType={query.data as EventTypeDto}
        hosts={hosts.data ?? null}
        onClose={onClose}
        requestClose={requestClose}
      />
    );
  const failed = query.isError ? query : hosts.isError ? hosts : null;
  return (
    <DrawerContent
      title={t("eventTypes.edit.title")}
      widthClassName="max-w-xl"
      footer={
        <Button variant="outline" onClick={onClose}>
          {t("eventTypes.cancel")}
        </Button>
      }
    >
      {failed ? (
        <ErrorState
          title={t("eventTypes.edit.loadFailed")}
          description={
            failed.error?.message === "Event type not found"
              ? t("eventTypes.edit.notFound")
              : t("eventTypes.checkConnection")
          }
          query={failed}
        />
      ) : (
        <div
          role="status"
          aria-live="polite"
          className="flex h-64 flex-col items-center justify-center gap-3"
        >
          <Spinner size={24} className="text-accent-strong" />
          <span className="text-slate-500 text-sm">{t("eventTypes.edit.loading")}</span>
        </div>
      )}
    </DrawerContent>
  );
}
