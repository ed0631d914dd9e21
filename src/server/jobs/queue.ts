import { randomUUID } from "node:crypto";
import { and, eq, inArray, like, type SQL, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client.js";
import { keptStatement } from "../db/prepared.js";
import { type JobRow, jobs } from "../db/schema/index.js";

/** What to run, when, and under which unique key. */
export interface JobSpec {
  /** The handler's name, as registered on the runner. */
  kind: string;
  /**
   * Unique across all jobs (a database index enforces it): queueing a key that exists does nothing,
   * except that a cancelled job with that key comes back to life with the new time and payload.
   */
  key?: string | null;
  /** Ties the job to a booking so it can be cancelled or moved with it. */
  bookingId?: string | null;
  runAt: Date;
  payload?: Record<string, unknown>;
  /** Attempts before the job is marked failed (default 5). */
  maxAttempts?: number;
}

/** Which pending jobs a cancel or reschedule touches; every given field must match. */
export interface JobFilter {
  ids?: string[];
  key?: string | string[];
  /** Keys starting with this text, e.g. every job of one workflow: "workflow:<id>:". */
  keyPrefix?: string;
  /** One booking's jobs, or those of any of several bookings. */
  bookingId?: string | string[];
  kind?: string;
}

/** A key queued again: a cancelled job with that key comes back to life; any other stays as it is. */
const requeue = {
  target: jobs.key,
  set: {
    status: "pending",
    runAt: sql`excluded.run_at`,
    payload: sql`excluded.payload`,
    bookingId: sql`excluded.booking_id`,
    maxAttempts: sql`excluded.max_attempts`,
    attempts: 0,
    lastError: null,
    result: null,
    finishedAt: null,
    lockedUntil: null,
    claimToken: null,
  },
  setWhere: sql`${jobs.status} = 'cancelled'`,
} as const;

/**
 * Queues jobs; call it with the transaction of the change that calls for them, so a job exists
 * exactly when that change committed. Returns the ids of jobs queued (new or revived).
 */
export async function enqueueJobs(db: DbOrTx, specs: JobSpec | JobSpec[]): Promise<string[]> {
  const list = Array.isArray(specs) ? specs : [specs];
  if (list.length === 0) return [];
  const rows = await db
    .insert(jobs)
    .values(
      list.map((s) => ({
        kind: s.kind,
        key: s.key ?? null,
        bookingId: s.bookingId ?? null,
        runAt: s.runAt,
        payload: s.payload ?? {},
        maxAttempts: s.maxAttempts ?? 5,
      })),
    )
    .onConflictDoUpdate(requeue)
    .returning({ id: jobs.id });
  return rows.map((r) => r.id);
}

/**
 * enqueueJobs for one database, with the one-job insert every booking makes (its reminder) kept
 * prepared (db/prepared.ts): on PGlite, parsing and planning it cost more than running it.
 */
export function createJobEnqueuer(db: Db): (tx: DbOrTx, spec: JobSpec) => Promise<void> {
  const p = sql.placeholder;
  const insertOne = keptStatement(
    db,
    "jobs_insert_one",
    (h) =>
      h
        .insert(jobs)
        .values({
          // Ids come from here: on PGlite, gen_random_uuid() opens /dev/urandom for every row.
          id: sql`${p("id")}::uuid`,
          kind: p("kind"),
          key: p("key"),
          bookingId: sql`${p("bookingId")}::uuid`,
          runAt: sql`${p("runAt")}::timestamptz`,
          // JSON text: a placeholder would be encoded again.
          payload: sql`${p("payload")}::jsonb`,
          maxAttempts: sql`${p("maxAttempts")}::int`,
        })
        .onConflictDoUpdate(requeue)
        .prepare("jobs_insert_one"),
    // Nobody reads the insert's answer: on PGlite it goes with the transaction's next statement.
    { deferred: true },
  );
  return async (tx, s) => {
    await insertOne(tx, {
      id: randomUUID(),
      kind: s.kind,
      key: s.key ?? null,
      bookingId: s.bookingId ?? null,
      runAt: s.runAt.toISOString(),
      payload: JSON.stringify(s.payload ?? {}),
      maxAttempts: s.maxAttempts ?? 5,
    });
  };
}

function pendingWhere(filter: JobFilter): SQL {
  const parts: SQL[] = [eq(jobs.status, "pending")];
  if (filter.ids) parts.push(filter.ids.length ? inArray(jobs.id, filter.ids) : sql`false`);
  if (filter.key !== undefined) {
    const keys = Array.isArray(filter.key) ? filter.key : [filter.key];
    parts.push(keys.length ? inArray(jobs.key, keys) : sql`false`);
  }
  if (filter.keyPrefix !== undefined) parts.push(like(jobs.key, `${escapeLike(filter.keyPrefix)}%`));
  if (Array.isArray(filter.bookingId)) {
    parts.push(filter.bookingId.length ? inArray(jobs.bookingId, filter.bookingId) : sql`false`);
  } else if (filter.bookingId !== undefined) parts.push(eq(jobs.bookingId, filter.bookingId));
  if (filter.kind !== undefined) parts.push(eq(jobs.kind, filter.kind));
  return and(...parts) as SQL;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Cancels pending jobs (running ones finish); returns them as they are now. */
export function cancelJobs(db: DbOrTx, filter: JobFilter, reason: string, now: Date): Promise<JobRow[]> {
  return db
    .update(jobs)
    .set({ status: "cancelled", lastError: reason, finishedAt: now })
    .where(pendingWhere(filter))
    .returning();
}

/** Moves pending jobs to a new time, or shifts each by `shiftMs` (a booking that moved). */
export function rescheduleJobs(
  db: DbOrTx,
  filter: JobFilter,
  to: { runAt: Date } | { shiftMs: number },
): Promise<JobRow[]> {
  const runAt =
    "runAt" in to ? to.runAt : sql`${jobs.runAt} + ${`${Math.trunc(to.shiftMs)} milliseconds`}::interval`;
  return db.update(jobs).set({ runAt }).where(pendingWhere(filter)).returning();
}

/** Puts a failed or skipped job back in the queue with fresh attempts (a retry by hand). */
export async function retryJob(db: DbOrTx, id: string, runAt: Date): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: "pending", runAt, attempts: 0, lastError: null, finishedAt: null, result: null })
    .where(and(eq(jobs.id, id), inArray(jobs.status, ["failed", "skipped"])))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Jobs by key, for tests and for features that show a job's state. */
export function jobsByKey(db: DbOrTx, keys: string[]): Promise<JobRow[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return db.select().from(jobs).where(inArray(jobs.key, keys));
}
