import { cn } from "../../lib/cn";
import { t } from "../../lib/i18n";

/** 12h / 24h: how the times are written, as on the host's profile unless the invitee switches. */
export function TimeFormatSwitch({
  hour24,
  onChange,
}: {
  hour24: boolean;
  onChange: (hour24: boolean) => void;
}) {
  const option = (value: boolean, text: string) => (
    <button
      type="button"
      aria-pressed={hour24 === value}
      onClick={() => onChange(value)}
      className={cn(
        "h-8 rounded-[6px] px-3 font-medium text-sm transition-colors focus-visible:outline-2 focus-visible:outline-accent",
        hour24 === value ? "bg-white text-slate-900 shadow-xs" : "text-slate-600 hover:text-slate-900",
      )}
    >
      {text}
    </button>
  );
  return (
    <fieldset className="mt-4 flex items-center gap-3">
      <legend className="float-left me-3 font-medium text-slate-700 text-sm">
        {t("booking.timeFormat")}
      </legend>
      <div className="inline-flex rounded-lg bg-slate-100 p-0.5">
        {option(false, t("booking.hour12"))}
        {option(true, t("booking.hour24"))}
      </div>
    </fieldset>
  );
}
