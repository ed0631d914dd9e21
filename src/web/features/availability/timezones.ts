/**
 * Time zone choices and names for schedules. A schedule's times are labels in its own zone,
 * so every date computed here takes that zone explicitly, never the browser's.
 */

/** The editor's zones (spec section 9), in the spec's order. */
export const EDITOR_TIME_ZONES = [
  "Asia/Kolkata",
  "UTC",
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Los_Angeles",
  "Europe/London",
  "Europe/Paris",
  "Europe/Berlin",
  "Asia/Tokyo",
  "Asia/Shanghai",
  "Australia/Sydney",
] as const;

export const FALLBACK_ZONE_NAME = "India Standard Time";

// Names people recognise; Intl's generic names are used for any other zone.
const FRIENDLY: Record<string, string> = {
  "Asia/Kolkata": "India Standard Time",
  "Asia/Calcutta": "India Standard Time",
  UTC: "Coordinated Universal Time",
  "America/New_York": "Eastern Time",
  "America/Chicago": "Central Time",
  "America/Denver": "Mountain Time",
  "America/Los_Angeles": "Pacific Time",
  "Europe/London": "UK Time",
  "Europe/Paris": "Central European Time",
  "Europe/Berlin": "Central European Time",
  "Asia/Tokyo": "Japan Standard Time",
  "Asia/Shanghai": "China Standard Time",
  "Australia/Sydney": "Australian Eastern Time",
};

function zonePart(zone: string, style: "longGeneric" | "shortOffset"): string | undefined {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: style })
      .formatToParts(new Date())
      .find((p) => p.type === "timeZoneName")?.value;
  } catch {
    return undefined;
  }
}

/** 'India Standard Time' for Asia/Kolkata; unknown or empty zones fall back to India Standard Time. */
export function timeZoneName(zone: string | null | undefined): string {
  if (!zone) return FALLBACK_ZONE_NAME;
  return FRIENDLY[zone] ?? zonePart(zone, "longGeneric") ?? FALLBACK_ZONE_NAME;
}

/** The city part of an IANA name: 'America/New_York' -> 'New York'. */
export function zoneCity(zone: string): string {
  const last = zone.split("/").pop() ?? zone;
  return last.replaceAll("_", " ");
}

/** 'Eastern Time (New York)'. */
export function timeZoneLabel(zone: string): string {
  const name = timeZoneName(zone);
  return zone === "UTC" ? name : `${name} (${zoneCity(zone)})`;
}

/** 'Now 10:32pm in New York (GMT-5)': the zone's current time, so the choice can be checked at a glance. */
export function zoneNowText(zone: string, now = new Date()): string {
  try {
    const time = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hour: "numeric",
      minute: "2-digit",
      hour12: true,
    })
      .format(now)
      .replace(" ", "")
      .toLowerCase();
    const offset = zonePart(zone, "shortOffset");
    return `Now ${time} in ${zone === "UTC" ? "UTC" : zoneCity(zone)}${offset && zone !== "UTC" ? ` (${offset})` : ""}`;
  } catch {
    return "";
  }
}

/** The editor's zones plus the schedule's own zone when it is another one (first, so it is visible). */
export function timeZoneOptions(current?: string): { value: string; label: string }[] {
  const zones: string[] = [...EDITOR_TIME_ZONES];
  if (current && !zones.includes(current)) zones.unshift(current);
  return zones.map((value) => ({ value, label: timeZoneLabel(value) }));
}

/** Today's date in a zone, 'YYYY-MM-DD'. */
export function todayIn(zone: string): string {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(new Date());
  } catch {
    return new Intl.DateTimeFormat("en-CA", { timeZone: "UTC" }).format(new Date());
  }
}
