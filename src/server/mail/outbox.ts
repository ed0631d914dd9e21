import { randomUUID } from "node:crypto";
import { and, asc, eq, getTableColumns, inArray, lte, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client.js";
import { keptStatement } from "../db/prepared.js";
import { mailOutbox, type NewOutboxMessage, type OutboxRow } from "../db/schema/index.js";
import type { JobRunner, JobSource } from "../jobs/runner.js";
import type { MailTransport } from "./transport.js";

/** Queues a message; call it with the transaction that makes the change the mail announces. */
export async function enqueueMail(db: DbOrTx, message: NewOutboxMessage | NewOutboxMessage[]): Promise<void> {
  const rows = Array.isArray(message) ? message : [message];
  if (rows.length > 0) await db.insert(mailOutbox).values(rows);
}

/** Messages one change queues at most with a kept statement; more go through a plain insert. */
const KEPT_ROWS = 3;

/**
 * enqueueMail for a hot path (every booking queues a few messages): the inserts of one, two and three
 * rows are kept prepared (db/prepared.ts), and sent with the transaction's commit. Make one per database.
 */
export function createMailEnqueuer(db: Db): (tx: DbOrTx, messages: NewOutboxMessage[]) => Promise<void> {
  const p = sql.placeholder;
  const inserts = Array.from({ length: KEPT_ROWS }, (_, i) => {
    const name = `mail_outbox_insert_${i + 1}`;
    return keptStatement(
      db,
      name,
      (handle) =>
        handle
          .insert(mailOutbox)
          .values(
            Array.from({ length: i + 1 }, (_, r) => ({
              // Ids come from here: on PGlite, gen_random_uuid() opens /dev/urandom for every row.
              id: sql`${p(`id${r}`)}::uuid`,
              to: p(`to${r}`),
              subject: p(`subject${r}`),
              text: p(`text${r}`),
              html: p(`html${r}`),
              // JSON text, so a missing invite stays SQL NULL (a placeholder would encode JSON null).
              icalEvent: sql`${p(`icalEvent${r}`)}::jsonb`,
              attachments: p(`attachments${r}`),
            })),
          )
          .prepare(name),
      // Nobody reads the insert's answer: on PGlite it goes with the transaction's next statement.
      { deferred: true },
    );
  });
  const enqueueKept = async (tx: DbOrTx, messages: NewOutboxMessage[]) => {
    const run = inserts[messages.length - 1];
    const params: Record<string, unknown> = {};
    messages.forEach((m, r) => {
      params[`id${r}`] = randomUUID();
      params[`to${r}`] = m.to;
      params[`subject${r}`] = m.subject;
      params[`text${r}`] = m.text;
      params[`html${r}`] = m.html ?? null;
      params[`icalEvent${r}`] = m.icalEvent ? JSON.stringify(m.icalEvent) : null;
      params[`attachments${r}`] = m.attachments ?? [];
    });
    await run(tx, params);
  };
  // More (a collective booking's hosts' copies): kept inserts of up to KEPT_ROWS each, deferred alike.
  return async (tx, messages) => {
    for (let i = 0; i < messages.length; i += KEPT_ROWS)
      await enqueueKept(tx, messages.slice(i, i + KEPT_ROWS));
  };
}

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Sending one message of `mail_outbox`: a job kind of the one job runner (jobs/runner.ts). */
export const MAIL_JOB = "mail.send";

/**
 * `mail_outbox` as the job source of MAIL_JOB: each row is both the message and its job, so a booking's
 * mail costs one insert (the kept statements above) and no row in `jobs`. The claim is one statement
 * (FOR UPDATE SKIP LOCKED, so several instances never take the same message): `status` becomes
 * `sending`, `next_attempt_at` the end of the lease, and `attempts` goes up, which makes (id, attempts)
 * the claim's token; an outcome is recorded only while that token still holds. The runner decides
 * the outcome (retry with backoff, give up, lease taken over) as for every kind.
 */
export function outboxSource(db: Db, delivered: "sent" | "logged"): JobSource<OutboxRow> {
  /** Only while this claim (id, attempts) still holds the row: nobody took it over after the lease. */
  const stillHeld = (row: OutboxRow) =>
    and(eq(mailOutbox.id, row.id), eq(mailOutbox.attempts, row.attempts), eq(mailOutbox.status, "sending"));

  return {
    async claim(at, leaseUntil, limit) {
      const locked = db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(
          or(
            // A message never tried is due at once: its default next_attempt_at comes from the database's
            // clock, which a pinned or skewed app clock need not agree with.
            and(
              eq(mailOutbox.status, "pending"),
              or(eq(mailOutbox.attempts, 0), lte(mailOutbox.nextAttemptAt, at)),
            ),
            // Claimed by a worker that died before recording the outcome, and its lease has run out.
            and(eq(mailOutbox.status, "sending"), lte(mailOutbox.nextAttemptAt, at)),
          ),
        )
        .orderBy(asc(mailOutbox.createdAt))
        .limit(limit)
        .for("update", { skipLocked: true })
        .as("locked");
      // Each row's place in that order: an update returns its rows in no set order, and the messages of
      // one change (same created_at) go out in the order they were queued.
      const due = db
        .$with("due")
        .as(db.select({ id: locked.id, place: sql<string>`row_number() over ()`.as("place") }).from(locked));
      const rows = await db
        .with(due)
        .update(mailOutbox)
        .set({ status: "sending", attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: leaseUntil })
        .from(due)
        .where(eq(mailOutbox.id, due.id))
        .returning({ ...getTableColumns(mailOutbox), place: due.place });
      return rows.sort((x, y) => Number(x.place) - Number(y.place)).map(({ place: _place, ...row }) => row);
    },
    attempts: (row) => row.attempts,
    id: (row) => row.id,
    async finish(row, result, also) {
      const set: Partial<OutboxRow> =
        result.status === "pending"
          ? { status: "pending", lastError: result.error, nextAttemptAt: result.retryAt }
          : result.status === "failed"
            ? { status: "failed", lastError: result.error }
            : result.status === "done"
              ? { status: delivered, sentAt: result.at, lastError: null }
              : // A mail is never skipped; were one, it was not sent, and the row says why.
                { status: "failed", lastError: result.reason };
      const record = async (handle: DbOrTx) =>
        (await handle.update(mailOutbox).set(set).where(stillHeld(row)).returning({ id: mailOutbox.id }))
          .length > 0;
      if (!also) return record(db);
      return db.transaction(async (tx) => {
        if (!(await record(tx))) return false;
        await also(tx);
        return true;
      });
    },
  };
}

/**
 * Registers MAIL_JOB on the runner: each message is sent outside any transaction (a slow or silent
 * SMTP server must not hold PGlite's single connection nor row locks on PostgreSQL; the transport's
 * timeouts bound each send). A failed send is retried after 2 s, 4 s, 8 s... and the row is marked
 * failed, with the error, after 8 attempts.
 */
export function registerMailJobs(runner: JobRunner, db: Db, transport: MailTransport | null, log: Logger) {
  runner.register<OutboxRow>(
    MAIL_JOB,
    async (row) => {
      if (!transport) {
        // No SMTP configured: the outbox row and the log are the record.
        log.info({ to: row.to, subject: row.subject, text: row.text }, "mail (SMTP_URL not set, not sent)");
        return;
      }
      await transport.send(row);
    },
    { source: outboxSource(db, transport ? "sent" : "logged"), backoffMs: 2000, maxAttempts: 8 },
  );
}

/** For tests and the admin view: messages to one address, newest last. */
export function outboxFor(db: DbOrTx, to: string[]): Promise<OutboxRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(inArray(mailOutbox.to, to))
    .orderBy(asc(mailOutbox.createdAt), sql`id`);
}
