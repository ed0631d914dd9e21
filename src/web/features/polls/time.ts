import { clockTime } from "../../lib/host-clock";
import { formatTime, formatTime24, formatter } from "../bookings/time";

/** The browser's zone (poll times are shown in it until the participant picks another). */
export const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * 'Thu, Oct 29, 11:00am' in a zone. `hour24` given: the participant's switch on the public page (the booking
 * page's time style); left out: the host's own clock (their results page).
 */
export function formatPollTime(iso: string, zone: string, hour24?: boolean): string {
  const day = formatter(zone, { weekday: "short", month: "short", day: "numeric" }).format(new Date(iso));
  if (hour24 === undefined) return `${day}, ${clockTime(iso, zone)}`;
  return `${day}, ${hour24 ? formatTime24(iso, zone) : formatTime(iso, zone)}`;
}
