import {
  BUFFER_TIME_OPTIONS,
  type CalendarSettings,
  type CalendarSettingsBody,
  MINIMUM_NOTICE_OPTIONS,
} from "../../../contract/calendar-settings";
import { Field, Select } from "../../components/ui";
import { t } from "../../lib/i18n";
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
      <Field
        label={t("availability.floors.buffer")}
        htmlFor="host-buffer"
        hint={t("availability.floors.bufferHint")}
      >
        <Select
          id="host-buffer"
          value={settings.bufferTime}
          onChange={(e) => onChange({ bufferTime: Number(e.target.value) as CalendarSettings["bufferTime"] })}
        >
          {BUFFER_TIME_OPTIONS.map((m) => (
            <option key={m} value={m}>
              {m === 0 ? t("availability.format.none") : t("availability.floors.minutes", { count: m })}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        label={t("availability.floors.notice")}
        htmlFor="host-notice"
        hint={t("availability.floors.noticeHint")}
      >
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
