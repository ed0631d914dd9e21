import { ErrorState, Skeleton } from "../../components/ui";
import { t } from "../../lib/i18n";
import { localizeText } from "../../lib/server-text";

/** Placeholder rows shaped like the weekly editor while a schedule loads. */
export function EditorSkeleton() {
  return (
    <div
      role="status"
      aria-label={t("availability.loading")}
      className="grid lg:grid-cols-[minmax(0,1fr)_19rem]"
    >
      <div className="flex flex-col gap-5 p-5">
        <Skeleton className="h-5 w-40" />
        {Array.from({ length: 7 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders.
          <div key={i} className="flex items-center gap-4">
            <Skeleton className="h-6 w-10 rounded-full" />
            <Skeleton className="h-4 w-20" />
            <Skeleton className="h-10 w-28" />
            <Skeleton className="h-10 w-28 max-sm:hidden" />
          </div>
        ))}
      </div>
      <div className="flex flex-col gap-4 border-slate-200 border-t p-5 lg:border-t-0 lg:border-s">
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    </div>
  );
}

/** 'Failed to load availability data' with a retry. */
export function LoadError({
  onRetry,
  title,
  detail,
}: {
  onRetry: () => void;
  title?: string;
  detail?: string;
}) {
  return (
    <ErrorState
      title={title ?? t("availability.loadFailed")}
      description={detail ? localizeText(detail) : t("availability.checkConnection")}
      onRetry={onRetry}
    />
  );
}
