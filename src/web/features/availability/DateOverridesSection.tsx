import { CalendarX2, Pencil, Plus, Trash2 } from "lucide-react";
import { Button, ConfirmDialog, formatLongDate } from "../../components/ui";
import { cn } from "../../lib/cn";
import { t } from "../../lib/i18n";
import { type DraftOverride, type FieldErrors, hasErrorsUnder } from "./draft";
import { shortDate, slotText } from "./schedule-format";

export interface DateOverridesSectionProps {
  overrides: DraftOverride[];
  errors: FieldErrors;
  today: string;
  onAdd: () => void;
  onEdit: (override: DraftOverride) => void;
  /** Asks to remove; the owner confirms with ConfirmDialog via `removing`. */
  onRemove: (date: string) => void;
  removing: string | null;
  onRemovingChange: (date: string | null) => void;
  disabled?: boolean;
}

/** Date overrides listed by date, with add, edit and remove. */
export function DateOverridesSection({
  overrides,
  errors,
  today,
  onAdd,
  onEdit,
  onRemove,
  removing,
  onRemovingChange,
  disabled,
}: DateOverridesSectionProps) {
  return (
    <section aria-labelledby="overrides-heading">
      <div className="mb-1 flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
        <h3 id="overrides-heading" className="font-semibold text-slate-900 text-sm">
          {t("availability.overrides.title")}
        </h3>
        <Button variant="ghost" size="sm" onClick={onAdd} disabled={disabled} className="-me-2">
          <Plus size={16} aria-hidden /> {t("availability.override.add")}
        </Button>
      </div>
      <p className="mb-3 text-[13px] text-slate-500">{t("availability.overrides.hint")}</p>
      {overrides.length === 0 ? (
        <div className="flex items-center gap-3 rounded-lg border border-slate-300 border-dashed px-3 py-4 text-slate-500 text-sm">
          <CalendarX2 size={18} aria-hidden className="shrink-0 text-slate-500" />
          {t("availability.overrides.none")}
        </div>
      ) : (
        <ul className="flex flex-col gap-2">
          {overrides.map((o, i) => {
            const past = o.date < today;
            const invalid = hasErrorsUnder(errors, `dateOverrides.${i}`);
            return (
              <li
                key={o.date}
                className={cn(
                  "flex items-start gap-2 rounded-lg border px-3 py-2.5",
                  invalid ? "border-red-300 bg-red-50/50" : "border-slate-200",
                  past && "opacity-60",
                )}
              >
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900 text-sm">
                    {shortDate(o.date)}
                    {past && (
                      <span className="ms-1.5 font-normal text-slate-500">
                        {t("availability.overrides.past")}
                      </span>
                    )}
                  </p>
                  <p className="tabular mt-0.5 text-[13px] text-slate-600">
                    {o.isAvailable
                      ? o.timeSlots.map((s) => slotText(s)).join(", ")
                      : t("availability.unavailable")}
                  </p>
                  {o.reason && <p className="mt-0.5 truncate text-[13px] text-slate-500">{o.reason}</p>}
                  {invalid && (
                    <p id={`override-${o.date}-error`} className="mt-1 text-[13px] text-red-600">
                      {t("availability.overrides.check")}
                    </p>
                  )}
                </div>
                <button
                  type="button"
                  onClick={() => onEdit(o)}
                  disabled={disabled}
                  aria-label={t("availability.overrides.editLabel", { date: formatLongDate(o.date) })}
                  // A failed save goes to the override to fix through its Edit button.
                  data-error-target={invalid || undefined}
                  aria-describedby={invalid ? `override-${o.date}-error` : undefined}
                  className="flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900"
                >
                  <Pencil size={15} aria-hidden />
                </button>
                <button
                  type="button"
                  onClick={() => onRemovingChange(o.date)}
                  disabled={disabled}
                  aria-label={t("availability.overrides.removeLabel", { date: formatLongDate(o.date) })}
                  className="flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-red-50 hover:text-red-600"
                >
                  <Trash2 size={15} aria-hidden />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && onRemovingChange(null)}
        title={t("availability.overrides.removeTitle")}
        description={
          removing ? t("availability.overrides.removeText", { date: formatLongDate(removing) }) : undefined
        }
        confirmLabel={t("availability.confirmDelete")}
        onConfirm={() => {
          if (removing) onRemove(removing);
          onRemovingChange(null);
        }}
      />
    </section>
  );
}
