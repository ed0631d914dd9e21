import type { ConfirmationSettings } from "../../../contract/approval";
import { Switch } from "../../components/ui";
import { t } from "../../lib/i18n";
import { localizeText } from "../../lib/server-text";
import { DigitsInput } from "./DigitsInput";

/**
 * Requires confirmation (issue 28): bookings become requests the host confirms or declines from
 * Meetings or the request mail; optionally only short-notice ones; unanswered requests expire.
 */
export function ConfirmationField({
  value,
  onChange,
  errors,
}: {
  value: ConfirmationSettings;
  onChange: (next: ConfirmationSettings) => void;
  errors?: { noticeHours?: string; expiryHours?: string };
}) {
  const set = (patch: Partial<ConfirmationSettings>) => onChange({ ...value, ...patch });
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-slate-200 px-3 py-2.5">
      <div className="flex items-center justify-between gap-4">
        <div>
          <label htmlFor="edit-confirmation" className="block font-medium text-slate-800 text-sm">
            {t("eventTypes.confirm.label")}
          </label>
          <p className="text-[13px] text-slate-500">
            {value.required ? t("eventTypes.confirm.on") : t("eventTypes.confirm.off")}
          </p>
        </div>
        <Switch
          id="edit-confirmation"
          checked={value.required}
          onCheckedChange={(required) => set({ required })}
        />
      </div>
      {value.required && (
        <div className="flex flex-col gap-3 border-slate-100 border-t pt-3 text-slate-700 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <input
              id="edit-confirmation-notice"
              type="checkbox"
              className="accent-accent"
              checked={value.noticeHours !== null}
              onChange={(e) => set({ noticeHours: e.target.checked ? 24 : null })}
            />
            <label htmlFor="edit-confirmation-notice">{t("eventTypes.confirm.onlyBelow")}</label>
            <DigitsInput
              id="edit-confirmation-hours"
              aria-label={t("eventTypes.confirm.noticeHoursLabel")}
              wrapperClassName="w-20"
              className="tabular"
              disabled={value.noticeHours === null}
              value={value.noticeHours ?? 24}
              onValueChange={(noticeHours) => set({ noticeHours })}
              invalid={!!errors?.noticeHours}
            />
            <span>{t("eventTypes.confirm.hoursNotice")}</span>
          </div>
          {errors?.noticeHours && (
            <p role="alert" className="text-[13px] text-red-600">
              {localizeText(errors.noticeHours)}
            </p>
          )}
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor="edit-confirmation-expiry">{t("eventTypes.confirm.expireAfter")}</label>
            <DigitsInput
              id="edit-confirmation-expiry"
              wrapperClassName="w-20"
              className="tabular"
              value={value.expiryHours}
              onValueChange={(expiryHours) => set({ expiryHours })}
              invalid={!!errors?.expiryHours}
            />
            <span>{t("eventTypes.confirm.hoursUnanswered")}</span>
          </div>
          {errors?.expiryHours ? (
            <p role="alert" className="text-[13px] text-red-600">
              {localizeText(errors.expiryHours)}
            </p>
          ) : (
            <p className="text-[13px] text-slate-500">{t("eventTypes.confirm.expiryNote")}</p>
          )}
        </div>
      )}
    </div>
  );
}
