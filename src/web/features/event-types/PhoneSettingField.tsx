import { Phone } from "lucide-react";
import type { PhoneFieldMode } from "../../../contract/event-types";
import type { AppMessageId } from "../../lib/app-messages";
import { cn } from "../../lib/cn";
import { t } from "../../lib/i18n";
import { FieldGroup } from "./FieldGroup";

const MODES: { value: PhoneFieldMode; label: AppMessageId; hint: AppMessageId }[] = [
  { value: "required", label: "eventTypes.phone.required", hint: "eventTypes.phone.requiredHint" },
  { value: "optional", label: "eventTypes.phone.optional", hint: "eventTypes.phone.optionalHint" },
  { value: "hidden", label: "eventTypes.phone.hidden", hint: "eventTypes.phone.hiddenHint" },
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
      legend={t("eventTypes.phone.legend")}
      hint={
        phoneCall ? (
          <span className="inline-flex items-start gap-1.5">
            <Phone size={14} aria-hidden className="mt-0.5 shrink-0" />
            {t("eventTypes.phone.callHint")}
          </span>
        ) : (
          t("eventTypes.phone.checkedHint")
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
              {t(m.label)}
            </span>
            <span className="mt-0.5 text-slate-500 text-xs">{t(m.hint)}</span>
          </label>
        ))}
      </div>
    </FieldGroup>
  );
}
