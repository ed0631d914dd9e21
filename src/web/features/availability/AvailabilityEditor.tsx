import { CalendarDays, List } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { AvailabilitySchedule } from "../../../contract/availability";
import { Button, toast } from "../../components/ui";
import { cn } from "../../lib/cn";
import { focusFirstError } from "../../lib/focusFirstError";
import { t } from "../../lib/i18n";
import { DateOverrideDialog } from "./DateOverrideDialog";
import { DateOverridesSection } from "./DateOverridesSection";
import { type DraftOverride, sortOverrides } from "./draft";
import { useHolidaySettings } from "./queries";
import { SaveStatus } from "./SaveStatus";
import { ScheduleCalendar } from "./ScheduleCalendar";
import { ScheduleRulesFields } from "./ScheduleRulesFields";
import { todayIn } from "./timezones";
import { useMediaQuery } from "./useMediaQuery";
import { useScheduleEditor } from "./useScheduleEditor";
import { WeeklyHoursEditor } from "./WeeklyHoursEditor";

export type AvailabilityEditorMode = "inline" | "popup";

export interface AvailabilityEditorProps {
  schedule: AvailabilitySchedule;
  /**
   * inline (the Availability screen): every change saves by itself, the sticky footer tells how it went.
   * popup: nothing is saved until 'Apply to {n} event types'. See ARCHITECTURE.md, "Saving".
   */
  mode: AvailabilityEditorMode;
  /** Popup mode: called on Cancel and after a successful Apply. */
  onClose?: () => void;
}

type OverrideDialogState = { open: boolean; editing: boolean; initial?: Partial<DraftOverride> };

