import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { type JobRow, jobs } from "../db/schema/index.js";

/** What a handler reports; throwing instead means "failed this time, retry with backoff". */
export type JobOutcome = void | {
  /** done (default) or skipped (nothing to do any more; `reason` says why). */
  status?: "done" | "skipped";
  reason?: string;
  result?: Record<string, unknown>;
  /** Writes that must commit together with the job's completion (e.g. queueing the mail it produced). */
  commit?: (tx: Tx) => Promise<void>;
};

export interface JobContext {
  /** The runner's clock when the job was claimed. */
  now: Date;
  /** 1 for the first attempt. */
  attempt: number;
}

export type JobHandler<J = JobRow> = (job: J, ctx: JobContext) => Promise<JobOutcome>;

export interface HandlerOptions<J = JobRow> {
  /** First retry delay; each later one doubles, up to an hour (default 10 s). */
  backoffMs?: number;
  /** Attempts before a job of a source (below) is marked failed (default 5); `jobs` rows carry their own. */
  maxAttempts?: number;
  /**
   * Called in the transaction that records a failed attempt (`final` when no retry is left), so a
   * feature can keep its own record of the run in step with the job.
   */
  onError?: (tx: Tx, job: J, error: Error, final: boolean) => Promise<void>;
  /**
   * Where this kind's jobs are kept when not in the `jobs` table: a table whose rows are the jobs
   * themselves (mail: `mail_outbox`), so queueing one costs no second insert. The runner's policy
   * (lease, attempts, backoff, exactly-once, failures kept) is the same for every kind; a source only
   * stores it.
   */
  source?: JobSource<J>;
}

/** How an attempt ended, as a store records it. */
export type AttemptResult =
  | { status: "done" | "skipped"; result: Record<string, unknown> | null; reason: string | null; at: Date }
  | { status: "pending"; error: string; retryAt: Date }
  | { status: "failed"; error: string; at: Date };

/**
 * A table of jobs of one kind. `claim` takes due jobs (never tried, retries whose time came, and
 * claims whose lease ran out) in one statement that other claimers skip, leases them until
 * `leaseUntil` and counts the attempt; `finish` records an attempt's result only while that claim
 * still holds the job (false when it was taken over), with `also` in the same transaction.
 */
export interface JobSource<J> {
  claim(at: Date, leaseUntil: Date, limit: number): Promise<J[]>;
  /** The claimed job's attempt count, this attempt included. */
  attempts(job: J): number;
  id(job: J): string;
  finish(job: J, result: AttemptResult, also?: (tx: Tx) => Promise<void>): Promise<boolean>;
}

/** Thrown by a handler for a failure that no retry can fix (bad configuration, invalid address). */
export class PermanentJobError extends Error {}

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface RunnerOptions {
  now?: () => Date;
  /** Jobs claimed per query. */
  batch?: number;
  /** Handlers run at once within a batch. */
  concurrency?: number;
  /**
   * How long a claim holds a job. A claimer that dies (kill -9, lost machine) leaves the job
   * running; once the lease passes any instance takes it over. Handlers must finish well within it.
   */
  leaseMs?: number;
}

const MAX_BACKOFF_MS = 60 * 60 * 1000;

