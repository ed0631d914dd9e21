import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/**
 * Transactional outbox: mail is written in the same transaction as the change
 * it announces, then sent by the worker. Nothing acknowledged is lost if the
 * process dies or the SMTP server is down.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** iCalendar invite sent as text/calendar alternative (METHOD REQUEST or CANCEL). */
    icalEvent: jsonb("ical_event").$type<{ method: string; content: string } | null>(),
    attachments: jsonb("attachments").$type<OutboxAttachment[]>().notNull().default([]),
    /**
     * pending -> sending (claimed by a worker until next_attempt_at, its lease) -> sent | logged (no SMTP
     * configured) | pending again (retry at next_attempt_at) | failed (gave up after retries).
     */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("mail_outbox_pending_idx").on(t.status, t.nextAttemptAt)],
);

export type OutboxRow = typeof mailOutbox.$inferSelect;
export type NewOutboxMessage = Pick<
  typeof mailOutbox.$inferInsert,
  "to" | "subject" | "text" | "html" | "icalEvent" | "attachments"
>;
