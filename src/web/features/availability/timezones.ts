import { clockTime } from "../../lib/host-clock";
import { currentLocale, t } from "../../lib/i18n";
import { zoneLabel } from "../bookings/time";
/**
 * Time zone choices and names for schedules. A schedule's times are labels in its own zone,
 * so every date computed here takes that zone explicitly, never the browser's.
 */

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

function zonePart(zone: string, style: "shortOffset"): string | undefined {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: style })
      .formatToParts(new Date())
      .find((p) => p.type === "timeZoneName")?.value;
  } catch {
    return undefined;
  }
}

/**
 * 'India Standard Time' for Asia/Kolkata; unknown or empty zones fall back to India Standard Time.
 * Other languages, and English for zones without a friendly name: the shared zone label in the app's
 * language ('Mitteleuropäische Zeit (Berlin)', 'Koordinierte Weltzeit').
 */
export function timeZoneName(zone: string | null | undefined): string {
  if (currentLocale() !== "en") return zoneLabel(zone || "Asia/Kolkata");
  if (!zone) return FALLBACK_ZONE_NAME;
  return FRIENDLY[zone] ?? zoneLabel(zone);
}

/** The city part of an IANA name: 'America/New_York' -> 'New York'. */
export function zoneCity(zone: string): string {
  const last = zone.split("/").pop() ?? zone;
  return last.replaceAll("_", " ");
}

/** 'Now 10:32pm in New York (GMT-5)': the zone's current time, so the choice can be checked at a glance. */
export function zoneNowText(zone: string, now = new Date()): string {
  try {
    const time = clockTime(now, zone);
    const offset = zonePart(zone, "shortOffset");
    const place = `${zone === "UTC" ? "UTC" : zoneCity(zone)}${offset && zone !== "UTC" ? ` (${offset})` : ""}`;
    return t("availability.zone.now", { time, place });
  } catch {
    return "";
  }
}

/** Today's date in a zone, 'YYYY-MM-DD'. */
export function todayIn(zone: string): string {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(new Date());
  } catch {
    return new Intl.DateTimeFormat("en-CA", { timeZone: "UTC" }).format(new Date());
  }
}
