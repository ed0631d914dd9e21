import type { Location } from "../../contract/event-types.js";
import type { NewOutboxMessage } from "../db/schema/index.js";
import { when } from "./booking-mails.js";
import { composeMail, type Line } from "./layout.js";

/** What a booking reminder says (Calendar Settings, "Reminder e-mails before each meeting"). */
export interface ReminderMailData {
  title: string;
  start: Date;
  end: Date;
  location: Pick<Location, "value" | "displayName"> | null;
  attendee: { name: string; email: string; timezone: string };
  host: { name: string; email: string; timezone: string };
  /** The invitee's manage links, when a token could be issued. */
  links: { reschedule: string; cancel: string } | null;
  publicUrl: string;
}

/** The invitee's reminder (with their manage links) and the host's, each on their own clock. */
export function reminderMails(d: ReminderMailData): NewOutboxMessage[] {
  const one = (to: string, zone: string, other: string, extra: [string, string][]) => {
    const start = when(d.start, zone);
    const end = when(d.end, zone);
    const details: [string, string][] = [
      ["What", d.title],
      ["When", `${start.date}, ${start.time} - ${end.time} (${zone})`],
      ["With", other],
      ...(d.location ? [["Where", d.location.value || d.location.displayName] as [string, string]] : []),
      ...extra,
    ];
    const lines: Line[] = [
      { text: `Reminder: ${d.title} with ${other} is coming up.` },
      { gap: true },
      ...details.map(([label, value]) => ({ label, value })),
    ];
    return composeMail(to, `Reminder: ${d.title} with ${other} on ${start.date} at ${start.time}`, lines);
  };
  return [
    one(
      d.attendee.email,
      d.attendee.timezone,
      d.host.name,
      d.links
        ? [
            ["Reschedule", d.links.reschedule],
            ["Cancel", d.links.cancel],
          ]
        : [],
    ),
    one(d.host.email, d.host.timezone, `${d.attendee.name} (${d.attendee.email})`, [
      ["Meetings", `${d.publicUrl}/meetings`],
    ]),
  ];
}
