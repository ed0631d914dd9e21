import { useEffect, useState } from "react";
import { DURATION_PRESETS } from "../../../contract/event-type-constants";
import { Input } from "../../components/ui";
import { cn } from "../../lib/cn";
import { t } from "../../lib/i18n";
import { digitsOnly, FieldGroup } from "./FieldGroup";

/** Spec 5: a custom duration that is not a number falls back to 30 minutes. */
export const DURATION_FALLBACK = 30;

/** Preset chips (15..120) plus a custom minutes input; the range is checked by the form's schema. */
export function DurationField({
  id,
  value,
  onChange,
  onBlur,
  error,
  inputRef,
}: {
  id: string;
  /** react-hook-form's ref, so a failed submit can focus the custom minutes. */
  inputRef?: React.Ref<HTMLInputElement>;
  value: number;
  onChange: (minutes: number) => void;
  onBlur?: () => void;
  error?: string;
}) {
  const [text, setText] = useState(String(value));
  // Follow changes made from outside (a preset chip, a form reset).
  useEffect(() => {
    setText((current) => (Number(current) === value ? current : String(value)));
  }, [value]);

  const isPreset = (DURATION_PRESETS as readonly number[]).includes(value);
  const errorId = `${id}-error`;

  return (
    <FieldGroup
      legend={t("eventTypes.duration.legend")}
      error={error}
      errorId={errorId}
      hint={t("eventTypes.duration.hint")}
    >
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-6">
        {DURATION_PRESETS.map((minutes) => (
          <button
            key={minutes}
            type="button"
            aria-pressed={value === minutes}
            onClick={() => onChange(minutes)}
            className={cn(
              "h-9 whitespace-nowrap rounded-md border px-1 font-medium text-sm tabular transition-colors",
              value === minutes
                ? "border-accent bg-accent-soft text-blue-700"
                : "border-slate-300 bg-white text-slate-700 hover:border-slate-400 hover:bg-slate-50",
            )}
          >
            {t("eventTypes.minutesShort", { count: minutes })}
          </button>
        ))}
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="text-slate-600 text-sm">
          {t("eventTypes.duration.custom")}
        </label>
        <div className="w-24">
          <Input
            id={id}
            ref={inputRef}
            inputMode="numeric"
            autoComplete="off"
            value={text}
            invalid={!!error}
            aria-describedby={error ? errorId : undefined}
            className={cn("tabular", !isPreset && !error && "border-accent")}
            onChange={(e) => {
              const digits = digitsOnly(e.target.value);
              setText(digits);
              if (digits) onChange(Number(digits));
            }}
            onBlur={() => {
              if (!text) {
                setText(String(DURATION_FALLBACK));
                onChange(DURATION_FALLBACK);
              }
              onBlur?.();
            }}
          />
        </div>
        <span className="text-slate-500 text-sm">{t("eventTypes.unit.minutes")}</span>
      </div>
    </FieldGroup>
  );
}