/** The availability editor: weekly hours (list or calendar), date overrides, timezone, buffers and notice. */
export function AvailabilityEditor({ schedule, mode, onClose }: AvailabilityEditorProps) {
  const autoSave = mode === "inline";
  const editor = useScheduleEditor(schedule, autoSave);
  const { draft, errors, update } = editor;
  const [view, setView] = useState<"list" | "calendar">("list");
  const [overrideDialog, setOverrideDialog] = useState<OverrideDialogState>({ open: false, editing: false });
  const [removing, setRemoving] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const holidays = useHolidaySettings();
  const today = todayIn(draft.timezone);
  const idPrefix = `${mode}-${schedule._id.slice(0, 8)}`;

  const openOverride = (initial?: Partial<DraftOverride>, editing = false) =>
    setOverrideDialog({ open: true, editing, initial });

  const pickDate = (date: string) => {
    const existing = draft.dateOverrides.find((o) => o.date === date);
    openOverride(existing ?? { date }, Boolean(existing));
  };

  // Overrides are deliberate, one-off edits: in inline mode they save at once, with their own failure text.
  const changeOverrides = async (change: (list: DraftOverride[]) => DraftOverride[], failure: string) => {
    update((d) => ({ ...d, dateOverrides: change(d.dateOverrides) }), null);
    if (!autoSave) return;
    const result = await editor.save();
    if (!result.ok && !result.invalid) toast.error(failure, { description: result.message });
  };
  // Several dates picked at once are one change: one save, one status, one failure message.
  const saveOverrides = (overrides: DraftOverride[], replacedDate?: string) => {
    const replaced = new Set([...overrides.map((o) => o.date), replacedDate]);
    void changeOverrides(
      (list) => sortOverrides([...list.filter((o) => !replaced.has(o.date)), ...overrides]),
      t("availability.editor.addOverrideFailed"),
    );
  };
  const removeOverride = (date: string) =>
    void changeOverrides(
      (list) => list.filter((o) => o.date !== date),
      t("availability.editor.removeOverrideFailed"),
    );

  // A failed save by the host's own hand (Apply, Retry, Show) brings the first error into view, once the
  // errors it produced have rendered.
  const root = useRef<HTMLDivElement>(null);
  const [errorFocus, setErrorFocus] = useState(0);
  useEffect(() => {
    if (errorFocus > 0) focusFirstError(root.current);
  }, [errorFocus]);
  const showFirstError = () => setErrorFocus((n) => n + 1);

  const saveNow = async () => {
    setSubmitting(true);
    const result = await editor.save();
    setSubmitting(false);
    if (result.ok) {
      toast.success(autoSave ? t("availability.editor.saved") : t("availability.editor.applied"));
      if (!autoSave) onClose?.();
      return;
    }
    showFirstError();
    if (result.invalid) toast.error(t("availability.editor.fixFirst"));
    else toast.error(t("availability.saveFailed"), { description: result.message });
  };

  const n = schedule.eventTypeCount;
  // Inline (auto-save) the state sits in the sticky footer, always in sight; in the popup it sits in the
  // header when there is room, else in its footer beside Apply.
  const wide = useMediaQuery("(min-width: 640px)");
  const status = (
    <SaveStatus
      state={editor.state}
      failure={editor.failure}
      autoSave={autoSave}
      onRetry={() => void saveNow()}
      onShowError={showFirstError}
    />
  );
  const statusInHeader = !autoSave && wide;
  return (
    <div ref={root} data-editor={idPrefix} className="flex min-w-0 flex-col">
      <div className="flex flex-wrap items-center justify-between gap-3 border-slate-200 border-b px-4 py-3 sm:px-5">
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
          <h2 className="font-semibold text-base text-slate-900">
            {view === "list" ? t("availability.editor.weeklyHours") : t("availability.editor.calendar")}
          </h2>
          {statusInHeader && status}
        </div>
        <fieldset className="flex rounded-lg bg-slate-100 p-0.5">
          <legend className="sr-only">{t("availability.editor.view")}</legend>
          {(
            [
              ["list", "availability.editor.list", List],
              ["calendar", "availability.editor.calendar", CalendarDays],
            ] as const
          ).map(([value, label, Icon]) => (
            <button
              key={value}
              type="button"
              aria-pressed={view === value}
              onClick={() => setView(value)}
              className={cn(
                "flex h-8 items-center gap-1.5 rounded-md px-3 font-medium text-[13px] transition-colors",
                view === value ? "bg-white text-slate-900 shadow-xs" : "text-slate-600 hover:text-slate-900",
              )}
            >
              <Icon size={15} aria-hidden /> {t(label)}
            </button>
          ))}
        </fieldset>
      </div>

      <div className="grid lg:grid-cols-[minmax(0,1fr)_19rem]">
        <div className="min-w-0 px-4 py-2 sm:px-5 sm:py-3">
          {view === "list" ? (
            <WeeklyHoursEditor week={draft.schedule} errors={errors} update={update} />
          ) : (
            <div className="py-2">
              <ScheduleCalendar
                draft={draft}
                today={today}
                holidays={holidays.data?.holidays ?? []}
                onPickDate={pickDate}
              />
            </div>
          )}
        </div>
        <aside className="flex flex-col gap-8 border-slate-200 border-t px-4 py-5 sm:px-5 lg:border-t-0 lg:border-s">
          <DateOverridesSection
            overrides={draft.dateOverrides}
            errors={errors}
            today={today}
            onAdd={() => openOverride()}
            onEdit={(o) => openOverride(o, true)}
            onRemove={removeOverride}
            removing={removing}
            onRemovingChange={setRemoving}
          />
          <section aria-labelledby={`${idPrefix}-rules`}>
            <h3 id={`${idPrefix}-rules`} className="mb-3 font-semibold text-slate-900 text-sm">
              {t("availability.editor.rules")}
            </h3>
            <ScheduleRulesFields
              draft={draft}
              errors={errors}
              update={update}
              schedule={schedule}
              idPrefix={idPrefix}
            />
          </section>
        </aside>
      </div>

      <div
        className={cn(
          // Sticky, so Save and the save state stay in reach while scrolling a long week.
          "sticky z-10 flex flex-wrap items-center justify-end gap-2 border-slate-200 border-t bg-white px-4 py-3 shadow-[0_-4px_12px_-6px_rgb(15_23_42_/_0.08)] sm:px-5",
          // The dialog body pads its bottom by 1.5rem; -bottom-6 pins the footer to its real edge.
          mode === "popup" ? "-bottom-6 rounded-b-xl" : "bottom-0 rounded-b-lg",
        )}
      >
        {!statusInHeader && <div className="me-auto min-w-0">{status}</div>}
        {mode === "popup" && (
          <>
            <Button variant="outline" onClick={onClose} disabled={submitting}>
              {t("availability.cancel")}
            </Button>
            <Button onClick={() => void saveNow()} loading={submitting}>
              {submitting
                ? t("availability.editor.applying")
                : t("availability.editor.applyTo", { count: n })}
            </Button>
          </>
        )}
      </div>

      <DateOverrideDialog
        open={overrideDialog.open}
        onOpenChange={(open) => setOverrideDialog((s) => ({ ...s, open }))}
        initial={overrideDialog.initial}
        editing={overrideDialog.editing}
        today={today}
        week={draft.schedule}
        existingDates={draft.dateOverrides.map((o) => o.date)}
        onSubmit={saveOverrides}
      />
    </div>
  );
}
