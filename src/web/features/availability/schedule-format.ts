import type { DaySchedule, TimeSlot } from "../../../contract/availability";
import { DEFAULT_SCHEDULE_NAME } from "../../../contract/availability-constants";
import { ltr, timeLabelText } from "../../lib/host-clock";
import { intlLocale, t } from "../../lib/i18n";

/** A weekday's name in the app's language (0 = Sunday): 2023-01-01 was a Sunday. */
function dayName(index: number, weekday: "narrow" | "short" | "long"): string {
  return new Intl.DateTimeFormat(intlLocale(), { weekday, timeZone: "UTC" }).format(
    Date.UTC(2023, 0, 1 + index),
  );
}

/**
 * A stored label on the host's clock, short: '9:00am' is '9am' on the spec's English 12-hour clock
 * ('9:30am' stays); other clocks show the whole time ('09:00', '9:00 AM'), as Intl writes them.
 */
export function shortTime(label: string, as: "start" | "end" = "start"): string {
  const text = timeLabelText(label, as);
  return /^\d{1,2}:00[ap]m$/.test(text) ? text.replace(":00", "") : text;
}

/** '9:00am - 5:00pm', '09:00 - 17:00': a slot's stored labels on the host's clock. */
export function slotText(slot: TimeSlot, separator = " - "): string {
  return `${ltr(timeLabelText(slot.startTime))}${separator}${ltr(timeLabelText(slot.endTime, "end"))}`;
}

/** A schedule's name as the host reads it: the one sign-up creates is named in the app's language. */
export function scheduleName(name: string): string {
  return name === DEFAULT_SCHEDULE_NAME ? t("availability.defaultScheduleName") : name;
}

function slotsKey(slots: TimeSlot[]): string {
  return slots.map((s) => `${s.startTime}-${s.endTime}`).join(",");
}

/** 'Weekdays', 'Every day', 'Weekends', 'Mon - Thu' or 'Mon, Wed, Fri' for day indexes (0 = Sunday). */
export function daysText(days: number[]): string {
  const set = [...days].sort((a, b) => a - b);
  const key = set.join("");
  if (key === "0123456") return t("availability.format.everyDay");
  if (key === "12345") return t("availability.format.weekdays");
  if (key === "06") return t("availability.format.weekends");
  const contiguous = set.length >= 3 && set.every((d, i) => i === 0 || d === set[i - 1] + 1);
  if (contiguous) return `${dayName(set[0], "short")} - ${dayName(set[set.length - 1], "short")}`;
  return set.map((d) => dayName(d, "short")).join(", ");
}

/** 'Weekdays, 9am to 5pm' (spec section 9); several groups are joined with '; '. */
export function summarizeWeek(week: DaySchedule[]): string {
  const groups = new Map<string, { days: number[]; slots: TimeSlot[] }>();
  week.forEach((d, i) => {
    if (!d.isAvailable || d.timeSlots.length === 0) return;
    const key = slotsKey(d.timeSlots);
    const group = groups.get(key) ?? { days: [], slots: d.timeSlots };
    group.days.push(i);
    groups.set(key, group);
  });
  if (groups.size === 0) return t("availability.format.noWeekly");
  const range = (s: TimeSlot) =>
    t("availability.format.timeRange", {
      start: ltr(shortTime(s.startTime)),
      end: ltr(shortTime(s.endTime, "end")),
    });
  const parts = [...groups.values()].map((g) =>
    t("availability.format.daysTimes", { days: daysText(g.days), times: g.slots.map(range).join(", ") }),
  );
  return parts.length > 2
    ? `${parts.slice(0, 2).join("; ")}; ${t("availability.format.more", { count: parts.length - 2 })}`
    : parts.join("; ");
}

/** 'Sat, Mar 15, 2027' for 'YYYY-MM-DD' without any timezone conversion. */
export function shortDate(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Intl.DateTimeFormat(intlLocale(), {
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  }).format(Date.UTC(y, m - 1, d));
}

/** 'M' for Monday (0 = Sunday), in the app's language. */
export function weekdayLetter(index: number): string {
  return dayName(index, "narrow");
}

export function weekdayName(index: number): string {
  return dayName(index, "long");
}

/** 'N override(s)' as the drawers show it. */
export function overridesText(count: number): string {
  return t("availability.format.overrides", { count });
}

export function minutesText(minutes: number): string {
  if (minutes === 0) return t("availability.format.none");
  if (minutes % 1440 === 0) return t("availability.format.days", { count: minutes / 1440 });
  if (minutes % 60 === 0) return t("availability.format.hours", { count: minutes / 60 });
  return t("availability.format.minutes", { count: minutes });
}
