import { Plus } from "lucide-react";
import type { DaySchedule, TimeSlot } from "../../../contract/availability";
import { DEFAULT_SLOT } from "../../../contract/availability-constants";
import { Label, Switch } from "../../components/ui";
import { cn } from "../../lib/cn";
import { t } from "../../lib/i18n";
import { CopyTimesPopover } from "./CopyTimesPopover";
import { type EditorDraft, type FieldErrors, nextSlot, slotErrors } from "./draft";
import { weekdayName } from "./schedule-format";
import { TimeSlotFields } from "./TimeSlotFields";
import { AUTOSAVE_SLOT_TIME_MS } from "./useScheduleEditor";

type Update = (change: (d: EditorDraft) => EditorDraft, delay?: number) => void;

export interface WeeklyHoursEditorProps {
  week: DaySchedule[];
  errors: FieldErrors;
  update: Update;
  disabled?: boolean;
}

function withDay(d: EditorDraft, index: number, change: (day: DaySchedule) => DaySchedule): EditorDraft {
  return { ...d, schedule: d.schedule.map((day, i) => (i === index ? change(day) : day)) };
}

/** The list view: one row per weekday, Sunday first, as the API stores them. */
export function WeeklyHoursEditor({ week, errors, update, disabled }: WeeklyHoursEditorProps) {
  const toggle = (index: number, on: boolean) =>
    // Spec section 4: off clears the slots; on gives one slot 9:00am-5:00pm.
    update((d) =>
      withDay(d, index, (day) => ({ ...day, isAvailable: on, timeSlots: on ? [{ ...DEFAULT_SLOT }] : [] })),
    );

  const setSlot = (index: number, slotIndex: number, slot: TimeSlot) =>
    update(
      (d) =>
        withDay(d, index, (day) => ({
          ...day,
          timeSlots: day.timeSlots.map((s, j) => (j === slotIndex ? slot : s)),
        })),
      AUTOSAVE_SLOT_TIME_MS,
    );

  const addSlot = (index: number) =>
    update((d) =>
      withDay(d, index, (day) => ({
        ...day,
        isAvailable: true,
        timeSlots: [...day.timeSlots, nextSlot(day.timeSlots)],
      })),
    );

  // Removing the last slot turns the day off: an available day with no hours means nothing.
  const removeSlot = (index: number, slotIndex: number) =>
    update((d) =>
      withDay(d, index, (day) => {
        const timeSlots = day.timeSlots.filter((_, j) => j !== slotIndex);
        return { ...day, timeSlots, isAvailable: timeSlots.length > 0 };
      }),
    );

  const copy = (index: number, targets: number[]) =>
    update((d) => {
      const source = d.schedule[index];
      if (!source.isAvailable || source.timeSlots.length === 0 || targets.length === 0) return d;
      return {
        ...d,
        schedule: d.schedule.map((day, i) =>
          targets.includes(i)
            ? { ...day, isAvailable: true, timeSlots: source.timeSlots.map((s) => ({ ...s })) }
            : day,
        ),
      };
    });

  return (
    <ul className="divide-y divide-slate-100">
      {week.map((day, i) => {
        const name = weekdayName(i);
        const switchId = `day-${day.day}`;
        const canCopy = day.isAvailable && day.timeSlots.length > 0;
        return (
          <li
            key={day.day}
            className="grid grid-cols-[1fr_auto] items-start gap-x-3 gap-y-2 py-3 sm:grid-cols-[9.5rem_1fr_auto]"
          >
            <div className="col-start-1 row-start-1 flex h-10 items-center gap-3">
              <Switch
                id={switchId}
                checked={day.isAvailable}
                disabled={disabled}
                onCheckedChange={(on) => toggle(i, on)}
              />
              <Label htmlFor={switchId} className="cursor-pointer">
                {name}
              </Label>
            </div>
            <div
              className={cn(
                "col-span-2 row-start-2 flex flex-col gap-2 sm:col-span-1 sm:col-start-2 sm:row-start-1",
                !day.isAvailable && "max-sm:hidden",
              )}
            >
              {day.isAvailable && day.timeSlots.length > 0 ? (
                day.timeSlots.map((slot, j) => (
                  <TimeSlotFields
                    // biome-ignore lint/suspicious/noArrayIndexKey: slots have no identity beyond their position.
                    key={j}
                    id={`${day.day}-${j}`}
                    label={t("availability.weekly.slotLabel", { day: name, n: j + 1 })}
                    slot={slot}
                    disabled={disabled}
                    errors={slotErrors(errors, `schedule.${i}.timeSlots.${j}`)}
                    onChange={(next) => setSlot(i, j, next)}
                    onRemove={() => removeSlot(i, j)}
                  />
                ))
              ) : (
                <p className="flex h-10 items-center text-slate-500 text-sm">
                  {t("availability.unavailable")}
                </p>
              )}
            </div>
            <div className="col-start-2 row-start-1 flex items-center gap-0.5 sm:col-start-3">
              {!day.isAvailable && (
                <span className="me-2 text-slate-500 text-sm sm:hidden">{t("availability.unavailable")}</span>
              )}
              <button
                type="button"
                onClick={() => addSlot(i)}
                disabled={disabled}
                aria-label={t("availability.weekly.addOn", { day: name })}
                title={t("availability.addSlot")}
                className="flex size-9 items-center justify-center rounded-md text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900 disabled:pointer-events-none disabled:opacity-40"
              >
                <Plus size={18} aria-hidden />
              </button>
              <CopyTimesPopover
                source={i}
                enabled={canCopy && !disabled}
                onCopy={(targets) => copy(i, targets)}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
