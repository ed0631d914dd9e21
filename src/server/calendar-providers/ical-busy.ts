import ICAL from "ical.js";
import { Temporal } from "temporal-polyfill";
import type { BusyInterval } from "./types.js";

// A daily event started decades ago is still walked to the range; this only stops a runaway rule.
const MAX_OCCURRENCES = 50_000;

/** True for names Temporal knows (IANA zones); Windows names and custom TZIDs are not. */
function isIanaZone(zone: string): boolean {
  try {
    Temporal.Now.zonedDateTimeISO(zone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The instant of an iCalendar time. A TZID that is an IANA zone goes through Temporal (exact across
 * DST, whatever VTIMEZONE the client wrote); another TZID uses the object's own VTIMEZONE through
 * ical.js; floating times and dates are read in `floatingZone` (the host's zone).
 */
function instantOf(time: ICAL.Time, floatingZone: string): number {
  const tzid = time.zone?.tzid;
  if (tzid === "UTC" || tzid === "Z") return time.toUnixTime() * 1000;
  const zone = tzid && tzid !== "floating" ? tzid : null;
  if (zone && !isIanaZone(zone)) return time.toUnixTime() * 1000;
  const wall = Temporal.PlainDateTime.from({
    year: time.year,
    month: time.month,
    day: time.day,
    hour: time.isDate ? 0 : time.hour,
    minute: time.isDate ? 0 : time.minute,
    second: time.isDate ? 0 : time.second,
  });
  return wall.toZonedDateTime(zone ?? floatingZone, { disambiguation: "compatible" }).epochMilliseconds;
}

const isFree = (event: ICAL.Event) => {
  const transp = event.component.getFirstPropertyValue("transp");
  const status = event.component.getFirstPropertyValue("status");
  return (
    String(transp ?? "").toUpperCase() === "TRANSPARENT" || String(status ?? "").toUpperCase() === "CANCELLED"
  );
};

/**
 * Busy intervals in [from, to) of the VEVENTs in iCalendar texts (one per CalDAV object), with
 * recurrences expanded (RRULE, RDATE, EXDATE and RECURRENCE-ID exceptions) by ical.js. Transparent
 * and cancelled events are free; all-day events are busy only when `allDayBusy`.
 */
export function busyFromICalendar(
  texts: string[],
  range: { from: number; to: number },
  options: { floatingZone: string; allDayBusy: boolean },
): BusyInterval[] {
  const busy: BusyInterval[] = [];
  for (const text of texts) {
    let root: ICAL.Component;
    try {
      root = new ICAL.Component(ICAL.parse(text));
    } catch {
      continue; // One unreadable object must not hide the others' busy times.
    }
    // VTIMEZONEs of the object let ical.js convert TZIDs that are not IANA names.
    for (const vtz of root.getAllSubcomponents("vtimezone")) {
      const tz = new ICAL.Timezone(vtz);
      if (!ICAL.TimezoneService.has(tz.tzid)) ICAL.TimezoneService.register(tz);
    }
    const vevents = root.getAllSubcomponents("vevent").map((c) => new ICAL.Event(c));
    const masters = vevents.filter((e) => !e.isRecurrenceException());
    for (const master of masters) {
      for (const exception of vevents) {
        if (exception.isRecurrenceException() && exception.uid === master.uid)
          master.relateException(exception);
      }
      collect(master, range, options, busy);
    }
    // Exceptions whose master is not in this object (some servers split them) still take time.
    for (const orphan of vevents.filter((e) => e.isRecurrenceException())) {
      if (!masters.some((m) => m.uid === orphan.uid)) collect(orphan, range, options, busy, true);
    }
  }
  return busy;
}

function collect(
  event: ICAL.Event,
  range: { from: number; to: number },
  options: { floatingZone: string; allDayBusy: boolean },
  out: BusyInterval[],
  single = false,
): void {
  const push = (start: ICAL.Time, end: ICAL.Time, details: ICAL.Event) => {
    if (isFree(details)) return;
    if (start.isDate && !options.allDayBusy) return;
    const s = instantOf(start, options.floatingZone);
    const e = instantOf(end, options.floatingZone);
    if (e > range.from && s < range.to && e > s) out.push({ start: s, end: e });
  };
  if (!event.startDate) return;
  if (single || !event.isRecurring()) {
    push(event.startDate, event.endDate ?? event.startDate, event);
    return;
  }
  const iterator = event.iterator();
  for (let i = 0, next = iterator.next(); next && i < MAX_OCCURRENCES; i += 1, next = iterator.next()) {
    const details = event.getOccurrenceDetails(next);
    // Occurrences come in start order; everything after the range's end is past it (with a day's margin
    // for an exception moved earlier).
    if (instantOf(next, options.floatingZone) >= range.to + 86_400_000) break;
    push(details.startDate, details.endDate, details.item);
  }
}
