import { tzlib_get_ical_block, tzlib_get_timezones } from "timezones-ical-library";
import { ZoneOffsets } from "../../domain/availability/zone-offsets.js";

export interface InvitePerson {
  name: string;
  email: string;
}

export interface InviteInput {
  /** The booking's public uid; the calendar UID is `${uid}@kairos` for the booking's whole life. */
  uid: string;
  /** Bumped on every change so calendars replace the older copy. */
  sequence: number;
  /**
   * REQUEST/CANCEL: an invitation the mails carry (RFC 5546), with attendees. PUBLISH: a plain event for a
   * download, which calendars import as-is instead of treating as an invitation to answer.
   */
  method: "REQUEST" | "CANCEL" | "PUBLISH";
  /** Only with PUBLISH: a cancelled booking's download says CANCELLED without being a CANCEL message. */
  cancelled?: boolean;
  start: Date;
  end: Date;
  /** The host's IANA zone: DTSTART/DTEND are written as its wall-clock times with a VTIMEZONE. */
  timeZone: string;
  summary: string;
  description: string;
  location: string | null;
  url: string | null;
  organizer: InvitePerson;
  attendees: InvitePerson[];
  /** DTSTAMP. */
  stamp: Date;
  /**
   * A recurring booking (issue 28 item 3): one VEVENT whose RRULE repeats `start` in `timeZone` (the
   * zone the series was expanded in, so calendar apps get the same dates), EXDATE for the skipped and
   * cancelled occurrences.
   */
  recurrence?: { frequency: "weekly" | "biweekly" | "monthly"; count: number; exclude: Date[] };
}

export const calendarUid = (uid: string) => `${uid}@kairos`;

/** The zone's VTIMEZONE, or null when the library does not know it (times then go out in UTC). */
let knownZones: Set<string> | undefined;
/**
 * VTIMEZONE blocks by zone, as folded content lines: the library rebuilds one on every call, and zones
 * do not change while we run.
 */
const blocks = new Map<string, string[] | null>();

function vtimezone(zone: string): string[] | null {
  const cached = blocks.get(zone);
  if (cached !== undefined) return cached;
  knownZones ??= new Set(tzlib_get_timezones() as string[]);
  let block: string[] | null = null;
  if (knownZones.has(zone)) {
    try {
      const found = tzlib_get_ical_block(zone);
      if (Array.isArray(found) && found[0]?.startsWith("BEGIN:VTIMEZONE")) {
        block = found[0].replace(/\r\n/g, "\n").trim().split("\n").map(foldIfLong);
      }
    } catch {
      block = null;
    }
  }
  blocks.set(zone, block);
  return block;
}

/** Text values (RFC 5545 3.3.11): backslash, semicolon and comma escaped, every line break as \n. */
const text = (value: string) => value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, "\\n");

