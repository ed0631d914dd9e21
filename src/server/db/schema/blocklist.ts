import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.js";

/**
 * A host's blocked bookers (issue 28 item 5): an e-mail address or a domain, lowercased, or the row
 * (kind 'disposable', value '*') that blocks every disposable-mail domain. A booking reads the rows
 * matching its invitee's address and domain in one indexed query.
 */
export const bookerBlocks = pgTable(
  "booker_blocks",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    hostUserId: uuid("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"email" | "domain" | "disposable">().notNull(),
    value: text("value").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("booker_blocks_host_value_idx").on(t.hostUserId, t.value)],
);
export type BookerBlockRow = typeof bookerBlocks.$inferSelect;

/** Bookings the blocklist refused, for the host to see (the latest are shown). */
export const bookerBlockAttempts = pgTable(
  "booker_block_attempts",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    hostUserId: uuid("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    rule: text("rule").notNull(),
    eventTitle: text("event_title").notNull(),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("booker_block_attempts_host_idx").on(t.hostUserId, t.attemptedAt)],
);
export type BookerBlockAttemptRow = typeof bookerBlockAttempts.$inferSelect;
