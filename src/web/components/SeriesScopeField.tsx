import type { BookingDto } from "../../contract/bookings";
import { t } from "../lib/i18n";

export type CancelScope = "this" | "following";

/**
 * A recurring booking's occurrence (issue 28 item 3), in the host's and the invitee's cancel dialogs:
 * cancel only this one, or this and the following ones. Nothing for a single meeting or the last one.
 */
export function SeriesScopeField({
  booking,
  idPrefix,
  scope,
  onScopeChange,
  disabled,
}: {
  booking: Pick<BookingDto, "series">;
  idPrefix: string;
  scope: CancelScope;
  onScopeChange: (scope: CancelScope) => void;
  disabled?: boolean;
}) {
  const series = booking.series;
  if (!series || series.index >= series.count - 1) return null;
  const choices: [CancelScope, string][] = [
    ["this", t("series.scope.this")],
    ["following", t("series.scope.following")],
  ];
  return (
    <fieldset disabled={disabled} className="mb-4">
      <legend className="mb-2 font-medium text-slate-800 text-sm">
        {t("series.occurrenceOf", { index: series.index + 1, count: series.count })}
      </legend>
      <div className="grid gap-1.5 text-slate-700 text-sm">
        {choices.map(([value, label]) => (
          <label key={value} className="flex cursor-pointer items-center gap-3">
            <input
              type="radio"
              name={`${idPrefix}-scope`}
              value={value}
              checked={scope === value}
              onChange={() => onScopeChange(value)}
              className="size-4 accent-accent"
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
