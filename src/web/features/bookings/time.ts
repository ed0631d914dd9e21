/**
 * Invitee-side time formatting. Every function takes the zone explicitly: the booking page shows
 * instants in the zone the invitee picked, never implicitly in the browser's zone.
 * Only Intl is used (no date library) to keep the public booking chunk small.
 */
import { prefersHour24 } from "../../../contract/languages";
import { currentLocale, intlLocale, t } from "../../lib/i18n";

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A cached Intl formatter for one zone and set of options (making one costs far more than using it),
 * in the page's language (issue 27), or in `locale` ('en-US' for the parts the code reads back).
 */
export function formatter(
  zone: string,
  options: Intl.DateTimeFormatOptions,
  locale: string = intlLocale(),
): Intl.DateTimeFormat {
  const key = `${locale}|${zone}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
    formatters.set(key, f);
  }
  return f;
}

/**
 * Chromium still reports some zones by their old names ('Asia/Calcutta'); invitees search for and
 * recognise the current ones. Both name the same rules, so the current name is used when supported.
 */
const RENAMED_ZONES: Record<string, string> = {
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Europe/Kiev": "Europe/Kyiv",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "America/Godthab": "America/Nuuk",
  "Pacific/Truk": "Pacific/Chuuk",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Enderbury": "Pacific/Kanton",
};

export function currentZoneName(zone: string): string {
  const renamed = RENAMED_ZONES[zone];
  return renamed && isSupportedZone(renamed) ? renamed : zone;
}

/** The browser's zone, or UTC when the runtime cannot tell (then the select makes the choice visible). */
export function detectTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && isSupportedZone(zone)) return currentZoneName(zone);
  } catch {
    // Fall through.
  }
  return "UTC";
}

export function isSupportedZone(zone: string): boolean {
  if (!zone || /^[+-]/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** '9:00am' (the spec's 12-hour form) for an instant in a zone; another language's 12-hour form in it. */
export function formatTime(instant: Date | string | number, zone: string): string {
  if (currentLocale() !== "en")
    return formatter(zone, { hour: "numeric", minute: "2-digit", hour12: true }).format(new Date(instant));
  const parts = formatter(zone, { hour: "numeric", minute: "2-digit", hour12: true }, "en-US").formatToParts(
    new Date(instant),
  );
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("hour")}:${get("minute")}${get("dayPeriod").toLowerCase()}`;
}

/** The clock as the page's language writes it by default (the zone picker's 'now'); English: '9:00am'. */
export function formatClock(instant: Date | string | number, zone: string): string {
  if (currentLocale() === "en") return formatTime(instant, zone);
  return formatter(zone, { hour: "numeric", minute: "2-digit" }).format(new Date(instant));
}

