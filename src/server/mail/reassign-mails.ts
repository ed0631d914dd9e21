import type { NewOutboxMessage } from "../db/schema/index.js";
import {
  type BookingMailData,
  type BookingMailOptions,
  inviteFile,
  timeLines,
  when,
} from "./booking-mails.js";
import type { InvitePerson } from "./ics.js";
import { composeMail, type Line } from "./layout.js";

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
