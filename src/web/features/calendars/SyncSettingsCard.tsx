import type { CalendarSettingsBody, SyncSettings } from "../../../contract/calendar-settings";
import { Card, Label, Switch } from "../../components/ui";

const ROWS: { key: keyof SyncSettings; label: string; hint: string }[] = [
  {
    key: "checkForConflicts",
    label: "Check for conflicts",
    hint: "Busy times in your connected calendars keep those times off your booking page.",
  },
  {
    key: "addBookingsToCalendar",
    label: "Add bookings to my calendar",
    hint: "Each new booking becomes an event, with the invitee as attendee (Google Meet links are always made).",
  },
  {
    key: "removeCancelledBookings",
    label: "Remove cancelled bookings",
    hint: "Cancelling a booking deletes its event from your calendar.",
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
      <h2 className="font-semibold text-base text-slate-900">Calendar sync</h2>
      <p className="mt-1 mb-3 text-slate-500 text-sm">How Kairos works with your connected calendars.</p>
      <ul className="divide-y divide-slate-100">
        {ROWS.map(({ key, label, hint }) => (
          <li key={key} className="flex items-center justify-between gap-4 py-3">
            <div>
              <Label htmlFor={`sync-${key}`} className="cursor-pointer">
                {label}
              </Label>
              <p id={`sync-${key}-hint`} className="text-[13px] text-slate-500">
                {hint}
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
