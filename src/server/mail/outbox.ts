import { and, asc, eq, getTableColumns, inArray, lte, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client.js";
import { keptStatement } from "../db/prepared.js";
import { mailOutbox, type NewOutboxMessage, type OutboxRow } from "../db/schema/index.js";
import type { MailTransport } from "./transport.js";

const MAX_ATTEMPTS = 8;
const BATCH = 50;

/** Queues a message; call it with the transaction that makes the change the mail announces. */
export async function enqueueMail(db: DbOrTx, message: NewOutboxMessage | NewOutboxMessage[]): Promise<void> {
  const rows = Array.isArray(message) ? message : [message];
  if (rows.length > 0) await db.insert(mailOutbox).values(rows);
}

/** Messages one change queues at most with a kept statement; more go through a plain insert. */
const KEPT_ROWS = 3;

/**
 * enqueueMail for a hot path (every booking queues one to three messages): the inserts of one, two
 * and three rows are kept prepared on PGlite (db/prepared.ts). Make one per database.
 */
export function createMailEnqueuer(db: Db): (tx: DbOrTx, messages: NewOutboxMessage[]) => Promise<void> {
  const p = sql.placeholder;
  const inserts = Array.from({ length: KEPT_ROWS }, (_, i) => {
    const name = `mail_outbox_insert_${i + 1}`;
    return keptStatement(db, name, (handle) =>
      handle
        .insert(mailOutbox)
        .values(
          Array.from({ length: i + 1 }, (_, r) => ({
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
    );
  });
  return async (tx, messages) => {
    const run = inserts[messages.length - 1];
    if (!run) return enqueueMail(tx, messages);
    const params: Record<string, unknown> = {};
    messages.forEach((m, r) => {
      params[`to${r}`] = m.to;
      params[`subject${r}`] = m.subject;
      params[`text${r}`] = m.text;
      params[`html${r}`] = m.html ?? null;
      params[`icalEvent${r}`] = m.icalEvent ? JSON.stringify(m.icalEvent) : null;
      params[`attachments${r}`] = m.attachments ?? [];
    });
    await run(tx, params);
  };
}

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface OutboxWorkerOptions {
  now?: () => Date;
  /**
   * How long a claim holds a message. A worker that dies mid-send (kill -9, lost machine) leaves it
   * `sending`; once the lease passes any worker sends it again. Sends must end well within it: the
   * transport's timeouts bound each one.
   */
  leaseMs?: number;
}

/**
 * Sends pending mail, never inside a transaction: a slow or silent SMTP server must not hold PGlite's
 * single connection (every booking and sign-in would wait) nor row locks on PostgreSQL. One statement
 * claims a batch of due messages (FOR UPDATE SKIP LOCKED, so several instances never take the same
 * one): `status` becomes `sending`, `next_attempt_at` the end of the lease, and `attempts` goes up,
 * which makes (id, attempts) the claim's token. The messages are then sent, and each outcome is
 * recorded only while that token still holds. Failures back off exponentially and give up after
 * MAX_ATTEMPTS.
 */
export function createOutboxWorker(
  db: Db,
  transport: MailTransport | null,
  log: Logger,
  options: OutboxWorkerOptions = {},
) {
  const { now = () => new Date(), leaseMs = 10 * 60 * 1000 } = options;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  /** Set by stop(): a drain in progress ends after its current batch. */
  let stopped = false;

  async function claim(): Promise<OutboxRow[]> {
    const at = now();
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
      .limit(BATCH)
      .for("update", { skipLocked: true })
      .as("locked");
    // Each row's place in that order: an update returns its rows in no set order, and the messages of
    // one change (same created_at) go out in the order they were queued, as they did before.
    const due = db
      .$with("due")
      .as(db.select({ id: locked.id, place: sql<string>`row_number() over ()`.as("place") }).from(locked));
    const rows = await db
      .with(due)
      .update(mailOutbox)
      .set({
        status: "sending",
        attempts: sql`${mailOutbox.attempts} + 1`,
        nextAttemptAt: new Date(at.getTime() + leaseMs),
      })
      .from(due)
      .where(eq(mailOutbox.id, due.id))
      .returning({ ...getTableColumns(mailOutbox), place: due.place });
    return rows.sort((x, y) => Number(x.place) - Number(y.place)).map(({ place: _place, ...row }) => row);
  }

  /** The rows of `claimed` this worker still holds (nobody took them over after the lease). */
  const stillHeld = (claimed: OutboxRow[]) =>
    and(
      eq(mailOutbox.status, "sending"),
      sql`(${mailOutbox.id}, ${mailOutbox.attempts}) in (${sql.join(
        claimed.map((row) => sql`(${row.id}::uuid, ${row.attempts}::integer)`),
        sql`, `,
      )})`,
    );

  /** Records the outcome of claimed rows; returns how many were still held. */
  async function record(claimed: OutboxRow[], set: Partial<OutboxRow>): Promise<number> {
    if (claimed.length === 0) return 0;
    const held = await db
      .update(mailOutbox)
      .set(set)
      .where(stillHeld(claimed))
      .returning({ id: mailOutbox.id });
    if (held.length < claimed.length) {
      log.warn({ lost: claimed.length - held.length }, "mail outcome not recorded: its lease was taken over");
    }
    return held.length;
  }

  /** Sends one claimed message; resolves with the error that failed it, or null when it went out. */
  async function send(row: OutboxRow): Promise<string | null> {
    if (!transport) {
      // No SMTP configured: the outbox row and the log are the record.
      log.info({ to: row.to, subject: row.subject, text: row.text }, "mail (SMTP_URL not set, not sent)");
      return null;
    }
    try {
      await transport.send(row);
      return null;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.warn({ to: row.to, attempts: row.attempts, err: message }, "mail delivery failed");
      return message;
    }
  }

  /** Claims and sends one batch; returns how many messages were claimed. */
  async function drainOnce(): Promise<number> {
    const claimed = await claim();
    // Taken over from a worker that stopped during the last attempt allowed.
    const exhausted = claimed.filter((row) => row.attempts > MAX_ATTEMPTS);
    await record(exhausted, { status: "failed", lastError: "the worker stopped during the last attempt" });
    const batch = claimed.filter((row) => row.attempts <= MAX_ATTEMPTS);
    // The batch goes out at once over the transport's pooled connections (a burst of reminders is
    // thousands of messages); the outcomes are recorded after.
    const errors = await Promise.all(batch.map(send));
    const delivered = batch.filter((_, i) => errors[i] === null);
    await record(delivered, { status: transport ? "sent" : "logged", sentAt: now(), lastError: null });
    for (const [i, row] of batch.entries()) {
      const error = errors[i];
      if (error === null) continue;
      await record(
        [row],
        row.attempts >= MAX_ATTEMPTS
          ? { status: "failed", lastError: error }
          : {
              status: "pending",
              lastError: error,
              nextAttemptAt: new Date(now().getTime() + 2 ** row.attempts * 1000),
            },
      );
    }
    return claimed.length;
  }

  async function drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await drainOnce();
      total += n;
      if (n < BATCH || stopped) return total;
    }
  }

  return {
    /** Drains now (or joins a drain in progress). */
    flush(): Promise<number> {
      running ??= drain().finally(() => {
        running = null;
      });
      return running;
    },
    start(intervalMs = 2000): void {
      stopped = false;
      const tick = () => {
        this.flush()
          .catch((error: unknown) => log.warn({ err: String(error) }, "outbox drain failed"))
          .finally(() => {
            if (timer) timer = setTimeout(tick, intervalMs);
          });
      };
      timer = setTimeout(tick, intervalMs);
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

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;

/** For tests and the admin view: messages to one address, newest last. */
export function outboxFor(db: DbOrTx, to: string[]): Promise<OutboxRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(inArray(mailOutbox.to, to))
    .orderBy(asc(mailOutbox.createdAt), sql`id`);
}