/** The `jobs` table as a store of every kind registered without a source of its own. */
function jobsTable(db: Db) {
  return {
    claim(kinds: string[], at: Date, leaseUntil: Date, limit: number): Promise<JobRow[]> {
      const token = randomUUID();
      // One statement: the subquery locks due rows other claimers skip, the update takes them.
      const due = db
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            inArray(jobs.kind, kinds),
            or(
              and(eq(jobs.status, "pending"), lte(jobs.runAt, at)),
              and(eq(jobs.status, "running"), lte(jobs.lockedUntil, at)),
            ),
          ),
        )
        .orderBy(asc(jobs.runAt))
        .limit(limit)
        .for("update", { skipLocked: true });
      return db
        .update(jobs)
        .set({
          status: "running",
          attempts: sql`${jobs.attempts} + 1`,
          lockedUntil: leaseUntil,
          claimToken: token,
        })
        .where(inArray(jobs.id, due))
        .returning();
    },
    finish(job: JobRow, result: AttemptResult, also?: (tx: Tx) => Promise<void>): Promise<boolean> {
      const set: Partial<JobRow> =
        result.status === "pending"
          ? { status: "pending", lastError: result.error, runAt: result.retryAt }
          : result.status === "failed"
            ? { status: "failed", lastError: result.error, finishedAt: result.at }
            : {
                status: result.status,
                result: result.result,
                lastError: result.reason,
                finishedAt: result.at,
              };
      return db.transaction(async (tx) => {
        const held = await tx
          .update(jobs)
          .set({ ...set, lockedUntil: null })
          .where(
            and(
              eq(jobs.id, job.id),
              eq(jobs.status, "running"),
              eq(jobs.claimToken, job.claimToken as string),
            ),
          )
          .returning({ id: jobs.id });
        if (held.length === 0) return false;
        await also?.(tx);
        return true;
      });
    },
  };
}

/** A registered kind, its jobs typed away: the runner only passes them from store to handler. */
interface Kind {
  name: string;
  handler: JobHandler<unknown>;
  options: HandlerOptions<unknown>;
  maxAttempts(job: unknown): number;
  attempts(job: unknown): number;
  id(job: unknown): string;
  finish(job: unknown, result: AttemptResult, also?: (tx: Tx) => Promise<void>): Promise<boolean>;
}

/**
 * The durable job runner: claims due jobs with FOR UPDATE SKIP LOCKED (several instances on one
 * PostgreSQL never take the same job), runs the handler registered for each job's kind outside any
 * transaction, then records the outcome guarded by the claim token. See ARCHITECTURE.md.
 */
