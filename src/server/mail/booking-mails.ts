import { Temporal } from "temporal-polyfill";
import type { Answer } from "../../contract/bookings.js";
import type { Location } from "../../contract/event-types.js";
import { eventTypePath } from "../../contract/usernames.js";
import { formatPhone } from "../../domain/phone.js";
import { formatTimeLabel } from "../../domain/time-labels.js";
import type { NewOutboxMessage } from "../db/schema/index.js";
import { buildInvite, type InvitePerson } from "./ics.js";
import { composeMail, type Line } from "./layout.js";

/** What the booking mails say; every string in it may come from a stranger and is escaped on output. */
export interface BookingMailData {
  uid: string;
  /** The iCalendar SEQUENCE of this version of the booking. */
  sequence: number;
  title: string;
  slug: string;
  /** The host's username: booking links are /{username}/{slug}. */
  hostUsername: string;
  start: Date;
  end: Date;
  /** The host schedule's zone: the invite's zone and the host mail's. */
  hostZone: string;
  host: InvitePerson;
  /** The other hosts of a collective booking: each gets the host's mail and is on the invite. */
  coHosts?: InvitePerson[];
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
  /**
   * A seat of a group event whose host shows attendees to each other: the other attendees' names
   * (never their addresses), in the attendee's mail only.
   */
  otherAttendees?: string[];
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
  const invite = {
    method: kind === "cancelled" ? "CANCEL" : "REQUEST",
    content: inviteFile(d, kind === "cancelled", o.stamp),
  };

  const messages: NewOutboxMessage[] = [];
  const forInvitee = (to: string, withLinks: typeof links) => {
    const lines = inviteeLines(kind, d, withLinks);
    messages.push({
      ...composeMail(
        to,
        `${SUBJECT_PREFIX[kind]}: ${d.title} with ${d.host.name} on ${when(d.start, d.attendee.timezone).date}`,
        lines,
      ),
      icalEvent: invite,
    });
  };
  forInvitee(d.attendee.email, links);
  for (const guest of d.guests) forInvitee(guest, null);

