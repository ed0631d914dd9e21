import { useState } from "react";
import { type Control, Controller, type FieldErrors, useController, useWatch } from "react-hook-form";
import { BUFFER_CHOICES } from "../../../contract/event-types";
import { DateRangePicker, Select } from "../../components/ui";
import { cn } from "../../lib/cn";
import { t } from "../../lib/i18n";
import { DigitsField } from "./DigitsInput";
import { FieldGroup } from "./FieldGroup";
import type { EditFormInput } from "./forms";
import { DAYS_AHEAD_PRESETS, FloorNote, NOTICE_PRESET_HOURS, Presets } from "./RulePresets";

const MODES = [
  { value: "rolling", label: "eventTypes.window.rolling", hint: "eventTypes.window.rollingHint" },
  { value: "within", label: "eventTypes.window.within", hint: "eventTypes.window.withinHint" },
  { value: "indefinite", label: "eventTypes.window.indefinite", hint: "eventTypes.window.indefiniteHint" },
] as const;

/** bookingSettings: how far ahead invitees can book, and how much notice the host needs. */
export function BookingWindowField({
  control,
  errors,
  onModeChange,
}: {
  control: Control<EditFormInput>;
  errors: FieldErrors<EditFormInput>;
  /** Spec 4: choosing 'within a date range' clears the start and end dates. */
  onModeChange: (mode: (typeof MODES)[number]["value"]) => void;
}) {
  const mode = useWatch({ control, name: "bookingSettings.mode" }) ?? "rolling";
  const settings = useWatch({ control, name: "bookingSettings" });
  const days = useController({ control, name: "bookingSettings.daysAhead" }).field;
  const dayUnit = useController({ control, name: "bookingSettings.unit" }).field;
  const lead = useController({ control, name: "bookingSettings.leadHours" }).field;
  const leadUnit = useController({ control, name: "bookingSettings.noticeUnit" }).field;
  const rules = {
    leadHours: Number(settings?.leadHours) || 0,
    noticeUnit: settings?.noticeUnit ?? "hours",
    bufferBefore: settings?.bufferBefore ?? 0,
    bufferAfter: settings?.bufferAfter ?? 0,
  };
  const e = errors.bookingSettings;
  return (
    <>
      <FieldGroup
        legend={t("eventTypes.window.legend")}
        error={e?.daysAhead?.message}
        errorId="edit-days-ahead-error"
      >
        <div className="grid gap-2 sm:grid-cols-3">
          {MODES.map((m) => (
            <label
              key={m.value}
              className={cn(
                "flex cursor-pointer flex-col rounded-lg border px-3 py-2 text-sm transition-colors has-focus-visible:ring-3 has-focus-visible:ring-accent/30",
                mode === m.value
                  ? "border-accent bg-accent-soft/60"
                  : "border-slate-200 hover:border-slate-300",
              )}
            >
              <span className="flex items-center gap-2 font-medium text-slate-900">
                <input
                  type="radio"
                  name="booking-window-mode"
                  value={m.value}
                  checked={mode === m.value}
                  onChange={() => onModeChange(m.value)}
                  className="accent-accent"
                />
                {t(m.label)}
              </span>
              <span className="mt-0.5 text-slate-500 text-xs">{t(m.hint)}</span>
            </label>
          ))}
        </div>
        {mode === "rolling" && (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <label htmlFor="edit-days-ahead" className="sr-only">
              {t("eventTypes.window.daysAhead")}
            </label>
            <DigitsField
              control={control}
              name="bookingSettings.daysAhead"
              id="edit-days-ahead"
              wrapperClassName="w-20"
              errorId={e?.daysAhead ? "edit-days-ahead-error" : undefined}
            />
            <label htmlFor="edit-days-unit" className="sr-only">
              {t("eventTypes.window.dayKind")}
            </label>
            <Controller
              control={control}
              name="bookingSettings.unit"
              render={({ field }) => (
                <Select id="edit-days-unit" wrapperClassName="w-40" {...field}>
                  <option value="days">{t("eventTypes.window.calendarDays")}</option>
                  <option value="weekdays">{t("eventTypes.window.weekdays")}</option>
                </Select>
              )}
            />
            <span className="text-slate-600">{t("eventTypes.window.intoFuture")}</span>
            <Presets
              label={t("eventTypes.window.commonWindows")}
              values={DAYS_AHEAD_PRESETS}
              current={dayUnit.value === "days" ? Number(days.value) : null}
              text={(n) => t("eventTypes.window.nDays", { count: n })}
              onPick={(n) => {
                days.onChange(n);
                dayUnit.onChange("days");
              }}
            />
          </div>
        )}
        {mode === "within" && <DateRange control={control} errors={errors} />}
      </FieldGroup>
      <FieldGroup
        legend={t("eventTypes.notice.legend")}
        error={e?.leadHours?.message}
        errorId="edit-notice-error"
        hint={t("eventTypes.notice.hint")}
      >
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor="edit-notice" className="sr-only">
            {t("eventTypes.notice.amount")}
          </label>
          <DigitsField
            control={control}
            name="bookingSettings.leadHours"
            id="edit-notice"
            wrapperClassName="w-20"
            errorId={e?.leadHours ? "edit-notice-error" : undefined}
          />
          <label htmlFor="edit-notice-unit" className="sr-only">
            {t("eventTypes.notice.unit")}
          </label>
          <Controller
            control={control}
            name="bookingSettings.noticeUnit"
            render={({ field }) => (
              <Select id="edit-notice-unit" wrapperClassName="w-32" {...field}>
                <option value="minutes">{t("eventTypes.unit.minutes")}</option>
                <option value="hours">{t("eventTypes.unit.hours")}</option>
                <option value="days">{t("eventTypes.unit.days")}</option>
              </Select>
            )}
          />
          <Presets
            label={t("eventTypes.notice.common")}
            values={NOTICE_PRESET_HOURS}
            current={leadUnit.value === "hours" ? Number(lead.value) : null}
            text={(n) => t("eventTypes.notice.nHours", { count: n })}
            onPick={(n) => {
              lead.onChange(n);
              leadUnit.onChange("hours");
            }}
          />
        </div>
        <FloorNote rule="notice" settings={rules} />
      </FieldGroup>
      <FieldGroup legend={t("eventTypes.buffer.legend")} hint={t("eventTypes.buffer.hint")}>
        <div className="grid grid-cols-2 gap-2 sm:w-80">
          {(["bufferBefore", "bufferAfter"] as const).map((name) => (
            <div key={name} className="flex flex-col gap-1">
              <label htmlFor={`edit-${name}`} className="text-slate-600 text-sm">
                {name === "bufferBefore" ? t("eventTypes.buffer.before") : t("eventTypes.buffer.after")}
              </label>
              <Controller
                control={control}
                name={`bookingSettings.${name}`}
                render={({ field }) => (
                  <Select
                    id={`edit-${name}`}
                    ref={field.ref}
                    value={field.value ?? 0}
                    onChange={(ev) => field.onChange(Number(ev.target.value))}
                    onBlur={field.onBlur}
                  >
                    {bufferChoices(field.value ?? 0).map((m) => (
                      <option key={m} value={m}>
                        {m === 0 ? t("eventTypes.buffer.none") : t("eventTypes.minutesShort", { count: m })}
                      </option>
                    ))}
                  </Select>
                )}
              />
            </div>
          ))}
        </div>
        <FloorNote rule="buffer" settings={rules} />
      </FieldGroup>
    </>
  );
}

