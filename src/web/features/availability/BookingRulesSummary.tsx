import { ArrowUpRight } from "lucide-react";
import { Link } from "react-router";
import {
  type BookingSettings,
  bufferMinutes,
  type EventTypeDto,
  effectiveRules,
  type HostRuleFloors,
} from "../../../contract/event-types";
import { Skeleton } from "../../components/ui";
import { useEventTypes } from "../event-types/queries";
import { useCalendarSettings } from "./queries";
import { minutesText } from "./schedule-format";

/** '4 hours notice', 'No minimum notice'. */
export function noticeText(s: Pick<BookingSettings, "leadHours" | "noticeUnit">): string {
  if (s.leadHours === 0) return "No minimum notice";
  const unit = s.noticeUnit.replace(/s$/, "");
  return `${s.leadHours} ${unit}${s.leadHours === 1 ? "" : "s"} notice`;
}

/** '60 days ahead', '10 weekdays ahead', '2026-12-01 to 2026-12-31', '2026-12-01 only', 'Any future date'. */
export function windowText(s: BookingSettings): string {
  if (s.mode === "indefinite") return "Any future date";
  if (s.mode === "within")
    return s.withinStart && !s.withinEnd
      ? `${s.withinStart} only`
      : `${s.withinStart ?? "…"} to ${s.withinEnd ?? "…"}`;
  return `${s.daysAhead} ${s.unit === "weekdays" ? "weekdays" : "days"} ahead`;
}

/** 'No buffers', '10 min before, 5 min after'. */
export function buffersText(s: BookingSettings): string {
  const { before, after } = bufferMinutes(s);
  if (before === 0 && after === 0) return "No buffers";
  const part = (m: number, where: string) => (m === 0 ? `none ${where}` : `${m} min ${where}`);
  return `${part(before, "before")}, ${part(after, "after")}`;
}

/**
 * What the slot engine applies to one event type, in words: its own notice and buffers, raised to the
 * host's Calendar Settings where those ask more, saying so ('1 day notice (Calendar Settings)').
 */
export function rulesText(s: BookingSettings, floors: HostRuleFloors | null | undefined): string {
  const r = effectiveRules(s, floors);
  const fromHost = " (Calendar Settings)";
  const notice = r.from.notice === "host" ? `${minutesText(r.notice)} notice${fromHost}` : noticeText(s);
  const buffers =
    r.from.bufferBefore === "event" && r.from.bufferAfter === "event"
      ? buffersText(s)
      : `${buffersText({ ...s, bufferBefore: r.bufferBefore, bufferAfter: r.bufferAfter })}${fromHost}`;
  return `${notice} · ${windowText(s)} · ${buffers}`;
}

/**
 * Read-only: minimum notice, buffers and the booking window live on each event type (the one place
 * they are edited), with Calendar Settings' buffer and notice as floors under all of them. Lists the
 * event types `scheduleId` serves (all when omitted), each linking to its drawer.
 */
export function BookingRulesSummary({ schedule }: { schedule?: { _id: string; isDefault: boolean } }) {
  const eventTypes = useEventTypes();
  const floors = useCalendarSettings().data;
  const list = (eventTypes.data ?? []).filter(
    (et) =>
      !schedule ||
      et.availabilityScheduleId === schedule._id ||
      (et.availabilityScheduleId === null && schedule.isDefault),
  );
  return (
    <div className="flex flex-col gap-3 text-[13px] leading-5">
      <p className="text-slate-600">
        Minimum notice, buffers and how far ahead people can book are set on each event type; the buffer and
        notice of Calendar Settings are the least any of them keeps.
      </p>
      {eventTypes.isPending ? (
        <Skeleton className="h-12" />
      ) : eventTypes.isError ? (
        <p role="alert" className="text-red-600">
          Failed to load event types: {eventTypes.error.message}
        </p>
      ) : list.length === 0 ? (
        <p className="text-slate-500">
          {schedule ? "No event type uses this schedule." : "No event types yet."}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200">
          {list.map((et) => (
            <RuleRow key={et._id} eventType={et} floors={floors} />
          ))}
        </ul>
      )}
      <Link to="/event-types" className="font-medium text-accent-strong hover:underline">
        Manage event types
      </Link>
    </div>
  );
}

function RuleRow({ eventType: et, floors }: { eventType: EventTypeDto; floors?: HostRuleFloors }) {
  const s = et.bookingSettings;
  return (
    <li className="flex items-start justify-between gap-3 px-3 py-2">
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">{et.title}</p>
        <p className="text-slate-500">{rulesText(s, floors)}</p>
      </div>
      <Link
        to={`/event-types?edit=${et._id}`}
        className="flex shrink-0 items-center gap-0.5 font-medium text-accent-strong hover:underline"
        aria-label={`Edit booking rules of ${et.title}`}
      >
        Edit <ArrowUpRight size={14} aria-hidden />
      </Link>
    </li>
  );
}
