import { Phone } from "lucide-react";
import type { PhoneFieldMode } from "../../../contract/event-types";
import { cn } from "../../lib/cn";
import { FieldGroup } from "./FieldGroup";

const MODES: { value: PhoneFieldMode; label: string; hint: string }[] = [
  { value: "required", label: "Required", hint: "Invitees must give it" },
  { value: "optional", label: "Optional", hint: "Invitees may skip it" },
  { value: "hidden", label: "Hidden", hint: "Not asked for" },
];

/**
 * phoneField (issue 14, item 8): whether the booking form asks for the invitee's phone number. A
 * phone-call location always asks for it, whatever is chosen here; the drawer says so.
 */
export function PhoneSettingField({
  value,
  onChange,
  phoneCall,
}: {
  value: PhoneFieldMode;
  onChange: (mode: PhoneFieldMode) => void;
  /** A location of this event type is a phone call. */
  phoneCall: boolean;
}) {
  return (
    <FieldGroup
      legend="Invitee's phone number"
      hint={
        phoneCall ? (
          <span className="inline-flex items-start gap-1.5">
            <Phone size={14} aria-hidden className="mt-0.5 shrink-0" />A phone call always asks for the
            invitee's number, whatever you choose here.
          </span>
        ) : (
          "Numbers are checked for the invitee's country and shown to you with their country code."
        )
      }
    >
      <div className="grid grid-cols-3 gap-2">
        {MODES.map((m) => (
          <label
            key={m.value}
            className={cn(
              "flex cursor-pointer flex-col rounded-lg border px-3 py-2 text-sm transition-colors has-focus-visible:ring-3 has-focus-visible:ring-accent/30",
              value === m.value
                ? "border-accent bg-accent-soft/60"
                : "border-slate-200 hover:border-slate-300",
            )}
          >
            <span className="flex items-center gap-2 font-medium text-slate-900">
              <input
                type="radio"
                name="phone-field"
                value={m.value}
                checked={value === m.value}
                onChange={() => onChange(m.value)}
                className="accent-accent"
              />
              {m.label}
            </span>
            <span className="mt-0.5 text-slate-500 text-xs">{m.hint}</span>
          </label>
        ))}
      </div>
    </FieldGroup>
  );
}
