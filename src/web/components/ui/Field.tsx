import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { localizeText } from "../../lib/server-text";
import { Label } from "./Label";

export interface FieldProps {
  label: string;
  htmlFor: string;
  /** Validation message shown under the control (role="alert"). */
  error?: string;
  /** Help text shown under the control when there is no error. */
  hint?: string;
  /** Adds a red asterisk after the label (decorative; mark the control itself aria-required). */
  required?: boolean;
  className?: string;
  children: ReactNode;
}

/** Label + control + error or hint. The error/hint gets id `${htmlFor}-error` / `${htmlFor}-hint`. */
export function Field({ label, htmlFor, error, hint, required, className, children }: FieldProps) {
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <Label htmlFor={htmlFor}>
        {label}
        {required && (
          <span aria-hidden className="ms-0.5 text-red-500">
            *
          </span>
        )}
      </Label>
      {children}
      {error ? (
        <p id={`${htmlFor}-error`} role="alert" className="text-red-600 text-sm leading-5">
          {localizeText(error)}
        </p>
      ) : hint ? (
        <p id={`${htmlFor}-hint`} className="text-slate-500 text-sm leading-5">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
