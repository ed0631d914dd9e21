import type { Location } from "../../../contract/event-types";
import { Field } from "../../components/ui/Field";
import { Input } from "../../components/ui/Input";
import { cn } from "../../lib/cn";
import { t } from "../../lib/i18n";
import { LocationIcon, showsLocationValue } from "./LocationIcon";

export interface LocationPickerProps {
  locations: Location[];
  /** Index of the chosen location. */
  selected: number;
  onSelect: (index: number) => void;
  /** Where to meet, for 'ask_invitee'. */
  value: string;
  onValueChange: (value: string) => void;
  onBlur: () => void;
  error?: string;
  inputId: string;
}

/**
 * Where the meeting happens: a choice when the event type offers several places, and a text answer
 * when the chosen one asks the invitee. Nothing at all for a single fixed place.
 */
export function LocationPicker({
  locations,
  selected,
  onSelect,
  value,
  onValueChange,
  onBlur,
  error,
  inputId,
}: LocationPickerProps) {
  const asks = locations[selected]?.type === "ask_invitee";
  if (locations.length < 2 && !asks) return null;
  return (
    <div className="flex flex-col gap-3">
      {locations.length > 1 && (
        <fieldset>
          <legend className="mb-1.5 font-medium text-slate-800 text-sm">
            {t("location.legend")}
            <span aria-hidden className="ms-0.5 text-red-500">
              *
            </span>
          </legend>
          <div className="grid gap-2">
            {locations.map((l, i) => (
              <label
                key={`${l.type}|${l.value}`}
                className={cn(
                  "flex cursor-pointer items-center gap-3 rounded-lg border px-3.5 py-2.5 text-sm transition-colors",
                  i === selected
                    ? "border-accent bg-accent-soft text-slate-900"
                    : "border-slate-200 text-slate-700 hover:border-slate-300 hover:bg-slate-50",
                )}
              >
                <input
                  type="radio"
                  name="booking-location-type"
                  value={i}
                  checked={i === selected}
                  onChange={() => onSelect(i)}
                  className="size-4 accent-accent"
                />
                <LocationIcon type={l.type} size={16} className="shrink-0 text-slate-500" />
                <span className="min-w-0">
                  {l.type === "ask_invitee" ? t("location.somewhereElse") : l.displayName}
                  {showsLocationValue(l) && (
                    <span className="block truncate text-slate-500 text-xs">{l.value}</span>
                  )}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {asks && (
        <Field label={t("location.where")} required htmlFor={inputId} error={error}>
          <Input
            id={inputId}
            aria-required
            placeholder={t("location.placeholder")}
            value={value}
            invalid={!!error}
            aria-describedby={error ? `${inputId}-error` : undefined}
            onChange={(e) => onValueChange(e.target.value)}
            onBlur={onBlur}
          />
        </Field>
      )}
    </div>
  );
}
