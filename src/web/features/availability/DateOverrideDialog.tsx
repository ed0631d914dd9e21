import { zodResolver } from "@hookform/resolvers/zod";
import { Plus } from "lucide-react";
import { useRef } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import {
  type DaySchedule,
  DEFAULT_SLOT,
  dateOverrideSchema,
  dateSchema,
  type TimeSlot,
} from "../../../contract/availability";
import {
  Button,
  Dialog,
  DialogContent,
  DialogFooter,
  Field,
  Input,
  Label,
  Switch,
  weekdayOf,
} from "../../components/ui";
import { focusFirstError } from "../../lib/focusFirstError";
import { flattenErrors } from "../../lib/formErrors";
import { t } from "../../lib/i18n";
import { type DraftOverride, nextSlot, slotErrors } from "./draft";
import { OverrideDatesPicker } from "./OverrideDatesPicker";
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
  /** The same hours (or a day off) for every date picked; `replacedDate` when an edit moved the date. */
  onSubmit: (overrides: DraftOverride[], replacedDate?: string) => void;
}

/**
 * The dialog's values: the dates picked and the one set of hours they all get. Each date becomes an
 * override the contract's dateOverrideSchema accepts, so its rules and messages are checked once here.
 */
const overrideForm = z
  .object({
    // A function: read in the language active when the form is checked.
    dates: z.array(dateSchema).min(1, { error: () => t("availability.override.chooseDate") }),
    isAvailable: z.boolean(),
    reason: z.string(),
    timeSlots: z.array(z.object({ startTime: z.string(), endTime: z.string() })),
  })
  .superRefine((form, ctx) => {
    const checked = dateOverrideSchema.safeParse({
      date: form.dates[0] ?? "2000-01-01",
      isAvailable: form.isAvailable,
      reason: form.reason,
      timeSlots: form.isAvailable ? form.timeSlots : [],
    });
    if (checked.success) return;
    for (const issue of checked.error.issues)
      if (issue.path[0] !== "date")
        ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
  });
type OverrideForm = z.infer<typeof overrideForm>;

/** Add overrides for one or more dates (picked one by one or as a range), or edit one override. */
export function DateOverrideDialog(props: DateOverrideDialogProps) {
  const { open, onOpenChange, editing } = props;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={editing ? t("availability.override.editTitle") : t("availability.override.addTitle")}
        description={editing ? t("availability.override.editText") : t("availability.override.addText")}
        widthClassName="max-w-2xl"
      >
        {open && <OverrideForm {...props} />}
      </DialogContent>
    </Dialog>
  );
}

/** That weekday's usual hours, so "available" on a fresh override means a small tweak. */
function usualHours(week: DaySchedule[], date: string): TimeSlot[] {
  const day = week[weekdayOf(date)];
  return day?.isAvailable && day.timeSlots.length
    ? day.timeSlots.map((s) => ({ ...s }))
    : [{ ...DEFAULT_SLOT }];
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
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors: formErrors, isSubmitted },
  } = useForm<OverrideForm>({
    resolver: zodResolver(overrideForm),
    // Slot problems (an end before its start, overlaps) show as the host picks, as in the weekly hours.
    mode: "onChange",
    defaultValues: {
      dates: initial?.date ? [initial.date] : [],
      isAvailable: initial?.isAvailable ?? false,
      reason: initial?.reason ?? "",
      timeSlots: initial?.timeSlots?.length
        ? initial.timeSlots
        : initial?.date && !editing
          ? usualHours(week, initial.date)
          : [{ ...DEFAULT_SLOT }],
    },
  });
  const formRef = useRef<HTMLFormElement>(null);
  const [dates, isAvailable, slots] = watch(["dates", "isAvailable", "timeSlots"]);
  const errors = flattenErrors(formErrors);
  const setSlots = (next: TimeSlot[]) => setValue("timeSlots", next, { shouldValidate: true });

  const changeDates = (next: string[]) => {
    // A fresh override starts from the first picked date's usual hours.
    if (!editing && !initial?.timeSlots?.length && dates.length === 0 && next[0])
      setValue("timeSlots", usualHours(week, next[0]));
    setValue("dates", next, { shouldValidate: isSubmitted });
  };

  const submit = handleSubmit(
    (form) => {
      const hours = {
        isAvailable: form.isAvailable,
        reason: form.reason.trim(),
        timeSlots: form.isAvailable ? form.timeSlots : [],
      };
      onSubmit(
        form.dates.map((date) => ({ date, ...hours, timeSlots: hours.timeSlots.map((s) => ({ ...s })) })),
        editing ? initial?.date : undefined,
      );
      onOpenChange(false);
    },
    // The hours to fix may sit below the calendar, out of sight on a phone.
    () => requestAnimationFrame(() => focusFirstError(formRef.current)),
  );

  const count = dates.length;
  return (
    <form ref={formRef} noValidate onSubmit={submit}>
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <OverrideDatesPicker
          dates={dates}
          onChange={changeDates}
          multiple={!editing}
          today={today}
          existingDates={existingDates}
          editedDate={editing ? initial?.date : undefined}
          error={isSubmitted ? errors.dates : undefined}
        />
        <div className="flex flex-col gap-5">
          <div className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2.5">
            <Label htmlFor="override-available" className="cursor-pointer">
              {t("availability.override.available")}
            </Label>
            <Switch
              id="override-available"
              checked={isAvailable}
              onCheckedChange={(on) => setValue("isAvailable", on, { shouldValidate: true })}
            />
          </div>
          {isAvailable ? (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 font-medium text-slate-800 text-sm">
                {t("availability.override.hours")}
              </legend>
              {slots.map((slot, j) => (
                <TimeSlotFields
                  // biome-ignore lint/suspicious/noArrayIndexKey: slots have no identity beyond their position.
                  key={j}
                  id={`override-${j}`}
                  label={t("availability.override.slotLabel", { n: j + 1 })}
                  slot={slot}
                  errors={slotErrors(errors, `timeSlots.${j}`)}
                  onChange={(next) => setSlots(slots.map((s, k) => (k === j ? next : s)))}
                  onRemove={() => setSlots(slots.filter((_, k) => k !== j))}
                />
              ))}
              {errors.timeSlots && <p className="text-[13px] text-red-600">{errors.timeSlots}</p>}
              <Button
                variant="ghost"
                size="sm"
                className="self-start"
                onClick={() => setSlots([...slots, nextSlot(slots)])}
              >
                <Plus size={16} aria-hidden /> {t("availability.addSlot")}
              </Button>
            </fieldset>
          ) : (
            <p className="rounded-lg bg-slate-50 px-3 py-2.5 text-slate-600 text-sm">
              {t("availability.override.nobody")}
            </p>
          )}
          <Field label={t("availability.override.reason")} htmlFor="override-reason" error={errors.reason}>
            <Input
              id="override-reason"
              maxLength={200}
              placeholder={t("availability.override.reasonPlaceholder")}
              invalid={!!errors.reason}
              {...register("reason")}
            />
          </Field>
        </div>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          {t("availability.cancel")}
        </Button>
        <Button type="submit" disabled={count === 0}>
          {editing
            ? t("availability.override.save")
            : count > 1
              ? t("availability.override.addMany", { count })
              : t("availability.override.add")}
        </Button>
      </DialogFooter>
    </form>
  );
}
