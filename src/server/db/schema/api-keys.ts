import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.js";

/**
 * A host's API keys (issue 26): the secret (`kairos_live_` + 32 random bytes) is shown once and kept
 * only as its SHA-256 (high-entropy secrets need no slow hash); `prefix`, the first characters after
 * `kairos_live_`, finds the row and is what the host sees. Revoking stamps `revoked_at`; the row stays
 * for the list until deleted with the account.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    secretHash: text("secret_hash").notNull(),
    /** "resource:read" / "resource:write" (contract/api-keys.ts). */
    scopes: jsonb("scopes").$type<string[]>().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("api_keys_prefix_idx").on(t.prefix),
    index("api_keys_user_idx").on(t.userId, t.createdAt),
  ],
);
export type ApiKeyRow = typeof apiKeys.$inferSelect;

/**
 * The answers of public API creates sent with an `Idempotency-Key` (bookings have their own): a retry
 * with the same key and route gets the stored answer instead of a second row. Kept 24 hours.
 */
export const apiIdempotency = pgTable(
  "api_idempotency",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    route: text("route").notNull(),
    /** SHA-256 of the request's body: the same key with another body is refused, not replayed. */
    requestHash: text("request_hash").notNull(),
    status: integer("status").notNull(),
    body: jsonb("body").$type<unknown>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("api_idempotency_key_idx").on(t.userId, t.route, t.key)],
);