export function createJobRunner(db: Db, log: Logger, options: RunnerOptions = {}) {
  const now = options.now ?? (() => new Date());
  const batch = options.batch ?? 50;
  const concurrency = options.concurrency ?? 10;
  const leaseMs = options.leaseMs ?? 5 * 60 * 1000;
  const table = jobsTable(db);
  const kinds = new Map<string, Kind>();
  let timer: NodeJS.Timeout | null = null;
  /** Drains in progress, by the kinds they run ("" for all): a flush joins the one of its kinds. */
  const running = new Map<string, Promise<number>>();
  /** Set by stop(): a drain in progress ends after its current batch. */
  let stopped = false;

  /** One claim per store (the `jobs` table, each source); `full` when one may have more due. */
  async function claim(only?: string): Promise<{ claimed: { kind: Kind; job: unknown }[]; full: boolean }> {
    const at = now();
    const leaseUntil = new Date(at.getTime() + leaseMs);
    const wanted = [...kinds.values()].filter((kind) => only === undefined || kind.name === only);
    const claimed: { kind: Kind; job: unknown }[] = [];
    let full = false;
    const inTable = wanted.filter((kind) => !kind.options.source).map((kind) => kind.name);
    if (inTable.length > 0) {
      const rows = await table.claim(inTable, at, leaseUntil, batch);
      claimed.push(...rows.map((job) => ({ kind: kinds.get(job.kind) as Kind, job })));
      full ||= rows.length >= batch;
    }
    for (const kind of wanted) {
      if (!kind.options.source) continue;
      const rows = await kind.options.source.claim(at, leaseUntil, batch);
      claimed.push(...rows.map((job) => ({ kind, job })));
      full ||= rows.length >= batch;
    }
    return { claimed, full };
  }

  async function runOne(entry: Kind, job: unknown): Promise<void> {
    const onError = entry.options.onError;
    const attempts = entry.attempts(job);
    const id = entry.id(job);
    const fail = (error: Error, result: AttemptResult, final: boolean) =>
      entry.finish(job, result, onError && ((tx) => onError(tx, job, error, final)));
    const at = now();
    if (attempts > entry.maxAttempts(job)) {
      // Taken over from a claimer that died during the last attempt allowed.
      const error = new Error("the worker stopped during the last attempt");
      await fail(error, { status: "failed", error: error.message, at }, true);
      return;
    }
    let outcome: JobOutcome;
    try {
      outcome = await entry.handler(job, { now: at, attempt: attempts });
    } catch (caught) {
      const error = caught instanceof Error ? caught : new Error(String(caught));
      const final = error instanceof PermanentJobError || attempts >= entry.maxAttempts(job);
      const base = entry.options.backoffMs ?? 10_000;
      const delay = Math.min(base * 2 ** (attempts - 1), MAX_BACKOFF_MS);
      log.warn({ job: id, kind: entry.name, attempts, err: error.message }, "job failed");
      await fail(
        error,
        final
          ? { status: "failed", error: error.message, at: now() }
          : { status: "pending", error: error.message, retryAt: new Date(now().getTime() + delay) },
        final,
      );
      return;
    }
    const done = outcome ?? {};
    const status = done.status ?? "done";
    const ok = await entry.finish(
      job,
      {
        status,
        result: done.result ?? null,
        reason: status === "skipped" ? (done.reason ?? null) : null,
        at: now(),
      },
      done.commit,
    );
    if (!ok) log.warn({ job: id, kind: entry.name }, "job finished after its lease was taken over");
  }

  /** Claims one batch of each store and runs it. */
  async function stepOnce(only?: string): Promise<{ count: number; full: boolean }> {
    const { claimed, full } = await claim(only);
    let next = 0;
    const lane = async () => {
      while (next < claimed.length) {
        const { kind, job } = claimed[next++];
        try {
          await runOne(kind, job);
        } catch (error) {
          // Recording the outcome failed (database gone): the lease runs out and the job is retried.
          log.warn({ job: kind.id(job), err: String(error) }, "job outcome not recorded");
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, claimed.length) }, lane));
    return { count: claimed.length, full };
  }

  async function drain(only?: string): Promise<number> {
    let total = 0;
    for (;;) {
      const { count, full } = await stepOnce(only);
      total += count;
      if (!full || stopped) return total;
    }
  }

  return {
    /**
     * Handles jobs of this kind; register before start(). Jobs live in the `jobs` table unless
     * `options.source` keeps them in a table of their own (then `J` is that table's row).
     */
    register<J = JobRow>(kind: string, handler: JobHandler<J>, handlerOptions: HandlerOptions<J> = {}): void {
      const source = handlerOptions.source;
      const entry: Kind = source
        ? {
            name: kind,
            handler: handler as JobHandler<unknown>,
            options: handlerOptions as HandlerOptions<unknown>,
            maxAttempts: () => handlerOptions.maxAttempts ?? 5,
            attempts: (job) => source.attempts(job as J),
            id: (job) => source.id(job as J),
            finish: (job, result, also) => source.finish(job as J, result, also),
          }
        : {
            name: kind,
            handler: handler as JobHandler<unknown>,
            options: handlerOptions as HandlerOptions<unknown>,
            maxAttempts: (job) => (job as JobRow).maxAttempts,
            attempts: (job) => (job as JobRow).attempts,
            id: (job) => (job as JobRow).id,
            finish: (job, result, also) => table.finish(job as JobRow, result, also),
          };
      kinds.set(kind, entry);
    },
    /** Claims one batch and runs it; returns how many jobs were claimed. */
    step: async (only?: string): Promise<number> => (await stepOnce(only)).count,
    /**
     * Runs every job due now, of every kind or only of `only` (a test that sends its mail), or joins
     * such a run in progress; returns how many were handled.
     */
    flush(only?: string): Promise<number> {
      const key = only ?? "";
      let run = running.get(key);
      if (!run) {
        run = drain(only).finally(() => running.delete(key));
        running.set(key, run);
      }
      return run;
    },
    /** Polls every `intervalMs` (one indexed query per store when idle). */
    start(intervalMs = 1000): void {
      stopped = false;
      const tick = () => {
        this.flush()
          .catch((error: unknown) => log.warn({ err: String(error) }, "job runner poll failed"))
          .finally(() => {
            if (timer) timer = setTimeout(tick, intervalMs);
          });
      };
      timer = setTimeout(tick, 0);
    },
    /** Stops polling and waits for the batches in progress (their failures were logged by the poll). */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await Promise.all([...running.values()].map((run) => run.catch(() => {})));
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
