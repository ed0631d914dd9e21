import { formatPhone } from "../../domain/phone.js";
import type { NewOutboxMessage } from "../db/schema/index.js";
import {
  type BookingMailData,
  type BookingMailKind,
  cancelLines,
  inviteFile,
  type PreviousAssignment,
  placeLines,
  seriesLines,
  timeLines,
} from "./booking-mails.js";
import { composeMail, type Line } from "./layout.js";
import { type MailMessageId, type MailWords, mailWords } from "./words.js";

/**
 * The mails of a booking to its hosts, in each host's own language (their app language, issue 27;
 * none: English, the spec's words): the new, moved and cancelled booking, and a round-robin booking
 * that moved to another host. Dates and times read on the host schedule's clock, in that language.
 */

const SUBJECTS: Record<BookingMailKind, MailMessageId> = {
  created: "host.subject.created",
  rescheduled: "host.subject.rescheduled",
  cancelled: "host.subject.cancelled",
};
const INTROS: Record<BookingMailKind, MailMessageId> = {
  created: "host.intro.created",
  rescheduled: "host.intro.rescheduled",
  cancelled: "host.intro.cancelled",
};

/** Who gets a host's copy and in which language. */
export interface HostRecipient {
  email: string;
  language?: string | null;
}

/** One host's copy of a booking change, with the invite in the host's words. */
export function hostBookingMail(
  kind: BookingMailKind,
  d: BookingMailData,
  to: HostRecipient,
  o: { publicUrl: string; stamp: Date },
): NewOutboxMessage {
  const words = mailWords(to.language);
  const { t } = words;
  const date = words.when(d.start, d.hostZone).date;
  const method = kind === "cancelled" ? "CANCEL" : "REQUEST";
  return {
    ...composeMail(
      to.email,
      t(SUBJECTS[kind], { title: d.title, invitee: d.attendee.name, date }),
      hostLines(kind, d, o.publicUrl, words),
      words.locale,
    ),
    icalEvent: { method, content: inviteFile(d, kind === "cancelled", o.stamp, undefined, words) },
  };
}

function hostLines(kind: BookingMailKind, d: BookingMailData, publicUrl: string, words: MailWords): Line[] {
  const { t } = words;
  const names = { title: d.title, invitee: d.attendee.name };
  const intro =
    kind === "rescheduled" && d.movedBy === "host" ? "host.intro.rescheduledByHost" : INTROS[kind];
  const lines: Line[] = [{ text: t(intro, names) }, { gap: true }];
  lines.push(...timeLines(d, d.hostZone, words), ...seriesLines(d, d.hostZone, words));
  lines.push(...inviteeLines(d, words));
  if (kind !== "cancelled") lines.push(...placeLines(d, words));
  if (d.message) lines.push({ label: t("host.label.message"), value: d.message });
  for (const a of d.answers) lines.push({ label: a.question, value: a.answer || "-" });
  if (kind === "cancelled") lines.push(...cancelLines(d, words));
  lines.push({ gap: true }, { link: t("host.link.meetings"), href: `${publicUrl}/meetings` });
  return lines;
}

/** Who booked: name, address, phone (when asked), zone and guests. */
export function inviteeLines(d: BookingMailData, { t }: MailWords): Line[] {
  const lines: Line[] = [
    { label: t("host.label.invitee"), value: d.attendee.name },
    { label: t("host.label.email"), value: d.attendee.email },
    // E.164 reads "+1 415 555 0134"; an event type that does not ask for it leaves no line.
    ...(d.attendee.phone ? [{ label: t("host.label.phone"), value: formatPhone(d.attendee.phone) }] : []),
    { label: t("host.label.inviteeZone"), value: d.attendee.timezone },
  ];
  if (d.guests.length > 0) lines.push({ label: t("host.label.guests"), value: d.guests.join(", ") });
  return lines;
}

/**
 * A round-robin booking moved to a time its host was not free, so another host took it: the previous
 * host is told (in their language), and the CANCEL of their copy (same UID, this SEQUENCE, their own
 * time and organizer) takes it off their calendar. `d` is the booking as it is now.
 */
export function reassignedAwayMessage(
  d: BookingMailData,
  previous: PreviousAssignment,
  o: { publicUrl: string; stamp: Date },
): NewOutboxMessage {
  const words = mailWords(previous.language);
  const { t } = words;
  const theirs: BookingMailData = {
    ...d,
    host: previous.host,
    hostZone: previous.hostZone,
    start: previous.start,
    end: previous.end,
    previousStart: null,
  };
  const names = { title: d.title, invitee: d.attendee.name, host: d.host.name };
  const relabel = (label: string) => (l: Line) => ("label" in l ? { ...l, label } : l);
  const lines: Line[] = [
    { text: t(d.movedBy === "host" ? "host.reassigned.textByHost" : "host.reassigned.text", names) },
    { gap: true },
    ...timeLines(theirs, previous.hostZone, words).map(relabel(t("host.label.was"))),
    ...timeLines({ ...d, previousStart: null }, previous.hostZone, words).map(relabel(t("host.label.now"))),
    { label: t("host.label.hostNow"), value: d.host.name },
    { label: t("host.label.invitee"), value: d.attendee.name },
    { label: t("host.label.email"), value: d.attendee.email },
    { gap: true },
    { link: t("host.link.meetings"), href: `${o.publicUrl}/meetings` },
  ];
  const date = words.when(previous.start, previous.hostZone).date;
  return {
    ...composeMail(
      previous.host.email,
      t("host.subject.reassigned", { ...names, date }),
      lines,
      words.locale,
    ),
    icalEvent: { method: "CANCEL", content: inviteFile(theirs, true, o.stamp, undefined, words) },
  };
}