/** Parameter values cannot hold quotes or line breaks; names go in CN="...". */
const paramSafe = (value: string) => value.replace(/[\r\n"]+/g, " ").trim();

/** A quoted parameter value (RFC 6868): ^ as ^^ (quotes and line breaks are already gone). */
const param = (value: string) => value.replace(/\^/g, "^^");

/** An instant as a DATE-TIME of `zone`'s wall clock (`20260309T090000`), or in UTC with its Z when `zone` is null. */
function dateTime(instant: Date, zone: string | null): string {
  const t = instant.getTime();
  // The wall clock as the slot engine reads it: the zone's offsets, kept per zone and year.
  const wall = zone === null ? t : t + new ZoneOffsets(zone, t, t).offsetAt(t);
  const compact = new Date(wall).toISOString().slice(0, 19).replace(/[-:]/g, "");
  return zone === null ? `${compact}Z` : compact;
}

/**
 * Folds a content line at 75 octets (RFC 5545 3.1): the first line holds 74, each continuation a space
 * and 74, never splitting a UTF-8 character.
 */
function fold(line: string): string {
  let octets = 0;
  let out = "";
  for (let i = 0; i < line.length; i++) {
    const code = line.charCodeAt(i);
    let char = line[i];
    let size = code < 0x80 ? 1 : code < 0x800 ? 2 : 3;
    // A surrogate pair is one 4-octet character.
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < line.length) {
      char += line[++i];
      size = 4;
    }
    octets += size;
    if (octets > 74) {
      out += "\r\n ";
      octets = size;
    }
    out += char;
  }
  return out;
}

/** 24 UTF-16 units are at most 72 octets (3 each, 4 for a pair of 2): such lines need no folding. */
const foldIfLong = (line: string) => (line.length <= 24 ? line : fold(line));

/**
 * An iCalendar invite (RFC 5545/5546), written directly: a booking's mails carry one or two, and the
 * general-purpose ical-generator cost a third of a booking's mail rendering (docs/performance.md).
 * Times are the host zone's wall clock with its VTIMEZONE, or UTC when the zone has no VTIMEZONE data.
 */
export function buildInvite(input: InviteInput): string {
  // UTC needs no VTIMEZONE: its times are written with a Z.
  const zoneBlock = input.timeZone === "UTC" ? null : vtimezone(input.timeZone);
  const zone = zoneBlock ? input.timeZone : null;
  const at = (name: string, instant: Date) =>
    zone ? `${name};TZID=${zone}:${dateTime(instant, zone)}` : `${name}:${dateTime(instant, null)}`;
  const cancelled = input.method === "CANCEL" || input.cancelled;
  const event = [
    "BEGIN:VEVENT",
    `UID:${calendarUid(input.uid)}`,
    `SEQUENCE:${input.sequence}`,
    `DTSTAMP:${dateTime(input.stamp, null)}`,
    at("DTSTART", input.start),
    at("DTEND", input.end),
    ...(input.recurrence ? ruleLines(input.recurrence, zone) : []),
    `SUMMARY:${text(input.summary)}`,
    ...(input.location ? [`LOCATION:${text(input.location)}`] : []),
    `DESCRIPTION:${text(input.description)}`,
    `ORGANIZER;CN="${param(paramSafe(input.organizer.name))}":mailto:${text(input.organizer.email)}`,
  ];
  // RFC 5546 3.2.1: a PUBLISH carries no ATTENDEE (nobody is asked to reply).
  for (const person of input.method === "PUBLISH" ? [] : input.attendees) {
    const name = paramSafe(person.name);
    event.push(
      // The invitee chose this time; on CANCEL the organizer withdraws the event, no answer is implied.
      `ATTENDEE;ROLE=REQ-PARTICIPANT${input.method === "CANCEL" ? "" : ";PARTSTAT=ACCEPTED"}` +
        `${name ? `;CN="${param(name)}"` : ""}:MAILTO:${text(person.email)}`,
    );
  }
  if (input.url) event.push(`URL;VALUE=URI:${text(input.url)}`);
  event.push(`STATUS:${cancelled ? "CANCELLED" : "CONFIRMED"}`, "END:VEVENT");
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Kairos//Kairos//EN",
    `METHOD:${input.method}`,
    ...(zoneBlock ?? []),
    ...event.map(foldIfLong),
    "END:VCALENDAR",
  ].join("\r\n");
}

/**
 * A recurring event's RRULE and EXDATE lines exactly as buildInvite writes them (Google's `recurrence`
 * takes iCalendar lines), so the rule is written by one piece of code for invites and calendars alike.
 */
export function recurrenceLines(
  input: Pick<InviteInput, "start" | "end" | "timeZone"> & {
    recurrence: NonNullable<InviteInput["recurrence"]>;
  },
): string[] {
  const text = buildInvite({
    ...input,
    uid: "rule",
    sequence: 0,
    method: "PUBLISH",
    summary: "",
    description: "",
    location: null,
    url: null,
    organizer: { name: "Kairos", email: "rule@kairos.invalid" },
    attendees: [],
    stamp: input.start,
  });
  // Unfold (RFC 5545 3.1) before picking the lines: a long EXDATE list is folded at 75 octets. Only the
  // VEVENT's: the VTIMEZONE has RRULEs of its own (its clock changes).
  const vevent = text.replace(/\r?\n[ \t]/g, "").split(/BEGIN:VEVENT\r?\n/)[1] ?? "";
  return vevent.split(/\r?\n/).filter((line) => /^(RRULE|EXDATE)[;:]/.test(line));
}

/** RRULE (weekly, every other week or monthly, COUNT times) and EXDATE of the skipped occurrences. */
function ruleLines(r: NonNullable<InviteInput["recurrence"]>, zone: string | null): string[] {
  const rule =
    r.frequency === "monthly"
      ? `RRULE:FREQ=MONTHLY;COUNT=${r.count}`
      : `RRULE:FREQ=WEEKLY;COUNT=${r.count};INTERVAL=${r.frequency === "biweekly" ? 2 : 1}`;
  if (r.exclude.length === 0) return [rule];
  const dates = r.exclude.map((d) => dateTime(d, zone)).join(",");
  return [rule, zone ? `EXDATE;TZID=${zone}:${dates}` : `EXDATE:${dates}`];
}
