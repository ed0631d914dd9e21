import { type Control, useController } from "react-hook-form";
import type { RecurrenceFrequency, RecurrenceSettings } from "../../../contract/recurrence";
import { Select, Switch } from "../../components/ui";
import type { AppMessageId } from "../../lib/app-messages";
import { t } from "../../lib/i18n";
import { DigitsInput } from "./DigitsInput";
import type { EditFormInput } from "./forms";

const FREQUENCIES: { value: RecurrenceFrequency; label: AppMessageId }[] = [
  { value: "weekly", label: "eventTypes.recurrence.weekly" },
  { value: "biweekly", label: "eventTypes.recurrence.biweekly" },
  { value: "monthly", label: "eventTypes.recurrence.monthly" },
];

/** The editor's recurrence setting, bound to its form. */
export function RecurrenceSetting({ control }: { control: Control<EditFormInput> }) {
  const { field, fieldState } = useController({ control, name: "recurrence" });
  const error = fieldState.error as
    | (typeof fieldState.error & { maxOccurrences?: { message?: string } })
    | undefined;
  return (
    <RecurrenceField
      value={field.value ?? null}
      onChange={field.onChange}
      error={error?.message ?? error?.maxOccurrences?.message}
    />
  );
}

/**
 * Recurring event (issue 28 item 3): invitees book a series repeating weekly, every 2 weeks or
 * monthly, choosing how many occurrences up to the most the host allows.
 */
export function RecurrenceField({
  value,
  onChange,
  error,
}: {
  value: RecurrenceSettings;
  onChange: (next: RecurrenceSettings) => void;
  error?: string;
}) {
  const current = value ?? { frequency: "weekly" as const, maxOccurrences: 6 };
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-slate-200 px-3 py-2.5">
      <div className="flex items-center justify-between gap-4">
        <div>
          <label htmlFor="edit-recurrence" className="block font-medium text-slate-800 text-sm">
            {t("eventTypes.recurrence.label")}
          </label>
          <p className="text-[13px] text-slate-500">
            {value ? t("eventTypes.recurrence.on") : t("eventTypes.recurrence.off")}
          </p>
        </div>
        <Switch
          id="edit-recurrence"
          checked={!!value}
          onCheckedChange={(on) => onChange(on ? current : null)}
        />
      </div>
      {value && (
        <div className="flex flex-wrap items-center gap-2 border-slate-100 border-t pt-3 text-slate-700 text-sm">
          <label htmlFor="edit-recurrence-frequency">{t("eventTypes.recurrence.repeats")}</label>
          <Select
            id="edit-recurrence-frequency"
            wrapperClassName="w-40"
            value={value.frequency}
            onChange={(e) => onChange({ ...value, frequency: e.target.value as RecurrenceFrequency })}
          >
            {FREQUENCIES.map((f) => (
              <option key={f.value} value={f.value}>
                {t(f.label)}
              </option>
            ))}
          </Select>
          <label htmlFor="edit-recurrence-max">{t("eventTypes.recurrence.upTo")}</label>
          <DigitsInput
            id="edit-recurrence-max"
            wrapperClassName="w-20"
            className="tabular"
            value={value.maxOccurrences}
            onValueChange={(maxOccurrences) => onChange({ ...value, maxOccurrences })}
            invalid={!!error}
          />
          <span>{t("eventTypes.recurrence.occurrences")}</span>
        </div>
      )}
      {error && (
        <p role="alert" className="text-[13px] text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
