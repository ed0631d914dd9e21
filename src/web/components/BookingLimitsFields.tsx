import { useEffect, useState } from "react";
import type { BookingLimits, LimitField } from "../../contract/booking-limits";
import type { AppMessageId } from "../lib/app-messages";
import { t } from "../lib/i18n";
import { Field, Input } from "./ui";

const ROWS: { field: LimitField; label: AppMessageId; unit: AppMessageId }[] = [
  { field: "perDay", label: "common.limits.perDay", unit: "common.limits.bookings" },
  { field: "perWeek", label: "common.limits.perWeek", unit: "common.limits.bookings" },
  { field: "perMonth", label: "common.limits.perMonth", unit: "common.limits.bookings" },
  { field: "minutesPerDay", label: "common.limits.minutesPerDay", unit: "common.limits.minutes" },
  { field: "minutesPerWeek", label: "common.limits.minutesPerWeek", unit: "common.limits.minutes" },
];

/**
 * Booking limits (issue 28): at most N bookings per day / week / month and N minutes of meetings per
 * day / week; an empty box is no limit. The event editor (one event type, saved with Save Changes)
 * and Calendar Settings (all of the host's event types, saved when a box is left) share it.
 */
export function BookingLimitsFields({
  idPrefix,
  value,
  onChange,
  errors,
}: {
  idPrefix: string;
  value: BookingLimits;
  /** Called as the host types (the editor) or when a box is left (`commit` true: Calendar Settings). */
  onChange: (next: BookingLimits, commit: boolean) => void;
  errors?: Partial<Record<LimitField, string>>;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {ROWS.map((row) => (
        <LimitBox
          key={row.field}
          id={`${idPrefix}-${row.field}`}
          label={t(row.label)}
          unit={t(row.unit)}
          value={value[row.field] ?? null}
          error={errors?.[row.field]}
          onChange={(n, commit) => onChange({ ...value, [row.field]: n }, commit)}
        />
      ))}
    </div>
  );
}

function LimitBox({
  id,
  label,
  unit,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  unit: string;
  value: number | null;
  error?: string;
  onChange: (n: number | null, commit: boolean) => void;
}) {
  const [text, setText] = useState(value === null ? "" : String(value));
  useEffect(() => setText(value === null ? "" : String(value)), [value]);
  const parse = (s: string) => (s === "" ? null : Number(s));
  return (
    <Field label={label} htmlFor={id} error={error}>
      <div className="flex items-center gap-2">
        <div className="w-28 shrink-0">
          <Input
            id={id}
            inputMode="numeric"
            autoComplete="off"
            placeholder={t("common.limits.none")}
            className="tabular"
            value={text}
            invalid={!!error}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => {
              const digits = e.target.value.replace(/\D+/g, "").slice(0, 5);
              setText(digits);
              onChange(parse(digits), false);
            }}
            onBlur={() => onChange(parse(text), true)}
          />
        </div>
        <span className="whitespace-nowrap text-slate-500 text-sm">{unit}</span>
      </div>
    </Field>
  );
}
