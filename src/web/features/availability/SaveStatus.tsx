import { AlertCircle, CheckCircle2, CircleDot } from "lucide-react";
import { Button, Spinner } from "../../components/ui";
import { t } from "../../lib/i18n";
import type { SaveState } from "./useScheduleEditor";

export interface SaveStatusProps {
  state: SaveState;
  /** The server's reason, shown under the failure. */
  failure?: string | null;
  onRetry: () => void;
  /** Scrolls to and focuses the first field with an error. */
  onShowError: () => void;
  /** Auto-save (the Availability screen): a waiting change reads "Saving…"; the popup says "Unsaved changes". */
  autoSave: boolean;
}

/**
 * The editor's live save state: Saving…, All changes saved, Unsaved changes (popup), the fields to fix
 * (with a button that goes to the first), or Failed to save availability with the reason and Retry.
 */
export function SaveStatus({ state, failure, onRetry, onShowError, autoSave }: SaveStatusProps) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-8 items-center gap-2 text-[13px]">
      {(state === "saving" || (state === "pending" && autoSave)) && (
        <span className="flex items-center gap-1.5 text-slate-500">
          <Spinner size={14} /> {t("availability.status.saving")}
        </span>
      )}
      {state === "saved" && autoSave && (
        <span className="flex items-center gap-1.5 text-emerald-700">
          <CheckCircle2 size={15} aria-hidden /> {t("availability.status.saved")}
        </span>
      )}
      {state === "pending" && !autoSave && (
        <span className="flex items-center gap-1.5 text-slate-500">
          <CircleDot size={14} aria-hidden /> {t("availability.status.unsaved")}
        </span>
      )}
      {state === "invalid" && (
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-amber-700">
          <span className="flex items-center gap-1.5">
            <AlertCircle size={15} aria-hidden />{" "}
            {autoSave ? t("availability.status.notSavedFix") : t("availability.status.fix")}
          </span>
          <Button size="sm" variant="outline" className="h-7 px-2.5" onClick={onShowError}>
            {t("availability.status.show")}
          </Button>
        </span>
      )}
      {state === "error" && (
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-red-600">
          <span className="flex items-center gap-1.5">
            <AlertCircle size={15} aria-hidden /> {t("availability.saveFailed")}
          </span>
          <Button size="sm" variant="outline" className="h-7 px-2.5" onClick={onRetry}>
            {t("availability.retry")}
          </Button>
          {failure && <span className="basis-full text-slate-600">{failure}</span>}
        </span>
      )}
    </div>
  );
}
