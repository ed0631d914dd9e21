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
import type { AppMessageId } from "../../lib/app-messages";
import { t } from "../../lib/i18n";
import { useEventTypes } from "../event-types/queries";
import { useCalendarSettings } from "./queries";
import { minutesText } from "./schedule-format";

const NOTICE_IDS: Record<BookingSettings["noticeUnit"], AppMessageId> = {
  minutes: "availability.rules.noticeMinutes",
  hours: "availability.rules.noticeHours",
  days: "availability.rules.noticeDays",
};

/** '4 hours notice', 'No minimum notice'. */
export function noticeText(s: Pick<BookingSettings, "leadHours" | "noticeUnit">): string {
  if (s.leadHours === 0) return t("availability.rules.noNotice");
  const id = NOTICE_IDS[s.noticeUnit];
  return t(id, { count: s.leadHours });
}

/** '60 days ahead', '10 weekdays ahead', '2026-12-01 to 2026-12-31', '2026-12-01 only', 'Any future date'. */
export function windowText(s: BookingSettings): string {
  if (s.mode === "indefinite") return t("availability.rules.anyDate");
  if (s.mode === "within")
    return s.withinStart && !s.withinEnd
      ? t("availability.rules.only", { date: s.withinStart })
      : t("availability.rules.range", { start: s.withinStart ?? "…", end: s.withinEnd ?? "…" });
  return t(s.unit === "weekdays" ? "availability.rules.weekdaysAhead" : "availability.rules.daysAhead", {
    count: s.daysAhead,
  });
}

/** 'No buffers', '10 min before, 5 min after'. */
export function buffersText(s: BookingSettings): string {
  const { before, after } = bufferMinutes(s);
  if (before === 0 && after === 0) return t("availability.rules.noBuffers");
  const first =
    before === 0 ? t("availability.rules.noneBefore") : t("availability.rules.minBefore", { count: before });
  const second =
    after === 0 ? t("availability.rules.noneAfter") : t("availability.rules.minAfter", { count: after });
  return `${first}, ${second}`;
}

/**
 * What the slot engine applies to one event type, in words: its own notice and buffers, raised to the
 * host's Calendar Settings where those ask more, saying so ('1 day notice (Calendar Settings)').
 */
export function rulesText(s: BookingSettings, floors: HostRuleFloors | null | undefined): string {
  const r = effectiveRules(s, floors);
  const fromHost = t("availability.rules.fromHost");
  const notice =
    r.from.notice === "host"
      ? `${t("availability.rules.notice", { time: minutesText(r.notice) })}${fromHost}`
      : noticeText(s);
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
      <p className="text-slate-600">{t("availability.rules.explainer")}</p>
      {eventTypes.isPending ? (
        <Skeleton className="h-12" />
      ) : eventTypes.isError ? (
        <p role="alert" className="text-red-600">
          {t("availability.rules.loadFailed", { message: eventTypes.error.message })}
        </p>
      ) : list.length === 0 ? (
        <p className="text-slate-500">
          {schedule ? t("availability.rules.noneUses") : t("availability.rules.noEventTypes")}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200">
          {list.map((et) => (
            <RuleRow key={et._id} eventType={et} floors={floors} />
          ))}
        </ul>
      )}
      <Link to="/event-types" className="font-medium text-accent-strong hover:underline">
        {t("availability.rules.manage")}
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
        aria-label={t("availability.rules.editLabel", { title: et.title })}
      >
        {t("availability.edit")} <ArrowUpRight size={14} aria-hidden className="rtl:-scale-x-100" />
      </Link>
    </li>
  );
}
