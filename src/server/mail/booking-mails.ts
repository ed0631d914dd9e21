import type { Answer } from "../../contract/bookings.js";
import type { Location } from "../../contract/event-types.js";
import { eventTypePath } from "../../contract/usernames.js";
import type { NewOutboxMessage } from "../db/schema/index.js";
import { hostBookingMail } from "./host-mails.js";
import { buildInvite, type InvitePerson } from "./ics.js";
import { composeMail, type Line } from "./layout.js";
import { type MailMessageId, type MailWords, mailWords } from "./words.js";

/** What the booking mails say; every string in it may come from a stranger and is escaped on output. */
export interface BookingMailData {
  uid: string;
  /** The iCalendar SEQUENCE of this version of the booking. */
  sequence: number;
  title: string;
  /** The title in the invitee's language where the host wrote one (issue 27); their mails and invite say it. */
  inviteeTitle?: string;
  slug: string;
  /** The host's username: booking links are /{username}/{slug}. */
  hostUsername: string;
  start: Date;
  end: Date;
  /** The host schedule's zone: the invite's zone and the host mail's. */
  hostZone: string;
  host: InvitePerson;
  /** The host's app language (issue 27): their copy speaks it; null: English. */
  hostLanguage?: string | null;
  /** The other hosts of a collective booking: each gets the host's mail (in their language) and is on the invite. */
  coHosts?: (InvitePerson & { language?: string | null })[];
  attendee: InvitePerson & { phone: string; timezone: string };
  guests: string[];
  location: Location | null;
  meetingLink: string | null;
  message: string;
  answers: Answer[];
  cancelReason?: string | null;
  cancelNote?: string | null;
  cancelledBy?: "host" | "invitee" | null;
  /** The start before a reschedule. */
  previousStart?: Date | null;
  /** Who moved it (a reschedule): the intros say so. */
  movedBy?: "host" | "invitee" | null;
  /** The invitee's language, stored on the booking (issue 27): their mails and invite speak it. */
  language?: string | null;
  /**
   * A seat of a group event whose host shows attendees to each other: the other attendees' names
   * (never their addresses), in the attendee's mail only.
   */
  otherAttendees?: string[];
  /** A recurring booking's confirmation (issue 28 item 3): the rule, its dates and the invite's RRULE. */
  series?: SeriesMailData | null;
  /**
   * Other calendar events the change updates, each attached as its own invite (one UID per iTIP
   * message): the series an occurrence was moved out of (its date now an EXDATE, a higher SEQUENCE),
   * or a moved occurrence's own event that a "this and following" move folds back into a series.
   */
  alsoInvites?: { data: BookingMailData; cancelled: boolean }[];
}

export interface SeriesMailData {
  /** The series' own calendar UID (not an occurrence's), so cancelling one occurrence never removes the rest. */
  uid: string;
  /** Goes up with every occurrence cancelled or moved off its date (an EXDATE more), and when cut short. */
  sequence: number;
  frequency: "weekly" | "biweekly" | "monthly";
  count: number;
  /** "Every week for 6 occurrences". */
  description: string;
  /** The zone the occurrences repeat in (the invitee's): the invite's TZID, so RRULE gives the same dates. */
  timezone: string;
  /** The rule's first occurrence (DTSTART), booked or not, and its end. */
  start: Date;
  end: Date;
  /** The starts of the occurrences booked. */
  booked: Date[];
  /** The starts of the occurrences skipped or cancelled (EXDATE). */
  exclude: Date[];
}

export type BookingMailKind = "created" | "cancelled" | "rescheduled";

export interface BookingMailOptions {
  publicUrl: string;
  /** The invitee's manage token, when known (create, and invitee actions); puts links in the invitee's mail. */
  manageToken: string | null;
  stamp: Date;
  /** The host's notification settings may silence their copy. */
  notifyHost: boolean;
}

/** Links the invitee uses to view, reschedule and cancel without signing in. */
export function manageLinks(publicUrl: string, uid: string, username: string, slug: string, token: string) {
  const q = `uid=${encodeURIComponent(uid)}&token=${encodeURIComponent(token)}`;
  return {
    view: `${publicUrl}/booking-confirmed?${q}`,
    reschedule: `${publicUrl}${eventTypePath(username, slug)}?reschedule=${encodeURIComponent(uid)}&token=${encodeURIComponent(token)}`,
    cancel: `${publicUrl}/booking-confirmed?${q}&action=cancel`,
  };
}

/** The booking as its invitee reads it: the title in their language where the host wrote one. */
export const forInvitee = (d: BookingMailData): BookingMailData =>
  d.inviteeTitle ? { ...d, title: d.inviteeTitle } : d;

/**
 * The messages for one booking event: invitee, guests and (unless silenced) host. They share one
 * invite (same UID, SEQUENCE and text), which carries no manage link: only the invitee's mail does.
 */
