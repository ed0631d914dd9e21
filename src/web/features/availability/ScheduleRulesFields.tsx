import { MAXIMUM_NOTICE_OPTIONS_DAYS, MINIMUM_NOTICE_OPTIONS_HOURS } from "../../../contract/availability";
import { Field, Select } from "../../components/ui";
import type { EditorDraft, FieldErrors } from "./draft";
import { minutesText } from "./schedule-format";
import { timeZoneOptions, zoneNowText } from "./timezones";

type Update = (change: (d: EditorDraft) => EditorDraft, delay?: number) => void;

const BUFFER_OPTIONS = [0, 5, 10, 15, 30, 45, 60];
const MINIMUM_NOTICE_MINUTES = MINIMUM_NOTICE_OPTIONS_HOURS.map((h) => h * 60);

/** The listed choices plus the stored value when it is another one, so a select never lies. */
function choices(options: readonly number[], current: number): number[] {
  return options.includes(current) ? [...options] : [...options, current].sort((a, b) => a - b);
}

export interface ScheduleRulesFieldsProps {
  draft: EditorDraft;
  errors: FieldErrors;
  update: Update;
  /** Id stem, so two editors on one page keep unique ids. */
  idPrefix: string;
  disabled?: boolean;
}

/** Timezone, buffers and notice of one schedule. */
export function ScheduleRulesFields({ draft, errors, update, idPrefix, disabled }: ScheduleRulesFieldsProps) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const setNumber =
    (key: "bufferTimeBefore" | "bufferTimeAfter" | "minimumNotice" | "maximumNotice") =>
    (event: React.ChangeEvent<HTMLSelectElement>) => {
      const value = Number(event.target.value);
      update((d) => ({ ...d, [key]: value }));
    };

  return (
    <div className="flex flex-col gap-4">
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
      <div className="grid grid-cols-2 gap-3">
        <Field label="Buffer before" htmlFor={id("buffer-before")} error={errors.bufferTimeBefore}>
          <Select
            id={id("buffer-before")}
            value={draft.bufferTimeBefore}
            disabled={disabled}
            onChange={setNumber("bufferTimeBefore")}
          >
            {choices(BUFFER_OPTIONS, draft.bufferTimeBefore).map((m) => (
              <option key={m} value={m}>
                {m === 0 ? "No buffer" : `${m} min`}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Buffer after" htmlFor={id("buffer-after")} error={errors.bufferTimeAfter}>
          <Select
            id={id("buffer-after")}
            value={draft.bufferTimeAfter}
            disabled={disabled}
            onChange={setNumber("bufferTimeAfter")}
          >
            {choices(BUFFER_OPTIONS, draft.bufferTimeAfter).map((m) => (
              <option key={m} value={m}>
                {m === 0 ? "No buffer" : `${m} min`}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Minimum notice" htmlFor={id("min-notice")} error={errors.minimumNotice}>
          <Select
            id={id("min-notice")}
            value={draft.minimumNotice}
            disabled={disabled}
            onChange={setNumber("minimumNotice")}
          >
            {choices(MINIMUM_NOTICE_MINUTES, draft.minimumNotice).map((m) => (
              <option key={m} value={m}>
                {m === 0 ? "No notice" : minutesText(m)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Maximum notice" htmlFor={id("max-notice")} error={errors.maximumNotice}>
          <Select
            id={id("max-notice")}
            value={draft.maximumNotice}
            disabled={disabled}
            onChange={setNumber("maximumNotice")}
          >
            {choices(MAXIMUM_NOTICE_OPTIONS_DAYS, draft.maximumNotice).map((d) => (
              <option key={d} value={d}>
                {d} {d === 1 ? "day" : "days"}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <p className="text-[13px] text-slate-500 leading-5">
        Buffers keep time free around each meeting. Invitees can book from the minimum notice up to the
        maximum notice ahead.
      </p>
    </div>
  );
}
