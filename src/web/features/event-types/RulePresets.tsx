import { Link } from "react-router";
import { effectiveRules } from "../../../contract/event-types";
import { cn } from "../../lib/cn";
import { t } from "../../lib/i18n";
import { useCalendarSettings } from "../availability/queries";
import { minutesText } from "../availability/schedule-format";

/** The spec's option lists, one tap each: minimum notice 1/2/4/8/24 hours, how far ahead 30/60/90/120 days. */
export const NOTICE_PRESET_HOURS = [1, 2, 4, 8, 24] as const;
export const DAYS_AHEAD_PRESETS = [30, 60, 90, 120] as const;

/** A row of quick choices beside a digits field; the chosen one is pressed. */
export function Presets({
  label,
  values,
  current,
  text,
  onPick,
}: {
  label: string;
  values: readonly number[];
  current: number | null;
  text: (value: number) => string;
  onPick: (value: number) => void;
}) {
  return (
    <fieldset aria-label={label} className="flex flex-wrap gap-1">
      {values.map((v) => (
        <button
          key={v}
          type="button"
          aria-pressed={current === v}
          onClick={() => onPick(v)}
          className={cn(
            "h-7 rounded-full border px-2.5 font-medium text-xs transition-colors focus-visible:outline-2 focus-visible:outline-accent",
            current === v
              ? "border-accent bg-accent-soft text-accent-strong"
              : "border-slate-200 text-slate-600 hover:border-slate-300 hover:text-slate-900",
          )}
        >
          {text(v)}
        </button>
      ))}
    </fieldset>
  );
}

/**
 * Where the rule that applies comes from: when the host's Calendar Settings ask more than this event
 * type, invitees get the settings' value, and the editor says so (contract effectiveRules).
 */
export function FloorNote({
  rule,
  settings,
}: {
  rule: "notice" | "buffer";
  settings: {
    leadHours: number;
    noticeUnit: "minutes" | "hours" | "days";
    bufferBefore?: number;
    bufferAfter?: number;
  };
}) {
  const floors = useCalendarSettings().data;
  if (!floors) return null;
  const r = effectiveRules(settings, floors);
  const text =
    rule === "notice"
      ? r.from.notice === "host"
        ? t("eventTypes.floor.notice", { notice: minutesText(r.notice) })
        : null
      : r.from.bufferBefore === "host" || r.from.bufferAfter === "host"
        ? t("eventTypes.floor.buffer", {
            buffer: floors.bufferTime,
            before: r.bufferBefore,
            after: r.bufferAfter,
          })
        : null;
  if (!text) return null;
  return (
    <p className="text-[13px] text-slate-600 leading-5" data-testid={`floor-${rule}`}>
      {text}{" "}
      <Link
        to="/availability?tab=calendar-settings"
        className="font-medium text-accent-strong hover:underline"
      >
        {t("eventTypes.floor.link")}
      </Link>
    </p>
  );
}