export function bookingMessages(
  kind: BookingMailKind,
  d: BookingMailData,
  o: BookingMailOptions,
): NewOutboxMessage[] {
  const links =
    o.manageToken && kind !== "cancelled"
      ? manageLinks(o.publicUrl, d.uid, d.hostUsername, d.slug, o.manageToken)
      : null;
  const method = kind === "cancelled" ? "CANCEL" : "REQUEST";
  const words = mailWords(d.language);
  const mine = forInvitee(d);
  // The invitee and their guests get the invite in the invitee's language; each host in their own (host-mails.ts).
  const inviteeInvite = {
    method,
    content: inviteFile(mine, kind === "cancelled", o.stamp, undefined, words),
  };

  const inviteeAlso = alsoAttached(d, o.stamp, words, forInvitee);

  const messages: NewOutboxMessage[] = [];
  const toInvitee = (to: string, withLinks: typeof links) => {
    const lines = inviteeLines(kind, mine, withLinks, words);
    const date = words.when(d.start, d.attendee.timezone).date;
    messages.push({
      ...composeMail(
        to,
        words.t(`subject.${kind}`, { title: mine.title, host: d.host.name, date }),
        lines,
        words.locale,
      ),
      icalEvent: inviteeInvite,
      ...(inviteeAlso.length > 0 ? { attachments: inviteeAlso } : {}),
    });
  };
  toInvitee(d.attendee.email, links);
  for (const guest of d.guests) toInvitee(guest, null);

  const hostCopies = [
    ...(o.notifyHost ? [{ email: d.host.email, language: d.hostLanguage }] : []),
    ...(d.coHosts ?? []),
  ];
  for (const to of hostCopies) {
    const mail = hostBookingMail(kind, d, to, o);
    // A series' other invites ride along (service-series-move.ts), in the host's language.
    const also = alsoAttached(d, o.stamp, mailWords(to.language));
    messages.push(also.length > 0 ? { ...mail, attachments: also } : mail);
  }
  return messages;
}

/**
 * The other invites a change updates (BookingMailData.alsoInvites), as attachments calendar apps
 * import; `as` words them for their reader (the invitee's title).
 */
function alsoAttached(
  d: BookingMailData,
  stamp: Date,
  words?: MailWords,
  as: (x: BookingMailData) => BookingMailData = (x) => x,
) {
  return (d.alsoInvites ?? []).map((x, i) => {
    const method = x.cancelled ? "CANCEL" : "REQUEST";
    return {
      filename: `invite-${i + 2}.ics`,
      contentType: `text/calendar; charset=utf-8; method=${method}`,
      content: inviteFile(as(x.data), x.cancelled, stamp, undefined, words),
    };
  });
}

/**
 * The booking's invite (CANCEL once cancelled), as the mails carry it; with `download`, the plain event
 * (PUBLISH) the .ics download serves, carrying the invitee's manage links.
 */
export function inviteFile(
  d: BookingMailData,
  cancelled: boolean,
  stamp: Date,
  download?: { links: ReturnType<typeof manageLinks> | null },
  words: MailWords = mailWords(null),
): string {
  const { t } = words;
  const where = locationText(d.location);
  const links = download?.links && !cancelled ? download.links : null;
  const description = [
    d.title,
    where ? t("ics.where", { where }) : "",
    d.meetingLink && d.meetingLink !== d.location?.value ? t("ics.join", { link: d.meetingLink }) : "",
    t("ics.invitee", { name: d.attendee.name, email: d.attendee.email }),
    d.message ? t("ics.message", { message: d.message }) : "",
    links ? `\n${t("ics.reschedule", { link: links.reschedule })}` : "",
    links ? t("ics.cancel", { link: links.cancel }) : "",
  ]
    .filter(Boolean)
    .join("\n");
  const series = d.series;
  // A series stays on calendars, one date fewer, until its last occurrence is cancelled.
  const over = cancelled && (!series || series.booked.length === 0);
  return buildInvite({
    uid: series?.uid ?? d.uid,
    sequence: series?.sequence ?? d.sequence,
    method: download ? "PUBLISH" : over ? "CANCEL" : "REQUEST",
    cancelled: over,
    start: series?.start ?? d.start,
    end: series?.end ?? d.end,
    timeZone: series?.timezone ?? d.hostZone,
    recurrence: series
      ? { frequency: series.frequency, count: series.count, exclude: series.exclude }
      : undefined,
    summary: t("ics.summary", { title: d.title, host: d.host.name, invitee: d.attendee.name }),
    description,
    location: d.meetingLink ?? where,
    url: download?.links?.view ?? null,
    organizer: d.host,
    attendees: [...(d.coHosts ?? []), d.attendee, ...d.guests.map((email) => ({ name: email, email }))],
    stamp,
  });
}

