import type { Location } from "../../contract/event-types.js";
import type { NewOutboxMessage } from "../db/schema/index.js";
import { withLanguage } from "./booking-mails.js";
import { composeMail, type Line } from "./layout.js";
import { type MailWords, mailWords } from "./words.js";

/** What a booking reminder says (Calendar Settings, "Reminder e-mails before each meeting"). */
export interface ReminderMailData {
  title: string;
  /** The title in the invitee's language where the host wrote one (issue 27). */
  inviteeTitle?: string;
  start: Date;
  end: Date;
  location: Pick<Location, "value" | "displayName"> | null;
  /** `language`: the invitee's, stored on the booking; their reminder speaks it. */
  attendee: { name: string; email: string; timezone: string; language?: string | null };
  /** `language`: the host's app language (issue 27); their reminder speaks it, null: English. */
  host: { name: string; email: string; timezone: string; language?: string | null };
  /** The invitee's manage links, when a token could be issued. */
  links: { reschedule: string; cancel: string } | null;
  publicUrl: string;
}

/** The invitee's reminder (with their manage links) and the host's, each on their own clock. */
export function reminderMails(d: ReminderMailData): NewOutboxMessage[] {
  const one = (
    to: string,
    zone: string,
    other: string,
    words: MailWords,
    extra: [string, string][],
    title = d.title,
  ) => {
    const { t } = words;
    const start = words.when(d.start, zone);
    const end = words.when(d.end, zone);
    const details: [string, string][] = [
      [t("label.what"), title],
      [t("label.when"), t("value.when", { date: start.date, start: start.time, end: end.time, zone })],
      [t("label.with"), other],
      ...(d.location
        ? [[t("label.where"), d.location.value || d.location.displayName] as [string, string]]
        : []),
      ...extra,
    ];
    const lines: Line[] = [
      { text: t("intro.reminder", { title, other }) },
      { gap: true },
      ...details.map(([label, value]) => ({ label, value })),
    ];
    const subject = t("subject.reminder", { title, other, date: start.date, time: start.time });
    return composeMail(to, subject, lines, words.locale);
  };
  const invitee = mailWords(d.attendee.language);
  const host = mailWords(d.host.language);
  return [
    one(
      d.attendee.email,
      d.attendee.timezone,
      d.host.name,
      invitee,
      d.links
        ? [
            [invitee.t("link.reschedule"), withLanguage(d.links.reschedule, invitee)],
            [invitee.t("link.cancel"), withLanguage(d.links.cancel, invitee)],
          ]
        : [],
      d.inviteeTitle ?? d.title,
    ),
    one(d.host.email, d.host.timezone, `${d.attendee.name} (${d.attendee.email})`, host, [
      [host.t("host.label.meetings"), `${d.publicUrl}/meetings`],
    ]),
  ];
}
