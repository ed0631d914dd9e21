import { DEFAULT_SCHEDULE_NAME } from "../../../contract/availability-constants";
import { Label, Select, Skeleton } from "../../components/ui";
import { t } from "../../lib/i18n";
import { useSchedules } from "../availability/queries";
import { ScheduleSummary } from "../availability/ScheduleSummary";
import { scheduleName } from "../availability/schedule-format";

/**
 * Which availability schedule the event type uses, and what that schedule says.
 * `null` means "whatever the host's default schedule is", so changing the default later carries over.
 */
export function AvailabilityField({
  idPrefix,
  value,
  onChange,
}: {
  idPrefix: string;
  value: string | null;
  onChange: (scheduleId: string | null) => void;
}) {
  const schedules = useSchedules();
  const id = `${idPrefix}-schedule`;
  const list = schedules.data ?? [];
  const defaultSchedule = list.find((s) => s.isDefault);
  const others = list.filter((s) => !s.isDefault);
  // A schedule that was deleted since: show the default rather than a blank select.
  const selected = value && list.some((s) => s._id === value) ? value : "";

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{t("eventTypes.availability.label")}</Label>
      {schedules.isPending ? (
        <Skeleton className="h-10 w-full" />
      ) : list.length > 0 ? (
        <Select id={id} value={selected} onChange={(e) => onChange(e.target.value || null)}>
          <option value="">{defaultLabel(defaultSchedule?.name)}</option>
          {others.map((s) => (
            <option key={s._id} value={s._id}>
              {scheduleName(s.name)}
            </option>
          ))}
        </Select>
      ) : null}
      <ScheduleSummary scheduleId={selected || defaultSchedule?._id || null} />
    </div>
  );
}

/** 'Working hours (default)' already says so; other names get ' (default)'. */
function defaultLabel(name: string | undefined): string {
  if (!name) return t("eventTypes.availability.defaultSchedule");
  if (name === DEFAULT_SCHEDULE_NAME) return scheduleName(name);
  return /default/i.test(name) ? name : t("eventTypes.availability.defaultNamed", { name });
}
