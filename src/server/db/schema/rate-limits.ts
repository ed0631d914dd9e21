import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Request counters of @fastify/rate-limit when several instances share one PostgreSQL server
 * (lib/rate-limit-store.ts): one row per route and client, counting hits in a fixed window that
 * ends at `expires_at` (the database's clock, the same for every instance). Expired rows are
 * reused by the next hit and swept now and then. Unlogged (migration 0050, which drizzle's schema
 * cannot say): a hit's commit does not wait for the disk, and a crash only starts every window afresh.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  hits: integer("hits").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
