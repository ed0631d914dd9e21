import type { ConfirmationSettings } from "../../../contract/approval";
import { Switch } from "../../components/ui";
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
            Requires confirmation
          </label>
          <p className="text-[13px] text-slate-500">
            {value.required
              ? "Bookings are requests: the time is held until you confirm or decline"
              : "Invitees are booked at once"}
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
            <label htmlFor="edit-confirmation-notice">Only when booked with less than</label>
            <DigitsInput
              id="edit-confirmation-hours"
              aria-label="Hours of notice below which approval is needed"
              wrapperClassName="w-20"
              className="tabular"
              disabled={value.noticeHours === null}
              value={value.noticeHours ?? 24}
              onValueChange={(noticeHours) => set({ noticeHours })}
              invalid={!!errors?.noticeHours}
            />
            <span>hours' notice</span>
          </div>
          {errors?.noticeHours && (
            <p role="alert" className="text-[13px] text-red-600">
              {errors.noticeHours}
            </p>
          )}
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor="edit-confirmation-expiry">Requests expire after</label>
            <DigitsInput
              id="edit-confirmation-expiry"
              wrapperClassName="w-20"
              className="tabular"
              value={value.expiryHours}
              onValueChange={(expiryHours) => set({ expiryHours })}
              invalid={!!errors?.expiryHours}
            />
            <span>hours unanswered</span>
          </div>
          {errors?.expiryHours ? (
            <p role="alert" className="text-[13px] text-red-600">
              {errors.expiryHours}
            </p>
          ) : (
            <p className="text-[13px] text-slate-500">
              Or when the meeting would start, if sooner. The invitee is told either way.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
