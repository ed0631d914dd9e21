import { cn } from "../../lib/cn";
import { t } from "../../lib/i18n";

export interface SpinnerProps {
  /** Diameter in px (default 16). */
  size?: number;
  className?: string;
  /** Accessible label; when omitted the spinner is decorative. */
  label?: string;
}

/** A small circular spinner that inherits the current text colour. */
export function Spinner({ size = 16, className, label }: SpinnerProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      className={cn("shrink-0 animate-spin", className)}
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
      <path d="M21.5 12a9.5 9.5 0 0 0-9.5-9.5" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** Centered spinner with 'Loading...' filling the viewport (auth bootstrap, lazy routes). */
export function FullPageSpinner() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-dvh flex-col items-center justify-center gap-3 bg-app"
    >
      <Spinner size={28} className="text-accent-strong" />
      <span className="font-medium text-slate-500 text-sm">{t("common.loading")}</span>
    </div>
  );
}
