import { useEffect, useState } from "react";
import type { BookingLimits, LimitField } from "../../contract/booking-limits";
import { Field, Input } from "./ui";

const ROWS: { field: LimitField; label: string; unit: string }[] = [
  { field: "perDay", label: "Bookings per day", unit: "bookings" },
  { field: "perWeek", label: "Bookings per week", unit: "bookings" },
  { field: "perMonth", label: "Bookings per month", unit: "bookings" },
  { field: "minutesPerDay", label: "Meeting minutes per day", unit: "minutes" },
  { field: "minutesPerWeek", label: "Meeting minutes per week", unit: "minutes" },
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
          label={row.label}
          unit={row.unit}
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
  const parse = (t: string) => (t === "" ? null : Number(t));
  return (
    <Field label={label} htmlFor={id} error={error}>
      <div className="flex items-center gap-2">
        <div className="w-28 shrink-0">
          <Input
            id={id}
            inputMode="numeric"
            autoComplete="off"
            placeholder="No limit"
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
