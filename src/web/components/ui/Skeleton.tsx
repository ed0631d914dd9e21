import type { HTMLAttributes } from "react";
import { cn } from "../../lib/cn";

/** Pulsing grey placeholder; size it with className (e.g. "h-4 w-32"). */
export function Skeleton({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden className={cn("animate-pulse rounded-md bg-slate-200/70", className)} {...rest} />;
}
