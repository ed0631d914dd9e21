import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

/** A labelled group of controls (fieldset + legend) with the error or hint under it, like Field. */
export function FieldGroup({
  legend,
  error,
  errorId,
  hint,
  className,
  children,
}: {
  legend: ReactNode;
  error?: string;
  /** id of the error paragraph, for aria-describedby on the controls inside. */
  errorId?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className={cn("flex min-w-0 flex-col gap-2", className)}>
      <legend className="mb-2 block font-medium text-slate-800 text-sm">{legend}</legend>
      {children}
      {error ? (
        <p id={errorId} role="alert" className="text-[13px] text-red-600 leading-5">
          {error}
        </p>
      ) : hint ? (
        <p className="text-[13px] text-slate-500 leading-5">{hint}</p>
      ) : null}
    </fieldset>
  );
}

/** A titled block of the edit drawer, separated from the next by a hairline. */
export function DrawerSection({
  title,
  children,
  className,
}: {
  title?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      className={cn(
        "flex flex-col gap-5 border-slate-100 border-t pt-5 first:border-t-0 first:pt-0",
        className,
      )}
    >
      {title && <h3 className="font-semibold text-slate-500 text-xs uppercase tracking-wide">{title}</h3>}
      {children}
    </section>
  );
}

/** Keeps only the digits of what was typed or pasted (spec 5: notice and days-ahead amounts). */
export function digitsOnly(text: string): string {
  return text.replace(/\D+/g, "");
}
