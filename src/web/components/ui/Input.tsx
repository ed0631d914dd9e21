import { forwardRef, type InputHTMLAttributes } from "react";
import { cn } from "../../lib/cn";

/** Shared look of text-like controls (input, select, textarea). */
export function controlClasses(invalid?: boolean) {
  return cn(
    "w-full rounded-lg border bg-white px-3 text-sm text-slate-900 shadow-xs transition-colors",
    "placeholder:text-slate-400 focus:outline-none focus-visible:outline-none focus:ring-3",
    "disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500",
    invalid
      ? "border-red-500 focus:border-red-500 focus:ring-red-500/20"
      : "border-slate-300 hover:border-slate-400 focus:border-accent focus:ring-accent/20",
  );
}

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  /** Red border and aria-invalid. */
  invalid?: boolean;
}

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  { invalid, className, type = "text", ...rest },
  ref,
) {
  return (
    <input
      ref={ref}
      type={type}
      aria-invalid={invalid || rest["aria-invalid"] || undefined}
      className={cn(controlClasses(invalid), "h-10", className)}
      {...rest}
    />
  );
});
