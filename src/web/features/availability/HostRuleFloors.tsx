import {
  BUFFER_TIME_OPTIONS,
  type CalendarSettings,
  type CalendarSettingsBody,
  MINIMUM_NOTICE_OPTIONS,
} from "../../../contract/calendar-settings";
import { Field, Select } from "../../components/ui";
import { minutesText } from "./schedule-format";

/**
 * Calendar Settings' buffer and minimum notice (the spec's option lists): the least every event type
 * keeps. An event type may ask for more; the slot engine applies the larger (contract effectiveRules).
 */
export function HostRuleFloors({
  settings,
  onChange,
}: {
  settings: Pick<CalendarSettings, "bufferTime" | "minimumNotice">;
  onChange: (body: CalendarSettingsBody) => void;
}) {
  return (
    <div className="mb-4 grid gap-3 sm:grid-cols-2">
      <Field label="Buffer time" htmlFor="host-buffer" hint="Before and after every meeting">
        <Select
          id="host-buffer"
          value={settings.bufferTime}
          onChange={(e) => onChange({ bufferTime: Number(e.target.value) as CalendarSettings["bufferTime"] })}
        >
          {BUFFER_TIME_OPTIONS.map((m) => (
            <option key={m} value={m}>
              {m === 0 ? "None" : `${m} minutes`}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Minimum notice" htmlFor="host-notice" hint="Before a meeting can be booked">
        <Select
          id="host-notice"
          value={settings.minimumNotice}
          onChange={(e) =>
            onChange({ minimumNotice: Number(e.target.value) as CalendarSettings["minimumNotice"] })
          }
        >
          {MINIMUM_NOTICE_OPTIONS.map((m) => (
            <option key={m} value={m}>
              {minutesText(m)}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}
