import { formatTime, formatTime24, formatter } from "../bookings/time";

/** The browser's zone (poll times are shown in it until the participant picks another). */
export const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** 'Thu, Oct 29, 11:00am' (or '11:00' in 24-hour form) in a zone: the booking page's time style. */
export function formatPollTime(iso: string, zone: string, hour24 = false): string {
  const day = formatter(zone, { weekday: "short", month: "short", day: "numeric" }).format(new Date(iso));
  return `${day}, ${hour24 ? formatTime24(iso, zone) : formatTime(iso, zone)}`;
}