/** The drawer's choices plus a stored value that is another one, so the select never lies. */
function bufferChoices(current: number): number[] {
  const list: number[] = [...BUFFER_CHOICES];
  return list.includes(current) ? list : [...list, current].sort((a, b) => a - b);
}

/** Today in the browser, 'YYYY-MM-DD': where the picker opens, and the first day it offers. */
const browserToday = () => new Intl.DateTimeFormat("en-CA").format(new Date());

/** 'Within a date range': the spec's one date range picker over withinStart and withinEnd. */
function DateRange({
  control,
  errors,
}: {
  control: Control<EditFormInput>;
  errors: FieldErrors<EditFormInput>;
}) {
  const start = useController({ control, name: "bookingSettings.withinStart" });
  const end = useController({ control, name: "bookingSettings.withinEnd" });
  const e = errors.bookingSettings;
  const error = e?.withinStart?.message ?? e?.withinEnd?.message;
  const today = browserToday();
  // react-hook-form shows a field set to undefined with its default (the saved dates) again; after a
  // Clear the picker shows nothing, as the form now holds.
  const [cleared, setCleared] = useState(false);
  return (
    <div className="flex flex-col gap-1.5 sm:max-w-sm">
      <label htmlFor="edit-within" className="text-slate-600 text-sm">
        {t("eventTypes.window.bookableDates")}
      </label>
      <DateRangePicker
        id="edit-within"
        value={cleared ? {} : { start: start.field.value, end: end.field.value }}
        onChange={(range) => {
          setCleared(!range.start);
          start.field.onChange(range.start);
          end.field.onChange(range.end);
        }}
        today={today}
        isEnabled={(d) => d >= today}
        invalid={!!error}
        aria-describedby={error ? "edit-within-error" : undefined}
      />
      {error && (
        <p id="edit-within-error" role="alert" className="text-[13px] text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
