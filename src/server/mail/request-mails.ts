import { eventTypePath } from "../../contract/usernames.js";
import type { NewOutboxMessage } from "../db/schema/index.js";
import {
  type BookingMailData,
  forInvitee,
  manageLinks,
  placeLines,
  reasonIn,
  timeLines,
  withLanguage,
} from "./booking-mails.js";
import { inviteeLines as whoBooked } from "./host-mails.js";
import { composeMail, type Line } from "./layout.js";
import { type MailWords, mailWords } from "./words.js";

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

export function requestMessages(
  kind: RequestMailKind,
  d: BookingMailData,
  o: RequestMailOptions,
): NewOutboxMessage[] {
  const words = mailWords(d.language);
  const date = words.when(d.start, d.attendee.timezone).date;
  const mine = forInvitee(d);
  const messages: NewOutboxMessage[] = [
    composeMail(
      d.attendee.email,
      words.t(`subject.${kind}`, { title: mine.title, host: d.host.name, date }),
      inviteeLines(kind, mine, o, words),
      words.locale,
    ),
  ];
  if (kind === "requested" && o.approvalToken) {
    // The host's copy speaks the host's app language (issue 27).
    const host = mailWords(d.hostLanguage);
    const hostDate = host.when(d.start, d.hostZone).date;
    messages.push(
      composeMail(
        d.host.email,
        host.t("host.subject.request", { title: d.title, invitee: d.attendee.name, date: hostDate }),
        hostLines(d, o.publicUrl, o.approvalToken, o.expiresAt ?? null, host),
        host.locale,
      ),
    );
  }
  return messages;
}

function inviteeLines(
  kind: RequestMailKind,
  d: BookingMailData,
  o: RequestMailOptions,
  words: MailWords,
): Line[] {
  const { t } = words;
  const intro = t(`intro.${kind}`, { name: d.attendee.name, host: d.host.name, title: d.title });
  const lines: Line[] = [{ text: intro }, { gap: true }, { label: t("label.event"), value: d.title }];
  lines.push(...timeLines(d, d.attendee.timezone, words));
  if (kind === "requested") {
    lines.push(...placeLines(d, words), { label: t("label.status"), value: t("value.pending") });
    if (o.expiresAt) {
      const e = words.when(o.expiresAt, d.attendee.timezone);
      lines.push({ label: t("label.answerBy"), value: t("value.dateTime", { date: e.date, time: e.time }) });
    }
  }
  if (kind === "declined" && d.cancelReason)
    lines.push({ label: t("label.reason"), value: reasonIn(d.cancelReason, t) });
  if (kind === "requested" && o.manageToken) {
    const links = manageLinks(o.publicUrl, d.uid, d.hostUsername, d.slug, o.manageToken);
    lines.push(
      { gap: true },
      { link: t("link.viewRequest"), href: withLanguage(links.view, words) },
      { link: t("link.cancelRequest"), href: withLanguage(links.cancel, words) },
    );
  }
  if (kind !== "requested") {
    const again = `${o.publicUrl}${eventTypePath(d.hostUsername, d.slug)}`;
    lines.push({ gap: true }, { link: t("link.pickAnother"), href: withLanguage(again, words) });
  }
  return lines;
}

function hostLines(
  d: BookingMailData,
  publicUrl: string,
  token: string,
  expiresAt: Date | null,
  words: MailWords,
): Line[] {
  const { t } = words;
  const links = requestLinks(publicUrl, d.uid, token);
  const lines: Line[] = [
    { text: t("host.intro.requested", { title: d.title, invitee: d.attendee.name }) },
    { gap: true },
    ...timeLines(d, d.hostZone, words),
    ...whoBooked(d, words),
  ];
  lines.push(...placeLines(d, words));
  if (d.message) lines.push({ label: t("host.label.message"), value: d.message });
  for (const a of d.answers) lines.push({ label: a.question, value: a.answer || "-" });
  if (expiresAt) {
    const e = words.when(expiresAt, d.hostZone);
    lines.push({
      label: t("host.label.expires"),
      value: t("host.value.expires", { date: e.date, time: e.time, zone: d.hostZone }),
    });
  }
  lines.push(
    { gap: true },
    { link: t("host.link.confirm"), href: links.confirm },
    { link: t("host.link.decline"), href: links.decline },
    { link: t("host.link.meetings"), href: `${publicUrl}/meetings?status=pending` },
  );
  return lines;
}