  const hostCopies = [...(o.notifyHost ? [d.host.email] : []), ...(d.coHosts ?? []).map((h) => h.email)];
  for (const to of hostCopies) {
    const lines = hostLines(kind, d, o.publicUrl);
    messages.push({
      ...composeMail(
        to,
        `${HOST_PREFIX[kind]}: ${d.title} with ${d.attendee.name} on ${when(d.start, d.hostZone).date}`,
        lines,
      ),
      icalEvent: invite,
    });
  }
  return messages;
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
): string {
  const where = locationText(d.location);
  const description = [
    d.title,
    where ? `Where: ${where}` : "",
    d.meetingLink && d.meetingLink !== d.location?.value ? `Join: ${d.meetingLink}` : "",
    `Invitee: ${d.attendee.name} (${d.attendee.email})`,
    d.message ? `Message: ${d.message}` : "",
    download?.links && !cancelled ? `\nReschedule: ${download.links.reschedule}` : "",
    download?.links && !cancelled ? `Cancel: ${download.links.cancel}` : "",
  ]
    .filter(Boolean)
    .join("\n");
  return buildInvite({
    uid: d.uid,
    sequence: d.sequence,
    method: download ? "PUBLISH" : cancelled ? "CANCEL" : "REQUEST",
    cancelled,
    start: d.start,
    end: d.end,
    timeZone: d.hostZone,
    summary: `${d.title} between ${d.host.name} and ${d.attendee.name}`,
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
  hostZone: string;
  start: Date;
  end: Date;
}

/**
 * A round-robin booking moved to a time its host was not free, so another host took it: the previous
 * host is told, and the CANCEL of their copy (same UID, this SEQUENCE, their own time and organizer)
 * takes it off their calendar. `d` is the booking as it is now.
 */
export function reassignedAwayMessage(
  d: BookingMailData,
  previous: PreviousAssignment,
  o: Pick<BookingMailOptions, "publicUrl" | "stamp">,
): NewOutboxMessage {
  const theirs: BookingMailData = {
    ...d,
    host: previous.host,
    hostZone: previous.hostZone,
    start: previous.start,
    end: previous.end,
    previousStart: null,
  };
  const mover = d.movedBy === "host" ? "It was moved" : `${d.attendee.name} moved it`;
  const lines: Line[] = [
    {
      text: `${mover} to a time you are not free, so ${d.host.name} hosts ${d.title} with ${d.attendee.name} now. It is off your schedule.`,
    },
    { gap: true },
    ...timeLines(theirs, previous.hostZone).map((l) => ("label" in l ? { ...l, label: "Was" } : l)),
    ...timeLines({ ...d, previousStart: null }, previous.hostZone).map((l) =>
      "label" in l ? { ...l, label: "Now" } : l,
    ),
    { label: "Host now", value: d.host.name },
    { label: "Invitee", value: d.attendee.name },
    { label: "Email", value: d.attendee.email },
    { gap: true },
    { link: "Open your meetings", href: `${o.publicUrl}/meetings` },
  ];
  return {
    ...composeMail(
      previous.host.email,
      `Reassigned: ${d.title} with ${d.attendee.name} on ${when(previous.start, previous.hostZone).date}`,
      lines,
    ),
    icalEvent: { method: "CANCEL", content: inviteFile(theirs, true, o.stamp) },
  };
}

export const SUBJECT_PREFIX: Record<BookingMailKind, string> = {
  created: "Confirmed",
  cancelled: "Cancelled",
  rescheduled: "Rescheduled",
};
const HOST_PREFIX: Record<BookingMailKind, string> = {
  created: "New booking",
  cancelled: "Cancelled",
  rescheduled: "Rescheduled",
};

function inviteeLines(
  kind: BookingMailKind,
  d: BookingMailData,
  links: ReturnType<typeof manageLinks> | null,
): Line[] {
  const zone = d.attendee.timezone;
  const intro: Record<BookingMailKind, string> = {
    created: `Hi ${d.attendee.name}, your meeting with ${d.host.name} is scheduled.`,
    rescheduled:
      d.movedBy === "host"
        ? `Hi ${d.attendee.name}, ${d.host.name} moved your meeting to a new time.`
        : `Hi ${d.attendee.name}, your meeting with ${d.host.name} has a new time.`,
    cancelled: `Hi ${d.attendee.name}, your meeting with ${d.host.name} has been cancelled.`,
  };
  const lines: Line[] = [{ text: intro[kind] }, { gap: true }, { label: "Event", value: d.title }];
  lines.push(...timeLines(d, zone));
  if (kind !== "cancelled") lines.push(...placeLines(d));
  if (kind !== "cancelled" && d.otherAttendees?.length)
    lines.push({ label: "Other attendees", value: d.otherAttendees.join(", ") });
  if (kind === "cancelled") lines.push(...cancelLines(d));
  if (links) {
    lines.push(
      { gap: true },
      { link: "View your booking", href: links.view },
      { link: "Reschedule", href: links.reschedule },
      { link: "Cancel", href: links.cancel },
    );
  }
  return lines;
}

function hostLines(kind: BookingMailKind, d: BookingMailData, publicUrl: string): Line[] {
  const intro: Record<BookingMailKind, string> = {
    created: `${d.attendee.name} booked ${d.title}.`,
    rescheduled:
      d.movedBy === "host"
        ? `You moved ${d.title} with ${d.attendee.name} to a new time.`
        : `${d.attendee.name} moved ${d.title} to a new time.`,
    cancelled: `${d.title} with ${d.attendee.name} has been cancelled.`,
  };
  const lines: Line[] = [{ text: intro[kind] }, { gap: true }];
  lines.push(...timeLines(d, d.hostZone));
  lines.push(
    { label: "Invitee", value: d.attendee.name },
    { label: "Email", value: d.attendee.email },
    // E.164 reads "+1 415 555 0134"; an event type that does not ask for it leaves no line.
    ...(d.attendee.phone ? [{ label: "Phone", value: formatPhone(d.attendee.phone) }] : []),
    { label: "Invitee time zone", value: d.attendee.timezone },
  );
  if (d.guests.length > 0) lines.push({ label: "Guests", value: d.guests.join(", ") });
  if (kind !== "cancelled") lines.push(...placeLines(d));
  if (d.message) lines.push({ label: "Message", value: d.message });
  for (const a of d.answers) lines.push({ label: a.question, value: a.answer || "-" });
  if (kind === "cancelled") lines.push(...cancelLines(d));
  lines.push({ gap: true }, { link: "Open your meetings", href: `${publicUrl}/meetings` });
  return lines;
}

export function timeLines(d: BookingMailData, zone: string): Line[] {
  const start = when(d.start, zone);
  const end = when(d.end, zone);
  const lines: Line[] = [{ label: "When", value: `${start.date}, ${start.time} - ${end.time} (${zone})` }];
  if (d.previousStart) {
    const before = when(d.previousStart, zone);
    lines.push({ label: "Previously", value: `${before.date}, ${before.time} (${zone})` });
  }
  return lines;
}

export function placeLines(d: BookingMailData): Line[] {
  const lines: Line[] = [];
  const where = locationText(d.location);
  if (where) lines.push({ label: "Where", value: where });
  if (d.meetingLink && d.meetingLink !== where) lines.push({ link: "Join the meeting", href: d.meetingLink });
  return lines;
}

function cancelLines(d: BookingMailData): Line[] {
  const lines: Line[] = [];
  if (d.cancelledBy)
    lines.push({ label: "Cancelled by", value: d.cancelledBy === "host" ? d.host.name : d.attendee.name });
  if (d.cancelReason) lines.push({ label: "Reason", value: d.cancelReason });
  if (d.cancelNote) lines.push({ label: "Note", value: d.cancelNote });
  return lines;
}

function locationText(location: Location | null): string | null {
  if (!location) return null;
  return location.value ? `${location.displayName}: ${location.value}` : location.displayName;
}

/** Formatters by zone: building an Intl.DateTimeFormat costs far more than using one. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** Date and '9:00am' time of an instant on a zone's wall clock (never the server's zone). */
export function when(instant: Date, zone: string): { date: string; time: string } {
  const zdt = Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(zone);
  let format = dateFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      weekday: "long",
      month: "long",
      day: "numeric",
      year: "numeric",
    });
    dateFormats.set(zone, format);
  }
  return { date: format.format(instant), time: formatTimeLabel(zdt.hour * 60 + zdt.minute) };
}
