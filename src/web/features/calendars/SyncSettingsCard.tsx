import type { CalendarSettingsBody, SyncSettings } from "../../../contract/calendar-settings";
import { Card, Label, Switch } from "../../components/ui";
import type { AppMessageId } from "../../lib/app-messages";
import { t } from "../../lib/i18n";

/** Catalogue ids, read with `t` when rendering (the language can change at run time). */
const ROWS: { key: keyof SyncSettings; label: AppMessageId; hint: AppMessageId }[] = [
  {
    key: "checkForConflicts",
    label: "calendars.syncSettings.conflicts",
    hint: "calendars.syncSettings.conflictsHint",
  },
  {
    key: "addBookingsToCalendar",
    label: "calendars.syncSettings.add",
    hint: "calendars.syncSettings.addHint",
  },
  {
    key: "removeCancelledBookings",
    label: "calendars.syncSettings.remove",
    hint: "calendars.syncSettings.removeHint",
  },
];

/** The sync settings (PUT /calendar-settings/sync) and what each one does. */
export function SyncSettingsCard({
  sync,
  onChange,
}: {
  sync: SyncSettings;
  onChange: (body: CalendarSettingsBody) => void;
}) {
  return (
    <Card className="p-5">
      <h2 className="font-semibold text-base text-slate-900">{t("calendars.syncSettings.title")}</h2>
      <p className="mt-1 mb-3 text-slate-500 text-sm">{t("calendars.syncSettings.text")}</p>
      <ul className="divide-y divide-slate-100">
        {ROWS.map(({ key, label, hint }) => (
          <li key={key} className="flex items-center justify-between gap-4 py-3">
            <div>
              <Label htmlFor={`sync-${key}`} className="cursor-pointer">
                {t(label)}
              </Label>
              <p id={`sync-${key}-hint`} className="text-[13px] text-slate-500">
                {t(hint)}
              </p>
            </div>
            <Switch
              id={`sync-${key}`}
              aria-describedby={`sync-${key}-hint`}
              checked={sync[key]}
              onCheckedChange={(on) => onChange({ sync: { [key]: on } })}
            />
          </li>
        ))}
      </ul>
    </Card>
  );
}