/** '13:30': the 24-hour form, for invitees (or hosts) who read times that way. */
export function formatTime24(instant: Date | string | number, zone: string): string {
  const parts = formatter(
    zone,
    { hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
    "en-US",
  ).formatToParts(new Date(instant));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("hour")}:${get("minute")}`;
}

/** 'Monday, March 15, 2027'. */
export function formatDateLong(instant: Date | string | number, zone: string): string {
  return formatter(zone, { weekday: "long", month: "long", day: "numeric", year: "numeric" }).format(
    new Date(instant),
  );
}

export function addMinutes(iso: string, minutes: number): string {
  return new Date(new Date(iso).getTime() + minutes * 60_000).toISOString();
}

/** '1:00pm - 2:00pm' (24-hour in languages that read times so). */
export function formatTimeRange(startIso: string, endIso: string, zone: string): string {
  const time = (iso: string) =>
    currentLocale() !== "en" && prefersHour24(currentLocale())
      ? formatTime24(iso, zone)
      : formatTime(iso, zone);
  return t("time.range", { start: time(startIso), end: time(endIso) });
}

/** 'Monday, March 15, 2027, 1:00pm - 2:00pm' (UI.md: the chosen time in words). */
export function formatSlotInWords(startIso: string, endIso: string, zone: string): string {
  return t("time.slotInWords", {
    date: formatDateLong(startIso, zone),
    times: formatTimeRange(startIso, endIso, zone),
  });
}

/** Calendar date 'YYYY-MM-DD' of an instant in a zone. */
export function dateInZone(instant: Date | number, zone: string): string {
  const parts = formatter(zone, { year: "numeric", month: "2-digit", day: "2-digit" }, "en-US").formatToParts(
    new Date(instant),
  );
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/** Zones that are UTC itself under another name: Intl gives them 'GMT+00:00' as a generic name. */
const UTC_ALIASES = /^(?:Etc\/)?(?:UTC|UCT|GMT|GMT[+-]?0|Greenwich|Universal|Zulu)$/;

function zonePart(
  zone: string,
  timeZoneName: "longGeneric" | "long" | "shortOffset",
  at: Date,
): string | undefined {
  try {
    return formatter(zone, { timeZoneName })
      .formatToParts(at)
      .find((p) => p.type === "timeZoneName")?.value;
  } catch {
    return undefined; // Older runtimes lack longGeneric; the caller tries the next style.
  }
}

/**
 * 'UTC−05:00' for 'Etc/GMT+5' (whose sign is POSIX's, the reverse of what it means): those zones have no
 * name in any language, and Intl's 'GMT-05:00' reads as a fault next to the named ones.
 */
function etcOffsetName(zone: string): string | undefined {
  const m = /^Etc\/GMT([+-])(\d{1,2})$/.exec(zone);
  if (!m) return undefined;
  return `UTC${m[1] === "+" ? "\u2212" : "+"}${m[2].padStart(2, "0")}:00`;
}

/**
 * The zone's name in the page's language: 'Pacific Time', 'Mitteleuropäische Zeit'; UTC and its aliases
 * by their long name ('Coordinated Universal Time', 'Koordinierte Weltzeit'), 'Etc/GMT+5' as 'UTC−05:00';
 * the short offset ('GMT+5:45') only when the runtime has no name at all.
 */
export function zoneGenericName(zone: string, at: Date = new Date()): string {
  if (UTC_ALIASES.test(zone)) return zonePart(zone, "long", at) ?? "UTC";
  const etc = etcOffsetName(zone);
  if (etc) return etc;
  for (const style of ["longGeneric", "long", "shortOffset"] as const) {
    const name = zonePart(zone, style, at);
    // A generic name that is only an offset ('GMT+03:00', 'UTC−03:00'): the long one may be a real name.
    if (name && (style === "shortOffset" || !/^(?:GMT|UTC)|\d{2}:\d{2}/.test(name))) return name;
  }
  return zone;
}

/** 'Los Angeles' from 'America/Los_Angeles', 'UTC' stays 'UTC'. */
export function zoneCity(zone: string): string {
  const last = zone.split("/").pop() ?? zone;
  return last.replace(/_/g, " ");
}

/**
 * 'Pacific Time (Los Angeles)', 'Mitteleuropäische Zeit (Berlin)': the name the reader recognises in their
 * language, plus the city that pins it down; UTC and the Etc zones have no city.
 */
export function zoneLabel(zone: string, at?: Date): string {
  const generic = zoneGenericName(zone, at);
  if (UTC_ALIASES.test(zone) || zone.startsWith("Etc/")) return generic;
  const city = zoneCity(zone);
  return generic === city ? generic : `${generic} (${city})`;
}

/** Every zone the runtime knows, with the detected one guaranteed present. */
export function allTimeZones(ensure: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf("timeZone");
  } catch {
    zones = [];
  }
  const set = new Set(zones.map(currentZoneName));
  set.add(ensure);
  set.add("UTC");
  return [...set];
}

/** UTC form for calendar links: 20270315T130000Z. */
export function toCalendarStamp(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** '30 min', '1 hr', '1 hr 30 min'. */
export function formatDuration(minutes: number): string {
  if (minutes < 60) return t("duration.minutes", { minutes });
  const hours = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? t("duration.hoursMinutes", { hours, minutes: m }) : t("duration.hours", { hours });
}
