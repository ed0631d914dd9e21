import nodemailer from "nodemailer";
import type { OutboxRow } from "../db/schema/index.js";

export interface MailTransport {
  send(message: OutboxRow): Promise<void>;
  close(): void;
}

/** An SMTP transport for SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  // Pooled: a few connections kept open and reused, instead of a TCP and SMTP handshake per message.
  const transporter = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 5 });
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
