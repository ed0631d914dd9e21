import { ChevronDown } from "lucide-react";
import { useMemo } from "react";
import { Field } from "../../components/ui/Field";
import { Input } from "../../components/ui/Input";
import { cn } from "../../lib/cn";
import { t } from "../../lib/i18n";
import type { PhoneLib } from "./phoneLib";
import { phoneChars } from "./validation";

export interface PhoneFieldProps {
  id: string;
  lib: PhoneLib | undefined;
  value: string;
  /** The country in force (chosen, or the default of the invitee's zone). */
  country: string;
  onChange: (phone: string, country: string) => void;
  onBlur: () => void;
  optional: boolean;
  error?: string;
  describedBy?: string;
}

/**
 * The invitee's phone (issue 14, item 8): a country selector showing its calling code beside the
 * number. A native select, so it works by keyboard, with screen readers and at 390 px; it is laid
 * transparently over a short "DE +49" face, since its own face would show the country's whole name.
 * Typing a number that starts with "+" picks the country from the number.
 */
export function PhoneField({
  id,
  lib,
  value,
  country,
  onChange,
  onBlur,
  optional,
  error,
  describedBy,
}: PhoneFieldProps) {
  const countries = useMemo(() => lib?.phoneCountries() ?? [], [lib]);
  const calling = lib?.isPhoneCountry(country) ? lib.callingCode(country) : "";
  const hintId = `${id}-hint`;

  return (
    <Field
      label={optional ? t("details.phoneOptional") : t("details.phone")}
      required={!optional}
      htmlFor={id}
      error={error}
      hint={t("details.phoneHint")}
    >
      <div className="flex gap-2">
        <div
          className={cn(
            "relative flex h-10 w-28 shrink-0 items-center justify-between gap-1 rounded-lg border bg-white px-3 text-slate-900 text-sm shadow-xs",
            "border-slate-300 focus-within:border-accent focus-within:ring-3 focus-within:ring-accent/20 hover:border-slate-400",
          )}
        >
          <span aria-hidden className="truncate tabular-nums">
            {country} {calling}
          </span>
          <ChevronDown size={16} aria-hidden className="shrink-0 text-slate-500" />
          <select
            id={`${id}-country`}
            aria-label={t("details.countryCode")}
            value={country}
            onChange={(e) => onChange(value, e.target.value)}
            className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
          >
            {countries.length === 0 && <option value={country}>{country}</option>}
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name} ({c.callingCode})
              </option>
            ))}
          </select>
        </div>
        <Input
          id={id}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          aria-required={!optional}
          maxLength={40}
          value={value}
          invalid={!!error}
          aria-describedby={describedBy ?? hintId}
          // Letters are dropped as they are typed or pasted; "+" numbers say their own country.
          onChange={(e) => {
            const phone = phoneChars(e.target.value);
            onChange(
              phone,
              lib?.countryOfTyped(phone, lib.isPhoneCountry(country) ? country : undefined) ?? country,
            );
          }}
          onBlur={onBlur}
          className="min-w-0 flex-1"
        />
      </div>
    </Field>
  );
}
