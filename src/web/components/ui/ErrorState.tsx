import { AlertTriangle } from "lucide-react";
import type { ReactNode } from "react";
import { errorMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import { t } from "../../lib/i18n";
import { Button } from "./Button";
import { EmptyState } from "./EmptyState";

/** A query as ErrorState needs it (TanStack Query's result fits). */
export interface RetryableQuery {
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface ErrorStateProps {
  /** "Failed to load …": what could not be shown. */
  title: string;
  /** The reason; defaults to the query's error message. */
  description?: ReactNode;
  /** The query to retry (its error, its refetch, its fetching state)… */
  query?: RetryableQuery;
  /** …or a retry of one's own. */
  onRetry?: () => void;
  /** "block" fills a page or card; "inline" is one line inside a panel or dialog. */
  variant?: "block" | "inline";
  className?: string;
}

/**
 * The one error state of a list or panel that failed to load: what failed, why, and Try again. Every
 * screen uses it (issue 24: one way), so a failed load looks and reads the same everywhere and screen
 * readers hear it (role="alert").
 */
export function ErrorState({
  title,
  description,
  query,
  onRetry,
  variant = "block",
  className,
}: ErrorStateProps) {
  const retry = onRetry ?? (query ? () => void query.refetch() : undefined);
  const reason = description ?? (query ? errorMessage(query.error, t("common.pleaseTryAgain")) : undefined);
  const button = retry && (
    <Button
      variant="outline"
      size={variant === "inline" ? "sm" : undefined}
      loading={query?.isFetching}
      onClick={retry}
    >
      {t("common.tryAgain")}
    </Button>
  );
  if (variant === "inline") {
    return (
      <div role="alert" className={cn("flex flex-wrap items-center gap-3 text-sm", className)}>
        <AlertTriangle size={18} aria-hidden className="shrink-0 text-amber-500" />
        <span className="text-slate-700">{title}</span>
        {button}
      </div>
    );
  }
  return (
    <div role="alert">
      <EmptyState
        icon={AlertTriangle}
        title={title}
        description={reason}
        action={button}
        className={className}
      />
    </div>
  );
}
