import type { HTMLAttributes } from "react";
import { cn } from "../../lib/cn";

export type BadgeTone = "green" | "red" | "grey" | "amber" | "blue";

const tones: Record<BadgeTone, string> = {
  green: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
  red: "bg-red-50 text-red-700 ring-red-600/20",
  grey: "bg-slate-100 text-slate-600 ring-slate-500/20",
  amber: "bg-amber-50 text-amber-800 ring-amber-600/25",
  blue: "bg-blue-50 text-blue-700 ring-blue-600/20",
};

const dots: Record<BadgeTone, string> = {
  green: "bg-emerald-500",
  red: "bg-red-500",
  grey: "bg-slate-400",
  amber: "bg-amber-500",
  blue: "bg-blue-500",
};

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
  /** Show a small coloured dot before the text. */
  dot?: boolean;
}

/** Status pill: confirmed green, cancelled red, completed grey, no-show amber. */
export function Badge({ tone = "grey", dot = false, className, children, ...rest }: BadgeProps) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-0.5 font-medium text-xs ring-1 ring-inset",
        tones[tone],
        className,
      )}
      {...rest}
    >
      {dot && <span aria-hidden className={cn("size-1.5 rounded-full", dots[tone])} />}
      {children}
    </span>
  );
}
