/**
 * Every time the host app shows (issue 27): the meetings, the dashboard, schedules and their overrides,
 * contacts' meetings, polls. One clock for all of them, the host's own: Settings > Profile > Time format
 * (`users.time_format`) in the host's app language, through Intl with that hour cycle. English in 12-hour
 * form keeps the spec's '9:00am'; every other combination is Intl's ('13:30', '1:30 PM', '午後1:30').
 * Instants take their zone explicitly (a booking shows on its schedule's clock, never the browser's);
 * schedule labels are wall-clock minutes of a day with no zone at all.
 */
import { isRtl, prefersHour24 } from "../../contract/languages";
import { MINUTES_PER_DAY, parseTimeLabel } from "../../domain/time-labels";
import { currentLocale, intlLocale, t } from "./i18n";

export type TimeFormat = "12h" | "24h";

/** The signed-in host's choice; null on the public pages, which use the language's own clock. */
let hostFormat: TimeFormat | null = null;

/**
 * Set by the signed-in screens' guard as it renders (before any screen below it), like the app language:
 * the helpers below are called while rendering, far from any React context.
 */
export function followHostTimeFormat(format: TimeFormat | null): void {
  hostFormat = format;
}

/** True when the host reads times on a 24-hour clock: their choice, else their language's habit. */
export function hostHour24(): boolean {
  return hostFormat ? hostFormat === "24h" : prefersHour24(currentLocale());
}

/** The host's hour cycle, for a date and time written by one Intl format (a contact's meetings, sessions). */
export const hourCycle = (): "h12" | "h23" => (hostHour24() ? "h23" : "h12");

const formats = new Map<string, Intl.DateTimeFormat>();

function clockFormat(zone: string, cycle: "h12" | "h23" | "h24", locale = intlLocale()): Intl.DateTimeFormat {
  const key = `${locale}|${zone}|${cycle}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, {
      timeZone: zone,
      hour: "numeric",
      minute: "2-digit",
      hourCycle: cycle,
    });
    formats.set(key, f);
  }
  return f;
}

/** '9:00am' (English, 12-hour), else Intl's form in the app's language and the host's hour cycle. */
function clock(at: Date, zone: string, cycle: "h12" | "h23" | "h24" = hourCycle()): string {
  if (cycle !== "h12" || currentLocale() !== "en") return clockFormat(zone, cycle).format(at);
  const parts = clockFormat(zone, "h12", "en-US").formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("hour")}:${get("minute")}${get("dayPeriod").toLowerCase()}`;
}

/** An instant's time on a zone's clock, as the host reads times. */
export function clockTime(instant: Date | string | number, zone: string): string {
  return clock(new Date(instant), zone);
}

/**
 * A wall-clock minute of a day (0..1440) as the host reads times: 540 is '9:00am', '09:00' or '午前9:00'. 1440, the
 * end of a day, is '12:00am' on a 12-hour clock and '24:00' on a 24-hour one (an end at midnight).
 */
export function minuteOfDayText(minutes: number): string {
  const at = new Date(Date.UTC(2023, 0, 1, 0, minutes % MINUTES_PER_DAY));
  if (minutes === MINUTES_PER_DAY && hostHour24()) return clock(at, "UTC", "h24");
  return clock(at, "UTC");
}

/**
 * A stored schedule label ('9:00am', what the API keeps) as the host reads times; `as: "end"` shows
 * '12:00am' as the end of the day. Anything that is not a label is shown as it is.
 */
export function timeLabelText(label: string, as: "start" | "end" = "start"): string {
  const minutes = parseTimeLabel(label, as);
  return minutes === undefined ? label : minuteOfDayText(minutes);
}

/**
 * A time kept whole inside right-to-left text: without the isolate, Arabic's bidi ordering splits '9'
 * from 'am' and moves them apart. Other languages get it as it is.
 */
export function ltr(text: string): string {
  return isRtl(currentLocale()) ? `\u2066${text}\u2069` : text;
}

/** '9:00am - 9:30am', '09:00 - 09:30'. */
export function clockRange(start: Date | string | number, end: Date | string | number, zone: string): string {
  return `${ltr(clockTime(start, zone))} - ${ltr(clockTime(end, zone))}`;
}

/** 'Monday, March 15, 2027, 1:00pm - 2:00pm': a meeting's time in words, on the host's clock. */
export function slotInWords(startIso: string, endIso: string, zone: string): string {
  const date = new Intl.DateTimeFormat(intlLocale(), {
    timeZone: zone,
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
  }).format(new Date(startIso));
  const times = t("time.range", { start: clockTime(startIso, zone), end: clockTime(endIso, zone) });
  return t("time.slotInWords", { date, times });
}