/** Where a round-robin booking was before it moved to a time its host was not free. */
export interface PreviousAssignment {
  host: InvitePerson;
  /** The previous host's app language: their mail speaks it. */
  language?: string | null;
  hostZone: string;
  start: Date;
  end: Date;
}

function inviteeLines(
  kind: BookingMailKind,
  d: BookingMailData,
  links: ReturnType<typeof manageLinks> | null,
  words: MailWords,
): Line[] {
  const { t } = words;
  const zone = d.attendee.timezone;
  const intro =
    kind === "rescheduled" && d.movedBy === "host" ? "intro.rescheduledByHost" : (`intro.${kind}` as const);
  const lines: Line[] = [
    { text: t(intro, { name: d.attendee.name, host: d.host.name }) },
    { gap: true },
    { label: t("label.event"), value: d.title },
  ];
  lines.push(...timeLines(d, zone, words), ...seriesLines(d, zone, words));
  if (kind !== "cancelled") lines.push(...placeLines(d, words));
  if (kind !== "cancelled" && d.otherAttendees?.length)
    lines.push({ label: t("label.otherAttendees"), value: d.otherAttendees.join(", ") });
  if (kind === "cancelled") lines.push(...cancelLines(d, words));
  if (links) {
    lines.push(
      { gap: true },
      { link: t("link.view"), href: withLanguage(links.view, words) },
      { link: t("link.reschedule"), href: withLanguage(links.reschedule, words) },
      { link: t("link.cancel"), href: withLanguage(links.cancel, words) },
    );
  }
  return lines;
}

/** An invitee's link to our pages opens them in the invitee's language. */
export const withLanguage = (href: string, words: MailWords) =>
  words.locale === "en" ? href : `${href}${href.includes("?") ? "&" : "?"}lang=${words.locale}`;

/** The 'When' (and 'Previously') lines; in English unless the invitee's words are given. */
export function timeLines(d: BookingMailData, zone: string, words: MailWords = mailWords(null)): Line[] {
  const { t } = words;
  const start = words.when(d.start, zone);
  const end = words.when(d.end, zone);
  const lines: Line[] = [
    {
      label: t("label.when"),
      value: t("value.when", { date: start.date, start: start.time, end: end.time, zone }),
    },
  ];
  if (d.previousStart) {
    const before = words.when(d.previousStart, zone);
    lines.push({
      label: t("label.previously"),
      value: t("value.previously", { date: before.date, time: before.time, zone }),
    });
  }
  return lines;
}

/** A series' rule and every booked date, on the reader's wall clock and in their words. */
export function seriesLines(d: BookingMailData, zone: string, words: MailWords = mailWords(null)): Line[] {
  if (!d.series) return [];
  const dates = d.series.booked.map((start) => {
    const w = words.when(start, zone);
    return `${w.date}, ${w.time}`;
  });
  const { frequency, count } = d.series;
  return [
    { label: words.t("label.repeats"), value: words.t("value.repeats", { frequency, count }) },
    { label: words.t("label.dates"), value: dates.join("; ") },
  ];
}

export function placeLines(d: BookingMailData, words: MailWords = mailWords(null)): Line[] {
  const lines: Line[] = [];
  const where = locationText(d.location);
  if (where) lines.push({ label: words.t("label.where"), value: where });
  if (d.meetingLink && d.meetingLink !== where)
    lines.push({ link: words.t("link.join"), href: d.meetingLink });
  return lines;
}

export function cancelLines(d: BookingMailData, { t }: MailWords): Line[] {
  const lines: Line[] = [];
  if (d.cancelledBy)
    lines.push({
      label: t("label.cancelledBy"),
      value: d.cancelledBy === "host" ? d.host.name : d.attendee.name,
    });
  if (d.cancelReason) lines.push({ label: t("label.reason"), value: reasonIn(d.cancelReason, t) });
  if (d.cancelNote) lines.push({ label: t("label.note"), value: d.cancelNote });
  return lines;
}

/** The product's fixed cancel reasons (contract/booking-constants.ts) in the reader's language; others as typed. */
const REASONS: Record<string, MailMessageId> = {
  "Changed plans": "reason.changedPlans",
  "Found better option": "reason.betterOption",
  "Booked by mistake": "reason.mistake",
  Other: "reason.other",
  "Scheduling conflict": "reason.conflict",
  "No longer available at this time": "reason.unavailable",
  "Meeting no longer needed": "reason.notNeeded",
};
export const reasonIn = (reason: string, t: MailWords["t"]) =>
  REASONS[reason] ? t(REASONS[reason]) : reason;

function locationText(location: Location | null): string | null {
  if (!location) return null;
  return location.value ? `${location.displayName}: ${location.value}` : location.displayName;
}

/** Date and '9:00am' time of an instant on a zone's wall clock (never the server's zone), in English. */
export function when(instant: Date, zone: string): { date: string; time: string } {
  return mailWords(null).when(instant, zone);
}
