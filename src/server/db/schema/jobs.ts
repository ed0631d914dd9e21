import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * Durable background jobs (see src/server/jobs/). A job is inserted in the transaction of the change
 * that calls for it and run by whichever instance claims it first once `run_at` has passed.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    /** Names the handler, e.g. "workflow.action" or "calendar.write". */
    kind: text("kind").notNull(),
    /** Unique across all jobs when set: the same key is never queued twice (exactly once). */
    key: text("key"),
    /** Lets a booking's pending jobs be cancelled or moved with it. */
    bookingId: uuid("booking_id"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    /** pending -> running -> done | failed | skipped; pending -> cancelled. */
    status: text("status").notNull().default("pending"),
    runAt: timestamp("run_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    /** Set while running: another instance may take the job over only after this passes (a crashed claimer). */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** Which claim holds the job; a claimer whose lease was taken over cannot complete it. */
    claimToken: uuid("claim_token"),
    lastError: text("last_error"),
    result: jsonb("result").$type<Record<string, unknown> | null>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("jobs_key_unique").on(t.key),
    // The claim query: due pending jobs, and running jobs whose lease ran out.
    index("jobs_due_idx").on(t.runAt).where(sql`status = 'pending'`),
    index("jobs_lease_idx").on(t.lockedUntil).where(sql`status = 'running'`),
    index("jobs_booking_idx").on(t.bookingId).where(sql`booking_id is not null`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
