import { cn } from "../../lib/cn";
import { Skeleton } from "./Skeleton";

export interface LoadingStateProps {
  /** What is loading, for screen readers ("Loading sessions"). */
  label: string;
  /** How many placeholder rows, shaped like the rows to come. */
  rows?: number;
  /** Each row's size ("h-14", "h-10"). */
  rowClassName?: string;
  /** The rows' layout: a column by default; pass a grid for tiles. */
  className?: string;
}

/**
 * The one loading state of a list or panel: placeholder rows shaped like what is coming, announced once
 * as a status (issue 24: one way, beside ErrorState and EmptyState).
 */
export function LoadingState({ label, rows = 2, rowClassName = "h-14", className }: LoadingStateProps) {
  return (
    <div role="status" aria-label={label} aria-busy className={cn("flex flex-col gap-3", className)}>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity beyond their position.
        <Skeleton key={i} className={rowClassName} />
      ))}
    </div>
  );
}
