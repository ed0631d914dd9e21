import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.js";

/**
 * A host's embed settings (issue 25): the sites (origins) allowed to show their booking pages in a
 * frame. No row, or an empty list: any site may.
 */
export const embedSettings = pgTable("embed_settings", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  allowedOrigins: text("allowed_origins").array().notNull().default([]),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
