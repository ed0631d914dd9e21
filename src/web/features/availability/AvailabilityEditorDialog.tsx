import { useQueryClient } from "@tanstack/react-query";
import { Dialog, DialogContent } from "../../components/ui";
import { t } from "../../lib/i18n";
import { AvailabilityEditor } from "./AvailabilityEditor";
import { EditorSkeleton, LoadError } from "./EditorStates";
import { useSchedule } from "./queries";
import { scheduleName, summarizeWeek } from "./schedule-format";
import { timeZoneName } from "./timezones";

export interface AvailabilityEditorDialogProps {
  scheduleId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The availability editor in popup mode (used from the event type drawers). Changes are kept
 * until 'Apply to {n} event types', which saves and closes; Cancel or Escape drops them.
 */
export function AvailabilityEditorDialog({ scheduleId, open, onOpenChange }: AvailabilityEditorDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && <EditorDialogContent scheduleId={scheduleId} onClose={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function EditorDialogContent({ scheduleId, onClose }: { scheduleId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const query = useSchedule(scheduleId, queryClient);
  const schedule = query.data;
  return (
    <DialogContent
      title={schedule ? scheduleName(schedule.name) : t("availability.title")}
      description={
        schedule
          ? `${summarizeWeek(schedule.schedule)} · ${timeZoneName(schedule.timezone)}`
          : t("availability.dialog.loading")
      }
      widthClassName="max-w-5xl"
    >
      <div className="-mx-6 -mb-6 border-slate-200 border-t">
        {schedule ? (
          <AvailabilityEditor key={schedule._id} schedule={schedule} mode="popup" onClose={onClose} />
        ) : query.isError ? (
          <LoadError
            title={t("availability.dialog.loadFailed")}
            onRetry={() => void query.refetch()}
            detail={query.error.message}
          />
        ) : (
          <EditorSkeleton />
        )}
      </div>
    </DialogContent>
  );
}
