import { useQueryClient } from "@tanstack/react-query";
import { CalendarX2, Globe, Pencil } from "lucide-react";
import { useState } from "react";
import { Badge, Button, Skeleton } from "../../components/ui";
import { cn } from "../../lib/cn";
import { t } from "../../lib/i18n";
import { AvailabilityEditorDialog } from "./AvailabilityEditorDialog";
import { useSchedule, useSchedules } from "./queries";
import { overridesText, scheduleName, slotText, weekdayLetter, weekdayName } from "./schedule-format";
import { timeZoneName } from "./timezones";

export interface ScheduleSummaryProps {
  /** The schedule to show; null or undefined shows the host's default schedule. */
  scheduleId?: string | null;
  className?: string;
}

/**
 * The 'Availability section inside drawers': weekly hours per day, timezone, 'N override(s)',
 * and a pencil that opens the availability editor popup.
 */
export function ScheduleSummary({ scheduleId, className }: ScheduleSummaryProps) {
  const queryClient = useQueryClient();
  const list = useSchedules();
  const byId = useSchedule(scheduleId ?? undefined, queryClient);
  const [editing, setEditing] = useState(false);

  const query = scheduleId ? byId : list;
  const schedule = scheduleId ? byId.data : list.data?.find((s) => s.isDefault);

  if (query.isPending) {
    return (
      <div
        role="status"
        aria-label={t("availability.loading")}
        className={cn("flex flex-col gap-2.5", className)}
      >
        {Array.from({ length: 7 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders.
          <div key={i} className="flex items-center gap-3">
            <Skeleton className="size-6 rounded-full" />
            <Skeleton className="h-4 w-36" />
          </div>
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <div
        className={cn("flex items-center justify-between gap-3 rounded-lg bg-red-50 px-3 py-2.5", className)}
      >
        <p className="text-red-700 text-sm">{t("availability.loadFailed")}</p>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          {t("availability.retry")}
        </Button>
      </div>
    );
  }
  if (!schedule) {
    return (
      <div
        className={cn(
          "flex items-center gap-3 rounded-lg border border-slate-300 border-dashed px-3 py-3 text-slate-500 text-sm",
          className,
        )}
      >
        <CalendarX2 size={18} aria-hidden className="text-slate-500" /> {t("availability.summary.noSchedule")}
      </div>
    );
  }

  return (
    <div className={cn("rounded-lg border border-slate-200 bg-white p-4", className)}>
      <div className="mb-3 flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <p className="truncate font-medium text-slate-900 text-sm">{scheduleName(schedule.name)}</p>
          {schedule.isDefault && <Badge tone="blue">{t("availability.default")}</Badge>}
        </div>
        <button
          type="button"
          onClick={() => setEditing(true)}
          aria-label={t("availability.summary.editLabel", { name: scheduleName(schedule.name) })}
          title={t("availability.summary.edit")}
          className="-mt-1 -me-1 flex size-8 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900"
        >
          <Pencil size={16} aria-hidden />
        </button>
      </div>
      <ul className="flex flex-col gap-1.5">
        {schedule.schedule.map((day, i) => (
          <li key={day.day} className="flex items-start gap-3 text-sm">
            <abbr
              title={weekdayName(i)}
              className={cn(
                "flex size-6 shrink-0 items-center justify-center rounded-full font-semibold text-[11px] no-underline",
                day.isAvailable ? "bg-accent-soft text-accent-strong" : "bg-slate-100 text-slate-500",
              )}
            >
              {weekdayLetter(i)}
            </abbr>
            <span className={cn("tabular pt-0.5", day.isAvailable ? "text-slate-700" : "text-slate-500")}>
              {day.isAvailable && day.timeSlots.length > 0
                ? day.timeSlots.map((s) => slotText(s)).join(", ")
                : t("availability.unavailable")}
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 border-slate-100 border-t pt-3 text-[13px] text-slate-500">
        <span className="flex items-center gap-1.5">
          <Globe size={14} aria-hidden /> {timeZoneName(schedule.timezone)}
        </span>
        <span>{overridesText(schedule.dateOverrides.length)}</span>
      </div>
      <AvailabilityEditorDialog scheduleId={schedule._id} open={editing} onOpenChange={setEditing} />
    </div>
  );
}
