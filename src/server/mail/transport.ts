import nodemailer from "nodemailer";
import type { SmtpTimeouts } from "../config.js";
import type { OutboxRow } from "../db/schema/index.js";

export interface MailTransport {
  send(message: OutboxRow): Promise<void>;
  close(): void;
}

/** An SMTP transport for SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpTransport(smtpUrl: string, from: string, timeouts: SmtpTimeouts): MailTransport {
  // Pooled: a few connections kept open and reused, instead of a TCP and SMTP handshake per message.
  // Explicit timeouts (config.ts, SMTP_*_TIMEOUT_MS): nodemailer's own wait 2 min to connect and 10 min
  // on a silent connection; a server that accepts and never answers now fails the send (retried later)
  // instead of holding the outbox's batch, and a stopping process, for minutes.
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 5,
    connectionTimeout: timeouts.connection,
    greetingTimeout: timeouts.greeting,
    socketTimeout: timeouts.socket,
  });
  return {
    async send(message) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? undefined,
        icalEvent: message.icalEvent
          ? { method: message.icalEvent.method, content: message.icalEvent.content, filename: "invite.ics" }
          : undefined,
        attachments: message.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
        })),
      });
    },
    close: () => transporter.close(),
  };
}
