import { t } from "../../lib/i18n";
import { TimezoneSelect } from "../bookings/TimezoneSelect";
import { BookingRulesSummary } from "./BookingRulesSummary";
import type { EditorDraft, FieldErrors } from "./draft";
import { zoneNowText } from "./timezones";

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
      <div>
        <TimezoneSelect
          id={id("timezone")}
          label={t("availability.timezone")}
          value={draft.timezone}
          disabled={disabled}
          hint={zoneNowText(draft.timezone)}
          error={errors.timezone}
          onChange={(timezone) => update((d) => ({ ...d, timezone }))}
        />
      </div>
      <BookingRulesSummary schedule={schedule} />
    </div>
  );
}
