import { eventTypePath } from "../../contract/usernames.js";
import { formatPhone } from "../../domain/phone.js";
import type { NewOutboxMessage } from "../db/schema/index.js";
import { type BookingMailData, manageLinks, placeLines, timeLines, when } from "./booking-mails.js";
import { composeMail, type Line } from "./layout.js";

/**
 * The mails of booking requests (event types that require confirmation, issue 28): the request
 * received (invitee) and the new request with its confirm and decline links (host); a declined or
 * expired request (invitee). A confirmed request sends the booking mails of a new booking
 * (booking-mails.ts "created"): it is one from then on. Requests carry no invite: nothing is on a
 * calendar until the host confirms.
 */
export type RequestMailKind = "requested" | "declined" | "expired";

export interface RequestMailOptions {
  publicUrl: string;
  /** The invitee's manage token (known when the request is made): their view and cancel links. */
  manageToken: string | null;
  /** The token of the host's confirm and decline links (only with "requested"). */
  approvalToken?: string;
  /** When an unanswered request expires (with "requested"). */
  expiresAt?: Date | null;
}

/** The host's confirm and decline links: a small page asks before acting (web /meetings/request). */
export function requestLinks(publicUrl: string, uid: string, token: string) {
  const q = `uid=${encodeURIComponent(uid)}&token=${encodeURIComponent(token)}`;
  return {
    confirm: `${publicUrl}/meetings/request?${q}&action=confirm`,
    decline: `${publicUrl}/meetings/request?${q}&action=decline`,
  };
}

const SUBJECT: Record<RequestMailKind, string> = {
  requested: "Request received",
  declined: "Declined",
  expired: "Request expired",
};

export function requestMessages(
  kind: RequestMailKind,
  d: BookingMailData,
  o: RequestMailOptions,
): NewOutboxMessage[] {
  const zone = d.attendee.timezone;
  const messages: NewOutboxMessage[] = [
    composeMail(
      d.attendee.email,
      `${SUBJECT[kind]}: ${d.title} with ${d.host.name} on ${when(d.start, zone).date}`,
      inviteeLines(kind, d, o),
    ),
  ];
  if (kind === "requested" && o.approvalToken) {
    messages.push(
      composeMail(
        d.host.email,
        `Booking request: ${d.title} with ${d.attendee.name} on ${when(d.start, d.hostZone).date}`,
        hostLines(d, o.publicUrl, o.approvalToken, o.expiresAt ?? null),
      ),
    );
  }
  return messages;
}

function inviteeLines(kind: RequestMailKind, d: BookingMailData, o: RequestMailOptions): Line[] {
  const intro: Record<RequestMailKind, string> = {
    requested: `Hi ${d.attendee.name}, your request to meet with ${d.host.name} was received. It is pending host approval: we will e-mail you when ${d.host.name} confirms or declines it.`,
    declined: `Hi ${d.attendee.name}, ${d.host.name} declined your request for ${d.title}. The time is not booked.`,
    expired: `Hi ${d.attendee.name}, your request to meet with ${d.host.name} expired before it was confirmed. The time is not booked; you are welcome to request another.`,
  };
  const lines: Line[] = [{ text: intro[kind] }, { gap: true }, { label: "Event", value: d.title }];
  lines.push(...timeLines(d, d.attendee.timezone));
  if (kind === "requested") {
    lines.push(...placeLines(d), { label: "Status", value: "Pending host approval" });
    if (o.expiresAt) {
      const e = when(o.expiresAt, d.attendee.timezone);
      lines.push({ label: "Answer expected by", value: `${e.date}, ${e.time}` });
    }
  }
  if (kind === "declined" && d.cancelReason) lines.push({ label: "Reason", value: d.cancelReason });
  if (kind === "requested" && o.manageToken) {
    const links = manageLinks(o.publicUrl, d.uid, d.hostUsername, d.slug, o.manageToken);
    lines.push(
      { gap: true },
      { link: "View your request", href: links.view },
      { link: "Cancel the request", href: links.cancel },
    );
  }
  if (kind !== "requested") {
    lines.push(
      { gap: true },
      { link: "Pick another time", href: `${o.publicUrl}${eventTypePath(d.hostUsername, d.slug)}` },
    );
  }
  return lines;
}

function hostLines(d: BookingMailData, publicUrl: string, token: string, expiresAt: Date | null): Line[] {
  const links = requestLinks(publicUrl, d.uid, token);
  const lines: Line[] = [
    { text: `${d.attendee.name} asked to book ${d.title}. The time is held until you answer.` },
    { gap: true },
    ...timeLines(d, d.hostZone),
    { label: "Invitee", value: d.attendee.name },
    { label: "Email", value: d.attendee.email },
    ...(d.attendee.phone ? [{ label: "Phone", value: formatPhone(d.attendee.phone) }] : []),
    { label: "Invitee time zone", value: d.attendee.timezone },
  ];
  if (d.guests.length > 0) lines.push({ label: "Guests", value: d.guests.join(", ") });
  lines.push(...placeLines(d));
  if (d.message) lines.push({ label: "Message", value: d.message });
  for (const a of d.answers) lines.push({ label: a.question, value: a.answer || "-" });
  if (expiresAt) {
    const e = when(expiresAt, d.hostZone);
    lines.push({ label: "Expires", value: `${e.date}, ${e.time} (${d.hostZone}) if not answered` });
  }
  lines.push(
    { gap: true },
    { link: "Confirm", href: links.confirm },
    { link: "Decline", href: links.decline },
    { link: "Open your meetings", href: `${publicUrl}/meetings?status=pending` },
  );
  return lines;
}
