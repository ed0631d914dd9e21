import { forwardRef, type HTMLAttributes } from "react";
import { cn } from "../../lib/cn";

/** White surface, hairline border, 8px radius. Padding is up to the caller. */
export const Card = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function Card(
  { className, ...rest },
  ref,
) {
  return <div ref={ref} className={cn("rounded-lg border border-slate-200 bg-white", className)} {...rest} />;
});
