/** The browser's zone (poll times are shown in it). */
export const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** 'Thu, Oct 29, 10:00 AM' in a zone. */
export function formatPollTime(iso: string, zone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(new Date(iso));
}
