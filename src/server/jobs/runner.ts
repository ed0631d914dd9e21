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

export type JobHandler = (job: JobRow, ctx: JobContext) => Promise<JobOutcome>;

export interface HandlerOptions {
  /** First retry delay; each later one doubles, up to an hour (default 10 s). */
  backoffMs?: number;
  /**
   * Called in the transaction that records a failed attempt (`final` when no retry is left), so a
   * feature can keep its own record of the run in step with the job.
   */
  onError?: (tx: Tx, job: JobRow, error: Error, final: boolean) => Promise<void>;
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
  const handlers = new Map<string, { handler: JobHandler; options: HandlerOptions }>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  /** Set by stop(): a drain in progress ends after its current batch. */
  let stopped = false;

  async function claim(): Promise<JobRow[]> {
    const kinds = [...handlers.keys()];
    if (kinds.length === 0) return [];
    const at = now();
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
      .limit(batch)
      .for("update", { skipLocked: true });
    return db
      .update(jobs)
      .set({
        status: "running",
        attempts: sql`${jobs.attempts} + 1`,
        lockedUntil: new Date(at.getTime() + leaseMs),
        claimToken: token,
      })
      .where(inArray(jobs.id, due))
      .returning();
  }

  /** Records an outcome only if this claim still holds the job; returns false if it was taken over. */
  async function finish(
    job: JobRow,
    set: Partial<JobRow>,
    also?: (tx: Tx) => Promise<void>,
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      const held = await tx
        .update(jobs)
        .set({ ...set, lockedUntil: null })
        .where(
          and(eq(jobs.id, job.id), eq(jobs.status, "running"), eq(jobs.claimToken, job.claimToken as string)),
        )
        .returning({ id: jobs.id });
      if (held.length === 0) return false;
      await also?.(tx);
      return true;
    });
  }

  async function runOne(job: JobRow): Promise<void> {
    const entry = handlers.get(job.kind);
    if (!entry) return;
    const onError = entry.options.onError;
    const fail = (error: Error, set: Partial<JobRow>, final: boolean) =>
      finish(job, set, onError && ((tx) => onError(tx, job, error, final)));
    const at = now();
    if (job.attempts > job.maxAttempts) {
      // Taken over from a claimer that died during the last attempt allowed.
      const error = new Error("the worker stopped during the last attempt");
      await fail(error, { status: "failed", lastError: error.message, finishedAt: at }, true);
      return;
    }
    let outcome: JobOutcome;
    try {
      outcome = await entry.handler(job, { now: at, attempt: job.attempts });
    } catch (caught) {
      const error = caught instanceof Error ? caught : new Error(String(caught));
      const final = error instanceof PermanentJobError || job.attempts >= job.maxAttempts;
      const base = entry.options.backoffMs ?? 10_000;
      const delay = Math.min(base * 2 ** (job.attempts - 1), MAX_BACKOFF_MS);
      log.warn({ job: job.id, kind: job.kind, attempts: job.attempts, err: error.message }, "job failed");
      await fail(
        error,
        final
          ? { status: "failed", lastError: error.message, finishedAt: now() }
          : { status: "pending", lastError: error.message, runAt: new Date(now().getTime() + delay) },
        final,
      );
      return;
    }
    const done = outcome ?? {};
    const ok = await finish(
      job,
      {
        status: done.status ?? "done",
        result: done.result ?? null,
        lastError: done.status === "skipped" ? (done.reason ?? null) : null,
        finishedAt: now(),
      },
      done.commit,
    );
    if (!ok) log.warn({ job: job.id, kind: job.kind }, "job finished after its lease was taken over");
  }

  /** Claims one batch and runs it; returns how many jobs were claimed. */
  async function step(): Promise<number> {
    const claimed = await claim();
    let next = 0;
    const lane = async () => {
      while (next < claimed.length) {
        const job = claimed[next++];
        try {
          await runOne(job);
        } catch (error) {
          // Recording the outcome failed (database gone): the lease runs out and the job is retried.
          log.warn({ job: job.id, err: String(error) }, "job outcome not recorded");
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, claimed.length) }, lane));
    return claimed.length;
  }

  async function drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await step();
      total += n;
      if (n < batch || stopped) return total;
    }
  }

  return {
    /** Handles jobs of this kind; register before start(). */
    register(kind: string, handler: JobHandler, handlerOptions: HandlerOptions = {}): void {
      handlers.set(kind, { handler, options: handlerOptions });
    },
    step,
    /** Runs every job due now (or joins a run in progress); returns how many were handled. */
    flush(): Promise<number> {
      running ??= drain().finally(() => {
        running = null;
      });
      return running;
    },
    /** Polls every `intervalMs` (one indexed query when idle). */
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
    /** Stops polling and waits for the batch in progress (its failure was logged by the poll). */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => {});
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
