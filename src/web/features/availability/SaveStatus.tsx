import { AlertCircle, CheckCircle2, CircleDot } from "lucide-react";
import { Button, Spinner } from "../../components/ui";
import type { SaveState } from "./useScheduleEditor";

export interface SaveStatusProps {
  state: SaveState;
  /** The server's reason, shown as a hint under the failure. */
  failure?: string | null;
  onRetry: () => void;
  /** Popup mode says "Unsaved changes" instead of promising an auto-save. */
  autoSave: boolean;
}

/** The editor header's live save state: Saving…, All changes saved, or Failed to save availability + Retry. */
export function SaveStatus({ state, failure, onRetry, autoSave }: SaveStatusProps) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-8 items-center gap-2 text-[13px]">
      {state === "saving" && (
        <span className="flex items-center gap-1.5 text-slate-500">
          <Spinner size={14} /> Saving…
        </span>
      )}
      {state === "saved" && autoSave && (
        <span className="flex items-center gap-1.5 text-emerald-700">
          <CheckCircle2 size={15} aria-hidden /> All changes saved
        </span>
      )}
      {state === "pending" && (
        <span className="flex items-center gap-1.5 text-slate-500">
          <CircleDot size={14} aria-hidden /> Unsaved changes
        </span>
      )}
      {state === "invalid" && (
        <span className="flex items-center gap-1.5 text-amber-700">
          <AlertCircle size={15} aria-hidden /> Fix the highlighted times to save
        </span>
      )}
      {state === "error" && (
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-red-600">
          <span className="flex items-center gap-1.5" title={failure ?? undefined}>
            <AlertCircle size={15} aria-hidden /> Failed to save availability
          </span>
          <Button size="sm" variant="outline" className="h-7 px-2.5" onClick={onRetry}>
            Retry
          </Button>
        </span>
      )}
    </div>
  );
}
