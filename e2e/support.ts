/** Helpers the e2e specs share (not a spec: Playwright only runs *.spec.ts). */

/** An address no other run has used; `who` makes failures easier to read. */
export const uniqueEmail = (who = "user") =>
  `e2e-${who}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** '9:00am' for an instant in a zone, the way the app labels times. */
export function label12h(iso: string, zone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
  }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("hour")}:${get("minute")}${get("dayPeriod").toLowerCase()}`;
}
