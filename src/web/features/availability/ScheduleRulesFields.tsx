import { Field, Select } from "../../components/ui";
import { BookingRulesSummary } from "./BookingRulesSummary";
import type { EditorDraft, FieldErrors } from "./draft";
import { timeZoneOptions, zoneNowText } from "./timezones";

type Update = (change: (d: EditorDraft) => EditorDraft, delay?: number) => void;

export interface ScheduleRulesFieldsProps {
  draft: EditorDraft;
  errors: FieldErrors;
  update: Update;
  /** The schedule, to list the event types it serves. */
  schedule: { _id: string; isDefault: boolean };
  /** Id stem, so two editors on one page keep unique ids. */
  idPrefix: string;
  disabled?: boolean;
}

/**
 * The schedule's timezone, and the booking rules of the event types it serves, read-only: minimum
 * notice, buffers and the booking window are edited on each event type (ARCHITECTURE.md, "Booking rules").
 */
export function ScheduleRulesFields({
  draft,
  errors,
  update,
  schedule,
  idPrefix,
  disabled,
}: ScheduleRulesFieldsProps) {
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <div className="flex flex-col gap-5">
      <Field
        label="Timezone"
        htmlFor={id("timezone")}
        error={errors.timezone}
        hint={zoneNowText(draft.timezone)}
      >
        <Select
          id={id("timezone")}
          value={draft.timezone}
          disabled={disabled}
          invalid={Boolean(errors.timezone)}
          onChange={(e) => {
            const timezone = e.target.value;
            update((d) => ({ ...d, timezone }));
          }}
        >
          {timeZoneOptions(draft.timezone).map((z) => (
            <option key={z.value} value={z.value}>
              {z.label}
            </option>
          ))}
        </Select>
      </Field>
      <BookingRulesSummary schedule={schedule} />
    </div>
  );
}
