import type { NewOutboxMessage } from "../db/schema/index.js";
import { type BookingMailData, inviteFile } from "./booking-mails.js";
import { composeMail, type Line } from "./layout.js";
import { mailWords } from "./words.js";

/**
 * The Meet link Google made after the booking (it did not answer in time while the invitee waited):
 * the invitee and guests get it, with the invite updated to carry it (same UID, the new SEQUENCE).
 */
export function meetingLinkMessages(d: BookingMailData, stamp: Date): NewOutboxMessage[] {
  const words = mailWords(d.language);
  const { t } = words;
  const invite = { method: "REQUEST" as const, content: inviteFile(d, false, stamp, undefined, words) };
  return [d.attendee.email, ...d.guests].map((to) => {
    const zone = d.attendee.timezone;
    const start = words.when(d.start, zone);
    const lines: Line[] = [
      { text: t("intro.meetingLink", { host: d.host.name }) },
      { gap: true },
      { label: t("label.event"), value: d.title },
      { label: t("label.when"), value: t("value.previously", { date: start.date, time: start.time, zone }) },
      ...(d.meetingLink ? [{ link: t("link.join"), href: d.meetingLink }] : []),
    ];
    const title = t("subject.meetingLink", { title: d.title, host: d.host.name, date: start.date });
    return { ...composeMail(to, title, lines, words.locale), icalEvent: invite };
  });
}

/**
 * An invitee could not book a Google Meet event type because the host's Google connection is missing,
 * expired or refused: the host is told what happened and how to mend it.
 */
export function calendarRefusedMail(
  to: string,
  o: { hostName: string; eventTitle: string; problem: string; publicUrl: string },
): NewOutboxMessage {
  const lines: Line[] = [
    { text: `Hi ${o.hostName}, an invitee just tried to book ${o.eventTitle} and could not: ${o.problem}` },
    { text: "Until you reconnect, invitees cannot book your event types that use Google Meet." },
    { gap: true },
    { link: "Reconnect Google Calendar", href: `${o.publicUrl}/availability?tab=calendar-settings` },
  ];
  return composeMail(to, "Action needed: reconnect your Google Calendar", lines);
}
