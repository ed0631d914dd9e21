import { Plus } from "lucide-react";
import { useEffect, useState } from "react";
import {
  type DaySchedule,
  DEFAULT_SLOT,
  dateOverrideSchema,
  type TimeSlot,
} from "../../../contract/availability";
import {
  Button,
  Dialog,
  DialogContent,
  DialogFooter,
  Field,
  formatLongDate,
  Input,
  Label,
  MonthCalendar,
  monthOf,
  Switch,
  weekdayOf,
} from "../../components/ui";
import { focusFirstError } from "../../lib/focusFirstError";
import { type DraftOverride, nextSlot, slotErrors } from "./draft";
import { TimeSlotFields } from "./TimeSlotFields";

export interface DateOverrideDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The override being edited, or a date to start from (calendar view), or nothing. */
  initial?: Partial<DraftOverride> & { date?: string };
  editing: boolean;
  /** Today in the schedule's zone; earlier dates cannot be picked. */
  today: string;
  week: DaySchedule[];
  existingDates: string[];
  onSubmit: (override: DraftOverride, replacedDate?: string) => void;
}

/** Add or edit one date override: a date, available with slots or unavailable, and a reason. */
export function DateOverrideDialog(props: DateOverrideDialogProps) {
  const { open, onOpenChange, editing } = props;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={editing ? "Edit date override" : "Add a date override"}
        description="Change your hours for one date, or mark it unavailable."
        widthClassName="max-w-2xl"
      >
        {open && <OverrideForm {...props} />}
      </DialogContent>
    </Dialog>
  );
}

function OverrideForm({
  initial,
  editing,
  today,
  week,
  existingDates,
  onSubmit,
  onOpenChange,
}: DateOverrideDialogProps) {
  const [date, setDate] = useState<string | undefined>(initial?.date);
  const [month, setMonth] = useState(monthOf(initial?.date ?? today));
  const [isAvailable, setAvailable] = useState(initial?.isAvailable ?? false);
  const [slots, setSlots] = useState<TimeSlot[]>(
    initial?.timeSlots?.length ? initial.timeSlots : [{ ...DEFAULT_SLOT }],
  );
  const [reason, setReason] = useState(initial?.reason ?? "");
  const [submitted, setSubmitted] = useState(false);

  // A fresh override starts from that weekday's usual hours, so "available" means a small tweak.
  useEffect(() => {
    if (editing || !date || initial?.timeSlots?.length) return;
    const day = week[weekdayOf(date)];
    setSlots(
      day?.isAvailable && day.timeSlots.length ? day.timeSlots.map((s) => ({ ...s })) : [{ ...DEFAULT_SLOT }],
    );
  }, [date, editing, initial?.timeSlots, week]);

  const parsed = dateOverrideSchema.safeParse({
    date: date ?? "",
    isAvailable,
    reason,
    timeSlots: isAvailable ? slots : [],
  });
  const errors: Record<string, string> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[issue.path.join(".")] ??= issue.message;
  const dateError = !date ? "Choose a date for this override" : undefined;
  const replaces = date && date !== initial?.date && existingDates.includes(date);

  const submit = (form: HTMLFormElement) => {
    setSubmitted(true);
    if (!date || !parsed.success) {
      // The hours to fix may sit below the calendar, out of sight on a phone.
      focusFirstError(form);
      return;
    }
    onSubmit(
      { date, isAvailable, reason: reason.trim(), timeSlots: isAvailable ? slots : [] },
      editing ? initial?.date : undefined,
    );
    onOpenChange(false);
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit(e.currentTarget);
      }}
    >
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div>
          <MonthCalendar
            month={month}
            onMonthChange={setMonth}
            selected={date}
            onSelect={setDate}
            isEnabled={(d) => d >= today}
            today={today}
            minMonth={monthOf(today)}
          />
          <p aria-live="polite" className="mt-2 text-sm">
            {date ? (
              <span className="font-medium text-slate-900">{formatLongDate(date)}</span>
            ) : (
              <span className={submitted ? "text-red-600" : "text-slate-500"}>{dateError}</span>
            )}
          </p>
          {replaces && (
            <p className="mt-1 text-[13px] text-amber-700">
              This date already has an override; saving replaces it.
            </p>
          )}
        </div>
        <div className="flex flex-col gap-5">
          <div className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2.5">
            <Label htmlFor="override-available" className="cursor-pointer">
              Available on this date
            </Label>
            <Switch id="override-available" checked={isAvailable} onCheckedChange={setAvailable} />
          </div>
          {isAvailable ? (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 font-medium text-slate-800 text-sm">Hours on this date</legend>
              {slots.map((slot, j) => (
                <TimeSlotFields
                  // biome-ignore lint/suspicious/noArrayIndexKey: slots have no identity beyond their position.
                  key={j}
                  id={`override-${j}`}
                  label={`Override time slot ${j + 1}`}
                  slot={slot}
                  errors={slotErrors(errors, `timeSlots.${j}`)}
                  onChange={(next) => setSlots((list) => list.map((s, k) => (k === j ? next : s)))}
                  onRemove={() => setSlots((list) => list.filter((_, k) => k !== j))}
                />
              ))}
              {errors.timeSlots && <p className="text-[13px] text-red-600">{errors.timeSlots}</p>}
              <Button
                variant="ghost"
                size="sm"
                className="self-start"
                onClick={() => setSlots((list) => [...list, nextSlot(list)])}
              >
                <Plus size={16} aria-hidden /> Add time slot
              </Button>
            </fieldset>
          ) : (
            <p className="rounded-lg bg-slate-50 px-3 py-2.5 text-slate-600 text-sm">
              Nobody can book you on this date.
            </p>
          )}
          <Field label="Reason (optional)" htmlFor="override-reason" error={errors.reason}>
            <Input
              id="override-reason"
              value={reason}
              maxLength={200}
              placeholder="e.g. Dentist appointment"
              onChange={(e) => setReason(e.target.value)}
            />
          </Field>
        </div>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button type="submit" disabled={!date}>
          {editing ? "Save override" : "Add override"}
        </Button>
      </DialogFooter>
    </form>
  );
}
