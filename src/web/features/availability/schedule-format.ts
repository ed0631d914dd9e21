import type { DaySchedule, TimeSlot } from "../../../contract/availability";
import { MONTH_NAMES, WEEKDAY_NAMES } from "../../components/ui/dates";

const SHORT_DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** '9:00am' -> '9am'; '9:30am' stays. */
export function shortTime(label: string): string {
  return label.replace(":00", "");
}

export function slotText(slot: TimeSlot, separator = " - "): string {
  return `${slot.startTime}${separator}${slot.endTime}`;
}

function slotsKey(slots: TimeSlot[]): string {
  return slots.map((s) => `${s.startTime}-${s.endTime}`).join(",");
}

/** 'Weekdays', 'Every day', 'Weekends', 'Mon - Thu' or 'Mon, Wed, Fri' for day indexes (0 = Sunday). */
export function daysText(days: number[]): string {
  const set = [...days].sort((a, b) => a - b);
  const key = set.join("");
  if (key === "0123456") return "Every day";
  if (key === "12345") return "Weekdays";
  if (key === "06") return "Weekends";
  const contiguous = set.length >= 3 && set.every((d, i) => i === 0 || d === set[i - 1] + 1);
  if (contiguous) return `${SHORT_DAYS[set[0]]} - ${SHORT_DAYS[set[set.length - 1]]}`;
  return set.map((d) => SHORT_DAYS[d]).join(", ");
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
  if (groups.size === 0) return "No weekly hours";
  const parts = [...groups.values()].map(
    (g) =>
      `${daysText(g.days)}, ${g.slots.map((s) => `${shortTime(s.startTime)} to ${shortTime(s.endTime)}`).join(", ")}`,
  );
  return parts.length > 2 ? `${parts.slice(0, 2).join("; ")}; +${parts.length - 2} more` : parts.join("; ");
}

/** 'Sat, Mar 15, 2027' for 'YYYY-MM-DD' without any timezone conversion. */
export function shortDate(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return `${SHORT_DAYS[weekday]}, ${MONTH_NAMES[m - 1].slice(0, 3)} ${d}, ${y}`;
}

export function weekdayName(index: number): string {
  return WEEKDAY_NAMES[index];
}

/** 'N override(s)' as the drawers show it. */
export function overridesText(count: number): string {
  return `${count} override${count === 1 ? "" : "s"}`;
}

export function minutesText(minutes: number): string {
  if (minutes === 0) return "None";
  if (minutes % 1440 === 0) return `${minutes / 1440} day${minutes === 1440 ? "" : "s"}`;
  if (minutes % 60 === 0) return `${minutes / 60} hour${minutes === 60 ? "" : "s"}`;
  return `${minutes} minutes`;
}
