import { isRtl, type Locale } from "../../contract/languages.js";
import type { NewOutboxMessage } from "../db/schema/index.js";

/**
 * The one layout every mail is rendered through (bookings, account, teams, reminders, workflow
 * e-mails): a mail is a list of lines, and this file alone turns them into the text and HTML bodies.
 * A change of wording belongs in the family's file (`*-mails.ts`); a change of look or branding
 * belongs here, and reaches every mail at once.
 */

/** A line of a mail: plain text, a labelled value, a link, a blank line, or a block of free text. */
export type Line =
  | { text: string }
  | { label: string; value: string }
  | { link: string; href: string }
  | { gap: true }
  /** Text someone typed (a workflow's body): sent as written, its line breaks kept in the HTML. */
  | { block: string };

/** The HTML around every mail's body; the branding lives here and nowhere else. */
const htmlHeader = (locale: Locale) =>
  `<!doctype html><html lang="${locale}"${isRtl(locale) ? ' dir="rtl"' : ""}><body style="font-family:system-ui,sans-serif;color:#111827">`;
const HTML_FOOTER = "</body></html>";

/** One header line: no CR/LF or other control characters can reach the mail headers. */
export function subject(value: string): string {
  return (
    value
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
      .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 200)
  );
}

/** The escaping of every value put into a mail's HTML (any of them may come from a stranger). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The text and HTML bodies of a mail made of `lines`. */
export const mailBodies = (lines: Line[], locale: Locale = "en") => ({
  text: toText(lines),
  html: toHtml(lines, locale),
});

/** A whole message: its subject cleaned for the header, its bodies in the layout, in `locale` (default English). */
export function composeMail(
  to: string,
  title: string,
  lines: Line[],
  locale: Locale = "en",
): NewOutboxMessage {
  return { to, subject: subject(title), ...mailBodies(lines, locale) };
}

function toText(lines: Line[]): string {
  return lines
    .map((l) => {
      if ("gap" in l) return "";
      if ("text" in l) return l.text;
      if ("block" in l) return l.block;
      if ("label" in l) return `${l.label}: ${l.value}`;
      return `${l.link}: ${l.href}`;
    })
    .join("\n");
}

function toHtml(lines: Line[], locale: Locale): string {
  const body = lines
    .map((l) => {
      if ("gap" in l) return "<br>";
      if ("text" in l) return `<p>${escapeHtml(l.text)}</p>`;
      if ("block" in l) return `<p>${escapeHtml(l.block).replace(/\r?\n/g, "<br>")}</p>`;
      if ("label" in l) return `<p><strong>${escapeHtml(l.label)}:</strong> ${escapeHtml(l.value)}</p>`;
      return `<p><a href="${escapeHtml(l.href)}">${escapeHtml(l.link)}</a></p>`;
    })
    .join("\n");
  return `${htmlHeader(locale)}\n${body}\n${HTML_FOOTER}`;
}
