import { CalendarClock, Plus, SearchX } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { EVENT_KINDS, type EventKind } from "../../../contract/event-type-constants";
import type { EventTypeDto } from "../../../contract/event-types";
import { CreateTypeDialog } from "../../components/layout/CreateTypeDialog";
import { PageHeader } from "../../components/layout/PageHeader";
import { Button, Card, EmptyState, ErrorState } from "../../components/ui";
import { t } from "../../lib/i18n";
import { CreateEventTypeDrawer } from "./CreateEventTypeDrawer";
import { EventTypeCard, EventTypeCardSkeleton } from "./EventTypeCard";
import { EventTypesToolbar, type StatusFilter } from "./EventTypesToolbar";
import { useEventTypes } from "./queries";
import { useEventTypeActions } from "./useEventTypeActions";

function isKind(value: string | null): value is EventKind {
  return (EVENT_KINDS as readonly string[]).includes(value ?? "");
}

export function filterEventTypes(list: EventTypeDto[], search: string, status: StatusFilter): EventTypeDto[] {
  const needle = search.trim().toLowerCase();
  return list.filter(
    (et) =>
      (!needle || et.title.toLowerCase().includes(needle)) &&
      (status === "all" || et.isActive === (status === "active")),
  );
}

export default function EventTypesPage() {
  const query = useEventTypes();
  const { actions, dialogs } = useEventTypeActions();
  const [params, setParams] = useSearchParams();
  const [chooserOpen, setChooserOpen] = useState(false);
  const [createKind, setCreateKind] = useState<EventKind | null>(null);
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<StatusFilter>("all");

  // The type chooser (sidebar or ours) sends us here with ?create=<kind>: open the drawer, then drop the
  // parameter so a reload or Back does not open it again.
  const createParam = params.get("create");
  useEffect(() => {
    if (createParam === null) return;
    if (isKind(createParam)) setCreateKind(createParam);
    setParams(
      (p) => {
        p.delete("create");
        return p;
      },
      { replace: true },
    );
  }, [createParam, setParams]);

  // ?edit=<id> (the Availability screen's links to an event type's booking rules) opens its drawer once.
  const editParam = params.get("edit");
  const editTarget = query.data?.find((et) => et._id === editParam);
  useEffect(() => {
    if (editParam === null || !query.isSuccess) return;
    if (editTarget) actions.onEdit(editTarget);
    setParams(
      (p) => {
        p.delete("edit");
        return p;
      },
      { replace: true },
    );
  }, [editParam, editTarget, query.isSuccess, actions, setParams]);

  // A new event type must not hide behind the current search or filter.
  useEffect(() => {
    const clear = () => {
      setSearch("");
      setStatus("all");
    };
    window.addEventListener("eventTypeCreated", clear);
    return () => window.removeEventListener("eventTypeCreated", clear);
  }, []);

  const all = query.data ?? [];
  const visible = useMemo(() => filterEventTypes(all, search, status), [all, search, status]);
  const filtering = search.trim() !== "" || status !== "all";

  const createButton = (
    <Button onClick={() => setChooserOpen(true)}>
      <Plus size={16} aria-hidden /> {t("eventTypes.list.create")}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t("eventTypes.list.title")}
        subtitle={t("eventTypes.list.subtitle")}
        action={createButton}
      />
      {(query.isPending || all.length > 0) && (
        <EventTypesToolbar search={search} onSearch={setSearch} status={status} onStatus={setStatus} />
      )}
      <p aria-live="polite" className="sr-only">
        {query.isSuccess && filtering
          ? t("eventTypes.list.shown", { shown: visible.length, total: all.length })
          : ""}
      </p>

      {query.isPending ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy>
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <EventTypeCardSkeleton key={i} />
          ))}
        </div>
      ) : query.isError ? (
        <Card role="alert">
          <ErrorState title={t("eventTypes.list.loadFailed")} query={query} />
        </Card>
      ) : all.length === 0 ? (
        <Card>
          <EmptyState
            icon={CalendarClock}
            title={t("eventTypes.list.empty")}
            description={t("eventTypes.list.emptyText")}
            action={createButton}
            className="py-16"
          />
        </Card>
      ) : visible.length === 0 ? (
        <Card>
          <EmptyState
            icon={SearchX}
            title={t("eventTypes.list.noneFound")}
            description={t("eventTypes.list.noneFoundText")}
            action={
              <Button
                variant="outline"
                onClick={() => {
                  setSearch("");
                  setStatus("all");
                }}
              >
                {t("eventTypes.list.clearFilters")}
              </Button>
            }
          />
        </Card>
      ) : (
        <ul
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
          aria-label={t("eventTypes.list.title")}
        >
          {visible.map((et) => (
            <li key={et._id}>
              <EventTypeCard eventType={et} actions={actions} />
            </li>
          ))}
        </ul>
      )}

      <CreateTypeDialog open={chooserOpen} onOpenChange={setChooserOpen} />
      <CreateEventTypeDrawer kind={createKind} onClose={() => setCreateKind(null)} />
      {dialogs}
    </>
  );
}
