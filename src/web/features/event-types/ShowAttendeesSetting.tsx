import { type Control, useController } from "react-hook-form";
import { Switch } from "../../components/ui";
import { t } from "../../lib/i18n";
import type { EditFormInput } from "./forms";

/**
 * A group event's "Show attendees to each other" (issue 28 item 2): off, nobody learns who else took a
 * seat; on, each attendee's page and confirmation mail name the others (never their addresses).
 */
export function ShowAttendeesSetting({ control }: { control: Control<EditFormInput> }) {
  const { field } = useController({ control, name: "bookingSettings.showAttendees" });
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border border-slate-200 px-3 py-2.5">
      <div>
        <label htmlFor="edit-show-attendees" className="block font-medium text-slate-800 text-sm">
          {t("eventTypes.attendees.label")}
        </label>
        <p className="text-[13px] text-slate-500">
          {field.value ? t("eventTypes.attendees.on") : t("eventTypes.attendees.off")}
        </p>
      </div>
      <Switch id="edit-show-attendees" checked={field.value ?? false} onCheckedChange={field.onChange} />
    </div>
  );
}
