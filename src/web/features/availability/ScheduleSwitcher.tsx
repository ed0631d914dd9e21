import { Globe, MoreHorizontal, Pencil, Plus, Star, Trash2 } from "lucide-react";
import type { AvailabilitySchedule } from "../../../contract/availability";
import { Badge, Menu, MenuItem, MenuSeparator } from "../../components/ui";
import { cn } from "../../lib/cn";
import { t } from "../../lib/i18n";
import { scheduleName, summarizeWeek } from "./schedule-format";
import { timeZoneName } from "./timezones";

export interface ScheduleSwitcherProps {
  schedules: AvailabilitySchedule[];
  selectedId: string;
  onSelect: (id: string) => void;
  onCreate: () => void;
  onRename: (schedule: AvailabilitySchedule) => void;
  onSetDefault: (schedule: AvailabilitySchedule) => void;
  onDelete: (schedule: AvailabilitySchedule) => void;
}

/**
 * The host's schedules as cards, plus 'New schedule': stacked on a phone (a sideways row there cut the
 * last card off, 'New schedule' out of sight), a row that scrolls sideways from the small breakpoint.
 */
export function ScheduleSwitcher({
  schedules,
  selectedId,
  onSelect,
  onCreate,
  onRename,
  onSetDefault,
  onDelete,
}: ScheduleSwitcherProps) {
  return (
    <div className="snap-x pb-1 sm:overflow-x-auto">
      <ul aria-label={t("availability.switcher.label")} className="flex flex-col gap-3 sm:flex-row">
        {schedules.map((s) => {
          const selected = s._id === selectedId;
          return (
            <li
              key={s._id}
              className={cn(
                "relative w-full shrink-0 snap-start rounded-lg sm:w-72 border bg-white transition-shadow",
                selected
                  ? "border-accent ring-1 ring-accent"
                  : "border-slate-200 hover:border-slate-300 hover:shadow-sm",
              )}
            >
              <button
                type="button"
                aria-current={selected || undefined}
                onClick={() => onSelect(s._id)}
                className="flex w-full flex-col items-start gap-1 rounded-lg p-4 pe-11 text-start focus-visible:outline-offset-0"
              >
                <span className="line-clamp-2 wrap-anywhere font-semibold text-slate-900 text-sm">
                  {scheduleName(s.name)}
                </span>
                {s.isDefault && <Badge tone="blue">{t("availability.default")}</Badge>}
                <span className="line-clamp-2 text-[13px] text-slate-600">{summarizeWeek(s.schedule)}</span>
                <span className="mt-1 flex items-center gap-1.5 text-slate-500 text-xs">
                  <Globe size={13} aria-hidden /> {timeZoneName(s.timezone)}
                </span>
              </button>
              <div className="absolute end-2 top-3">
                <Menu
                  trigger={
                    <button
                      type="button"
                      aria-label={t("availability.switcher.actions", { name: scheduleName(s.name) })}
                      className="flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900"
                    >
                      <MoreHorizontal size={18} aria-hidden />
                    </button>
                  }
                >
                  <MenuItem icon={Pencil} onSelect={() => onRename(s)}>
                    {t("availability.switcher.rename")}
                  </MenuItem>
                  <MenuItem icon={Star} disabled={s.isDefault} onSelect={() => onSetDefault(s)}>
                    {s.isDefault
                      ? t("availability.switcher.isDefault")
                      : t("availability.switcher.setDefault")}
                  </MenuItem>
                  <MenuSeparator />
                  <MenuItem icon={Trash2} danger onSelect={() => onDelete(s)}>
                    {t("availability.delete")}
                  </MenuItem>
                </Menu>
              </div>
            </li>
          );
        })}
        <li className="shrink-0">
          <button
            type="button"
            onClick={onCreate}
            className="flex h-full min-h-12 w-full flex-row sm:min-h-[6.5rem] sm:w-44 sm:flex-col items-center justify-center gap-1.5 rounded-lg border border-slate-300 border-dashed text-slate-600 text-sm transition-colors hover:border-accent hover:bg-accent-soft hover:text-accent-strong"
          >
            <Plus size={18} aria-hidden /> {t("availability.name.newTitle")}
          </button>
        </li>
      </ul>
    </div>
  );
}
