import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventRepeatingFreq,
  ICalEventStatus,
  type ICalRepeatingOptions,
} from "ical-generator";
import { Temporal } from "temporal-polyfill";
import { tzlib_get_ical_block, tzlib_get_timezones } from "timezones-ical-library";

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
/** VTIMEZONE blocks by zone: the library rebuilds one on every call, and zones do not change while we run. */
const blocks = new Map<string, string | null>();

function vtimezone(zone: string): string | null {
  const cached = blocks.get(zone);
  if (cached !== undefined) return cached;
  knownZones ??= new Set(tzlib_get_timezones() as string[]);
  let block: string | null = null;
  if (knownZones.has(zone)) {
    try {
      const found = tzlib_get_ical_block(zone);
      if (Array.isArray(found) && found[0]?.startsWith("BEGIN:VTIMEZONE")) block = found[0];
    } catch {
      block = null;
    }
  }
  blocks.set(zone, block);
  return block;
}

const METHODS = {
  REQUEST: ICalCalendarMethod.REQUEST,
  CANCEL: ICalCalendarMethod.CANCEL,
  PUBLISH: ICalCalendarMethod.PUBLISH,
} as const;

/** Parameter values cannot hold quotes or line breaks; names go in CN="...". */
const paramSafe = (value: string) => value.replace(/[\r\n"]+/g, " ").trim();

/**
 * An iCalendar invite (RFC 5545/5546). Times are passed to ical-generator as zoned
 * Temporal values: a plain Date with `timezone:` would be written in the server's own zone.
 */
export function buildInvite(input: InviteInput): string {
  const zoneBlock = vtimezone(input.timeZone);
  const cal = ical({
    prodId: { company: "Kairos", product: "Kairos", language: "EN" },
    method: METHODS[input.method],
  });
  // No calendar-level zone name: ical-generator would then write DTSTAMP as local time instead of UTC.
  // The generator still emits the VTIMEZONE of every zone an event uses.
  if (zoneBlock)
    cal.timezone({ name: null, generator: (zone) => (zone === input.timeZone ? zoneBlock : null) });
  const zoned = (d: Date) =>
    Temporal.Instant.fromEpochMilliseconds(d.getTime()).toZonedDateTimeISO(
      zoneBlock ? input.timeZone : "UTC",
    );
  const event = cal.createEvent({
    id: calendarUid(input.uid),
    sequence: input.sequence,
    start: zoned(input.start),
    end: zoned(input.end),
    timezone: zoneBlock ? input.timeZone : null,
    stamp: Temporal.Instant.fromEpochMilliseconds(input.stamp.getTime()),
    summary: input.summary,
    description: input.description,
    location: input.location ?? undefined,
    url: input.url ?? undefined,
    status:
      input.method === "CANCEL" || input.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: paramSafe(input.organizer.name), email: input.organizer.email },
    ...(input.recurrence ? { repeating: repeatingOf(input.recurrence, zoned) } : {}),
  });
  // RFC 5546 3.2.1: a PUBLISH carries no ATTENDEE (nobody is asked to reply).
  for (const person of input.method === "PUBLISH" ? [] : input.attendees) {
    event.createAttendee({
      name: paramSafe(person.name) || undefined,
      email: person.email,
      role: ICalAttendeeRole.REQ,
      // The invitee chose this time; on CANCEL the organizer withdraws the event, no answer is implied.
      status: input.method === "CANCEL" ? null : ICalAttendeeStatus.ACCEPTED,
    });
  }
  return cal.toString();
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

function repeatingOf(
  r: NonNullable<InviteInput["recurrence"]>,
  zoned: (d: Date) => Temporal.ZonedDateTime,
): ICalRepeatingOptions {
  return {
    freq: r.frequency === "monthly" ? ICalEventRepeatingFreq.MONTHLY : ICalEventRepeatingFreq.WEEKLY,
    count: r.count,
    ...(r.frequency === "monthly" ? {} : { interval: r.frequency === "biweekly" ? 2 : 1 }),
    ...(r.exclude.length > 0 ? { exclude: r.exclude.map(zoned) } : {}),
  };
}
