import type { NewOutboxMessage } from "../db/schema/index.js";
import { type BookingMailData, inviteFile, when } from "./booking-mails.js";
import { composeMail, type Line } from "./layout.js";

/**
 * The Meet link Google made after the booking (it did not answer in time while the invitee waited):
 * the invitee and guests get it, with the invite updated to carry it (same UID, the new SEQUENCE).
 */
export function meetingLinkMessages(d: BookingMailData, stamp: Date): NewOutboxMessage[] {
  const invite = { method: "REQUEST" as const, content: inviteFile(d, false, stamp) };
  return [d.attendee.email, ...d.guests].map((to) => {
    const zone = d.attendee.timezone;
    const start = when(d.start, zone);
    const lines: Line[] = [
      { text: `The link to join your meeting with ${d.host.name} is ready.` },
      { gap: true },
      { label: "Event", value: d.title },
      { label: "When", value: `${start.date}, ${start.time} (${zone})` },
      ...(d.meetingLink ? [{ link: "Join the meeting", href: d.meetingLink }] : []),
    ];
    return {
      ...composeMail(to, `Meeting link: ${d.title} with ${d.host.name} on ${start.date}`, lines),
      icalEvent: invite,
    };
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
