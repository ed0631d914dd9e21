import type { BookingDto } from "../../../contract/bookings";
import { clockRange, clockTime } from "../../lib/host-clock";
import { t } from "../../lib/i18n";
import { dateInZone, formatter as fmt, zoneLabel } from "../bookings/time";

/**
 * Host-side time labels. Every booking is shown in its host's zone (the zone of the schedule it was
 * booked against, which is also the zone of the calendar invite), never in the browser's zone.
 */

function dayDiff(a: string, b: string): number {
  return Math.round((Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000);
}

/**
 * 'Today', 'Tomorrow', 'Yesterday', else 'Monday, March 15' (with the year when it is not this year);
 * compact: 'Mon, Mar 15'.
 */
export function dayHeading(iso: string, zone: string, now: Date, compact = false): string {
  const day = dateInZone(new Date(iso), zone);
  const today = dateInZone(now, zone);
  const diff = dayDiff(day, today);
  if (diff === 0) return t("meetings.dayHeading.today");
  if (diff === 1) return t("meetings.dayHeading.tomorrow");
  if (diff === -1) return t("meetings.dayHeading.yesterday");
  const sameYear = day.slice(0, 4) === today.slice(0, 4);
  return fmt(zone, {
    weekday: compact ? "short" : "long",
    month: compact ? "short" : "long",
    day: "numeric",
    ...(sameYear ? {} : { year: "numeric" }),
  }).format(new Date(iso));
}

/** '9:00am - 9:30am', '09:00 - 09:30': on the host's clock (lib/host-clock.ts). */
export function timeRange(b: Pick<BookingDto, "startTime" | "endTime">, zone: string): string {
  return clockRange(b.startTime, b.endTime, zone);
}

/** 'India Standard Time (Kolkata)', 'Mitteleuropäische Zeit (Berlin)': which clock the times are on. */
export function zoneName(zone: string, at: Date = new Date()): string {
  return zoneLabel(zone, at);
}

export { clockTime, dateInZone };
