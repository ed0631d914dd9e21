import { CalendarClock } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import type { AvailabilitySchedule } from "../../../contract/availability";
import { Button, Card, ConfirmDialog, EmptyState, Skeleton } from "../../components/ui";
import { t } from "../../lib/i18n";
import { AvailabilityEditor } from "./AvailabilityEditor";
import { EditorSkeleton, LoadError } from "./EditorStates";
import { useSchedules } from "./queries";
import { ScheduleNameDialog } from "./ScheduleNameDialog";
import { ScheduleSwitcher } from "./ScheduleSwitcher";
import { useScheduleActions } from "./useScheduleActions";

type NameDialog = { mode: "create" } | { mode: "rename"; schedule: AvailabilitySchedule } | null;

/** The Schedules tab: the host's schedules on top, the selected one in the inline editor below. */
export function SchedulesTab() {
  const schedules = useSchedules();
  const actions = useScheduleActions();
  const [params, setParams] = useSearchParams();
  const [nameDialog, setNameDialog] = useState<NameDialog>(null);
  const [deleting, setDeleting] = useState<AvailabilitySchedule | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const list = schedules.data ?? [];
  const selected =
    list.find((s) => s._id === params.get("schedule")) ?? list.find((s) => s.isDefault) ?? list[0];

  const select = (id: string) =>
    setParams(
      (p) => {
        p.set("schedule", id);
        return p;
      },
      { replace: true },
    );

  if (schedules.isPending) {
    return (
      <div className="flex flex-col gap-4">
        <div className="flex gap-3">
          <Skeleton className="h-[6.5rem] w-64" />
          <Skeleton className="h-[6.5rem] w-44 max-sm:hidden" />
        </div>
        <Card>
          <EditorSkeleton />
        </Card>
      </div>
    );
  }
  if (schedules.isError) {
    return (
      <Card>
        <LoadError
          title={t("availability.tab.loadFailed")}
          detail={schedules.error.message}
          onRetry={() => void schedules.refetch()}
        />
      </Card>
    );
  }

  const confirmDelete = () => {
    if (!deleting) return;
    setDeleteError(null);
    actions.remove.mutate(deleting._id, {
      onSuccess: () => {
        if (selected?._id === deleting._id) {
          const fallback = list.find((s) => s.isDefault && s._id !== deleting._id);
          if (fallback) select(fallback._id);
        }
        setDeleting(null);
      },
      onError: (error) => setDeleteError(error.message || t("availability.tab.deleteFailed")),
    });
  };

  return (
    <div className="flex flex-col gap-4">
      {list.length === 0 || !selected ? (
        <Card>
          <EmptyState
            icon={CalendarClock}
            title={t("availability.tab.none")}
            description={t("availability.tab.noneText")}
            action={
              <Button onClick={() => setNameDialog({ mode: "create" })}>
                {t("availability.name.newTitle")}
              </Button>
            }
          />
        </Card>
      ) : (
        <>
          <ScheduleSwitcher
            schedules={list}
            selectedId={selected._id}
            onSelect={select}
            onCreate={() => setNameDialog({ mode: "create" })}
            onRename={(schedule) => setNameDialog({ mode: "rename", schedule })}
            onSetDefault={(schedule) => actions.setDefault.mutate(schedule._id)}
            onDelete={(schedule) => {
              setDeleteError(null);
              setDeleting(schedule);
            }}
          />
          <Card>
            <AvailabilityEditor key={selected._id} schedule={selected} mode="inline" />
          </Card>
        </>
      )}

      <ScheduleNameDialog
        open={nameDialog !== null}
        onOpenChange={(open) => !open && setNameDialog(null)}
        mode={nameDialog?.mode ?? "create"}
        initialName={nameDialog?.mode === "rename" ? nameDialog.schedule.name : ""}
        onSubmit={async (name) => {
          if (nameDialog?.mode === "rename") {
            await actions.rename.mutateAsync({ id: nameDialog.schedule._id, name });
          } else {
            const created = await actions.create.mutateAsync(name);
            select(created._id);
          }
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("availability.tab.deleteTitle")}
        description={
          <>
            <span className="block">
              {t("availability.tab.deleteText", { name: deleting?.name ?? "" })}
              {deleting?.isDefault && t("availability.tab.deleteDefault")}
              {deleting &&
                deleting.eventTypeCount > 0 &&
                t("availability.tab.deleteUses", { count: deleting.eventTypeCount })}
            </span>
            {deleteError && (
              <span role="alert" className="mt-3 block rounded-md bg-red-50 px-3 py-2 text-red-700">
                <span className="block font-medium">{t("availability.tab.deleteFailed")}</span>
                {deleteError}
              </span>
            )}
          </>
        }
        confirmLabel={t("availability.confirmDelete")}
        busyLabel={t("availability.deleting")}
        busy={actions.remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
