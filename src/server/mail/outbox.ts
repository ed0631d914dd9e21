import { and, asc, eq, inArray, lte, or, sql } from "drizzle-orm";
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

/**
 * Sends pending mail. Rows are claimed with FOR UPDATE SKIP LOCKED so several
 * instances on one PostgreSQL never send a message twice; failures back off
 * exponentially and give up after MAX_ATTEMPTS.
 */
export function createOutboxWorker(
  db: Db,
  transport: MailTransport | null,
  log: Logger,
  now = () => new Date(),
) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  async function deliver(row: OutboxRow): Promise<Partial<OutboxRow>> {
    if (!transport) {
      // No SMTP configured: the outbox row and the log are the record.
      log.info({ to: row.to, subject: row.subject, text: row.text }, "mail (SMTP_URL not set, not sent)");
      return { status: "logged", sentAt: now() };
    }
    try {
      await transport.send(row);
      return { status: "sent", sentAt: now(), attempts: row.attempts + 1 };
    } catch (error) {
      const attempts = row.attempts + 1;
      const message = error instanceof Error ? error.message : String(error);
      log.warn({ to: row.to, attempts, err: message }, "mail delivery failed");
      return attempts >= MAX_ATTEMPTS
        ? { status: "failed", attempts, lastError: message }
        : { attempts, lastError: message, nextAttemptAt: new Date(now().getTime() + 2 ** attempts * 1000) };
    }
  }

  /** Sends one batch; returns how many messages were handled. */
  async function drainOnce(): Promise<number> {
    return db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(mailOutbox)
        // A message never tried is due at once: its default next_attempt_at comes from the database's
        // clock, which a pinned or skewed app clock need not agree with.
        .where(
          and(
            eq(mailOutbox.status, "pending"),
            or(eq(mailOutbox.attempts, 0), lte(mailOutbox.nextAttemptAt, now())),
          ),
        )
        .orderBy(asc(mailOutbox.createdAt))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      // The batch goes out at once over the transport's pooled connections (a burst of reminders is
      // thousands of messages); the outcomes are recorded after.
      const outcomes = await Promise.all(rows.map(deliver));
      for (const [i, row] of rows.entries()) {
        await tx.update(mailOutbox).set(outcomes[i]).where(eq(mailOutbox.id, row.id));
      }
      return rows.length;
    });
  }

  async function drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await drainOnce();
      total += n;
      if (n < BATCH) return total;
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
      const tick = () => {
        this.flush()
          .catch((error: unknown) => log.warn({ err: String(error) }, "outbox drain failed"))
          .finally(() => {
            if (timer) timer = setTimeout(tick, intervalMs);
          });
      };
      timer = setTimeout(tick, intervalMs);
    },
    async stop(): Promise<void> {
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
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
