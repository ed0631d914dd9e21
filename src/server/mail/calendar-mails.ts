import type { NewOutboxMessage } from "../db/schema/index.js";
import { type BookingMailData, forInvitee, inviteFile } from "./booking-mails.js";
import { composeMail, type Line } from "./layout.js";
import { type MailMessageId, mailWords } from "./words.js";

/**
 * The Meet link Google made after the booking (it did not answer in time while the invitee waited):
 * the invitee and guests get it, with the invite updated to carry it (same UID, the new SEQUENCE).
 */
export function meetingLinkMessages(booking: BookingMailData, stamp: Date): NewOutboxMessage[] {
  const d = forInvitee(booking);
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

const PROBLEMS: Record<string, MailMessageId> = {
  GOOGLE_NOT_CONNECTED: "calendar.problem.notConnected",
  GOOGLE_TOKEN_EXPIRED: "calendar.problem.expired",
  GOOGLE_ACCESS_DENIED: "calendar.problem.denied",
  MEETING_CREATION_FAILED: "calendar.problem.failed",
};

/**
 * An invitee could not book a Google Meet event type because the host's Google connection is missing,
 * expired or refused: the host is told what happened and how to mend it.
 */
export function calendarRefusedMail(
  to: string,
  o: {
    hostName: string;
    eventTitle: string;
    /** The problem in English (notices queued before issue 27 carry only this). */
    problem: string;
    /** The refusal's code and the Google account: the problem in the host's words. */
    code?: string;
    email?: string;
    publicUrl: string;
    language?: string | null;
  },
): NewOutboxMessage {
  // The host's app language (issue 27).
  const { t, locale } = mailWords(o.language);
  const id = o.code ? PROBLEMS[o.code] : undefined;
  const problem = id ? t(id, { email: o.email ?? "" }) : o.problem;
  const lines: Line[] = [
    { text: t("calendar.refused.intro", { name: o.hostName, title: o.eventTitle, problem }) },
    { text: t("calendar.refused.until") },
    { gap: true },
    { link: t("calendar.refused.link"), href: `${o.publicUrl}/availability?tab=calendar-settings` },
  ];
  return composeMail(to, t("calendar.refused.subject"), lines, locale);
}
