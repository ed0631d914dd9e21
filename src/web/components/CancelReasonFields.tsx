import { CANCEL_REASONS } from "../../contract/booking-constants";
import { cn } from "../lib/cn";
import { t } from "../lib/i18n";
import { Label } from "./ui/Label";
import { Textarea } from "./ui/Textarea";

/**
 * The reason radios and an optional note, shared by the host's and the invitee's cancel dialogs: the
 * invitee's reasons are the spec's (section 5, word for word), the host passes its own. Imports ui files
 * directly: the public booking app must stay small.
 */
export function CancelReasonFields<R extends string>({
  reasons = CANCEL_REASONS as unknown as readonly R[],
  idPrefix,
  legend,
  noteLabel,
  notePlaceholder,
  reason,
  onReasonChange,
  note,
  onNoteChange,
  disabled,
  reasonLabel = (r) => r,
}: {
  reasons?: readonly R[];
  /** How a reason reads (the invitee's page: in their language); the value sent stays the reason. */
  reasonLabel?: (reason: R) => string;
  idPrefix: string;
  legend: string;
  noteLabel: string;
  notePlaceholder?: string;
  reason: R | null;
  onReasonChange: (reason: R) => void;
  note: string;
  onNoteChange: (note: string) => void;
  disabled?: boolean;
}) {
  return (
    <>
      <fieldset disabled={disabled}>
        <legend className="mb-2 font-medium text-slate-800 text-sm">{legend}</legend>
        <div className="grid gap-2">
          {reasons.map((r) => (
            <label
              key={r}
              className={cn(
                "flex cursor-pointer items-center gap-3 rounded-lg border px-3.5 py-2.5 text-sm transition-colors",
                reason === r
                  ? "border-accent bg-accent-soft text-slate-900"
                  : "border-slate-200 text-slate-700 hover:border-slate-300 hover:bg-slate-50",
              )}
            >
              <input
                type="radio"
                name={`${idPrefix}-reason`}
                value={r}
                checked={reason === r}
                onChange={() => onReasonChange(r)}
                className="size-4 accent-accent"
              />
              {reasonLabel(r)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-4 flex flex-col gap-1.5">
        <Label htmlFor={`${idPrefix}-note`}>
          {noteLabel} <span className="font-normal text-slate-500">{t("common.optional")}</span>
        </Label>
        <Textarea
          id={`${idPrefix}-note`}
          rows={3}
          maxLength={1000}
          value={note}
          disabled={disabled}
          placeholder={notePlaceholder}
          onChange={(e) => onNoteChange(e.target.value)}
        />
      </div>
    </>
  );
}
