import { Trash2 } from "lucide-react";
import type { TimeSlot } from "../../../contract/availability";
import { TIME_CHOICES } from "../../../domain/time-labels";
import { Select } from "../../components/ui";
import { cn } from "../../lib/cn";
import { timeLabelText } from "../../lib/host-clock";
import { t } from "../../lib/i18n";

// The values stay the stored labels ('9:00am'); what the host reads is their own clock, in their language.
const START_CHOICES = TIME_CHOICES.map((value) => ({ value, as: "start" as const }));
// As an end, '12:00am' is the end of the day, so it comes last ('24:00' on a 24-hour clock).
const END_CHOICES = [
  ...TIME_CHOICES.slice(1).map((value) => ({ value, as: "end" as const })),
  { value: "12:00am", as: "end" as const },
];

type Choice = { value: string; as: "start" | "end" };

function withCurrent(choices: Choice[], current: string, as: Choice["as"]): Choice[] {
  return choices.some((c) => c.value === current) ? choices : [{ value: current, as }, ...choices];
}

export interface TimeSlotFieldsProps {
  slot: TimeSlot;
  /** Unique id stem for the controls and the message ('mon-0'). */
  id: string;
  /** Spoken name of the slot ('Monday, time slot 1'). */
  label: string;
  /** Messages for this slot (inverted, overlapping); shown under it and not saved. */
  errors?: string[];
  onChange: (slot: TimeSlot) => void;
  onRemove: () => void;
  disabled?: boolean;
}

/** Start and end selects in 15-minute steps, with a remove button. */
export function TimeSlotFields({
  slot,
  id,
  label,
  errors = [],
  onChange,
  onRemove,
  disabled,
}: TimeSlotFieldsProps) {
  const invalid = errors.length > 0;
  const describedBy = invalid ? `${id}-error` : undefined;
  return (
    <div>
      <div className="flex items-center gap-2">
        <Select
          id={`${id}-start`}
          aria-label={t("availability.slot.start", { label })}
          aria-describedby={describedBy}
          invalid={invalid}
          disabled={disabled}
          value={slot.startTime}
          onChange={(e) => onChange({ ...slot, startTime: e.target.value })}
          wrapperClassName="w-[7.25rem] shrink-0"
          className="tabular pe-8"
        >
          {withCurrent(START_CHOICES, slot.startTime, "start").map((c) => (
            <option key={c.value} value={c.value}>
              {timeLabelText(c.value, c.as)}
            </option>
          ))}
        </Select>
        <span aria-hidden className="text-slate-500">
          –
        </span>
        <Select
          id={`${id}-end`}
          aria-label={t("availability.slot.end", { label })}
          aria-describedby={describedBy}
          invalid={invalid}
          disabled={disabled}
          value={slot.endTime}
          onChange={(e) => onChange({ ...slot, endTime: e.target.value })}
          wrapperClassName="w-[7.25rem] shrink-0"
          className="tabular pe-8"
        >
          {withCurrent(END_CHOICES, slot.endTime, "end").map((c) => (
            <option key={c.value} value={c.value}>
              {timeLabelText(c.value, c.as)}
            </option>
          ))}
        </Select>
        <button
          type="button"
          onClick={onRemove}
          disabled={disabled}
          aria-label={t("availability.slot.remove", { label })}
          className={cn(
            "flex size-9 shrink-0 items-center justify-center rounded-md text-slate-500 transition-colors",
            "hover:bg-red-50 hover:text-red-600 disabled:pointer-events-none disabled:opacity-50",
          )}
        >
          <Trash2 size={16} aria-hidden />
        </button>
      </div>
      {invalid && (
        <p id={`${id}-error`} className="mt-1.5 text-[13px] text-red-600 leading-5">
          {errors.join(". ")}
        </p>
      )}
    </div>
  );
}
