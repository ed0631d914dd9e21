import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { jobs, mailOutbox } from "../db/schema/index.js";
import { enqueueJobs } from "../jobs/queue.js";
import { createJobRunner, type RunnerOptions } from "../jobs/runner.js";
import { createTestDatabase, dbKinds } from "../testing/database.js";
import { startSmtpCatcher, startStallingSmtp } from "../testing/smtp.js";
import { enqueueMail, MAIL_JOB, outboxFor, registerMailJobs } from "./outbox.js";
import { createSmtpTransport, type MailTransport } from "./transport.js";

type Log = { info(o: object, msg: string): void; warn(o: object, msg: string): void };
const quietLog: Log = { info() {}, warn() {} };

/** A job runner with only the mail kind registered, as buildApp registers it. */
function createMailRunner(
  db: Database["db"],
  transport: MailTransport | null,
  log: Log,
  options: RunnerOptions = {},
) {
  const runner = createJobRunner(db, log, options);
  registerMailJobs(runner, db, transport, log);
  return runner;
}
const FROM = "Kairos <no-reply@kairos.test>";
/** Short timeouts, so a stalled SMTP server fails a send within a test. */
const QUICK = { connection: 500, greeting: 500, socket: 500 };

describe.each(dbKinds)("mail as a job kind (the outbox) on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  it("delivers queued mail with its invite to a real SMTP server", async () => {
    const smtp = await startSmtpCatcher();
    const transport = createSmtpTransport(smtp.url, FROM, QUICK);
    const worker = createMailRunner(database.db, transport, quietLog);
    try {
      await enqueueMail(database.db, {
        to: "invitee@example.com",
        subject: "Invitation: Intro call",
        text: "You're scheduled.",
        icalEvent: { method: "REQUEST", content: "BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n" },
      });
      expect(await worker.flush()).toBe(1);
      expect(smtp.mails).toHaveLength(1);
      expect(smtp.mails[0].to).toEqual(["invitee@example.com"]);
      expect(smtp.mails[0].parsed.subject).toBe("Invitation: Intro call");
      expect(smtp.mails[0].raw).toMatch(/text\/calendar; charset=utf-8; method=REQUEST/i);
      const [row] = await outboxFor(database.db, ["invitee@example.com"]);
      expect(row.status).toBe("sent");
      // Sent mail is not sent again.
      expect(await worker.flush()).toBe(0);
    } finally {
      transport.close();
      await smtp.close();
    }
  });

  it("keeps mail pending with a retry time when the SMTP server is down", async () => {
    const transport = createSmtpTransport("smtp://127.0.0.1:9", FROM, QUICK);
    const worker = createMailRunner(database.db, transport, quietLog);
    await enqueueMail(database.db, { to: "down@example.com", subject: "s", text: "t" });
    await worker.flush();
    const [row] = await outboxFor(database.db, ["down@example.com"]);
    expect(row.status).toBe("pending");
    expect(row.attempts).toBe(1);
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    transport.close();
  });

  it("logs and records mail when no SMTP server is configured", async () => {
    const logged: object[] = [];
    const worker = createMailRunner(database.db, null, { info: (o: object) => logged.push(o), warn() {} });
    await enqueueMail(database.db, { to: "nosmtp@example.com", subject: "Hello", text: "body" });
    await worker.flush();
    const [row] = await outboxFor(database.db, ["nosmtp@example.com"]);
    expect(row.status).toBe("logged");
    expect(logged).toContainEqual(expect.objectContaining({ to: "nosmtp@example.com", subject: "Hello" }));
  });

  it("sends outside any transaction, gives up on a server that never answers, and retries later", async () => {
    const catcher = await startSmtpCatcher();
    const smtp = await startStallingSmtp(catcher.url);
    const transport = createSmtpTransport(smtp.url, FROM, QUICK);
    let clock = new Date();
    const worker = createMailRunner(database.db, transport, quietLog, { now: () => clock });
    try {
      await enqueueMail(database.db, { to: "stalled@example.com", subject: "Stalled", text: "t" });
      const startedAt = Date.now();
      const flushing = worker.flush();
      await waitUntil(() => smtp.stalledConnections > 0);

      // While the server stalls, the claim is committed and the database free: on PGlite a statement
      // outside the worker would wait for a transaction held around the send.
      const readAt = Date.now();
      const [claimed] = await outboxFor(database.db, ["stalled@example.com"]);
      expect(Date.now() - readAt).toBeLessThan(400);
      expect(claimed.status).toBe("sending");
      expect(claimed.nextAttemptAt.getTime()).toBeGreaterThan(clock.getTime());

      // The transport's timeouts end the send: pending again, with the error and a retry time.
      expect(await flushing).toBe(1);
      expect(Date.now() - startedAt).toBeLessThan(5000);
      const [failed] = await outboxFor(database.db, ["stalled@example.com"]);
      expect(failed.status).toBe("pending");
      expect(failed.attempts).toBe(1);
      expect(failed.lastError).toMatch(/greeting|timeout/i);
      expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(clock.getTime());

      // Not due before its retry time; sent once the server answers and the time has come.
      // (Earlier tests' mail on this database may be due as well: only this message is looked at.)
      smtp.stalled = false;
      await worker.flush();
      expect((await outboxFor(database.db, ["stalled@example.com"]))[0].attempts).toBe(1);
      clock = new Date(failed.nextAttemptAt.getTime() + 1000);
      await worker.flush();
      expect(catcher.mails.filter((m) => m.parsed.subject === "Stalled")).toHaveLength(1);
      const [sent] = await outboxFor(database.db, ["stalled@example.com"]);
      expect(sent.status).toBe("sent");
      expect(sent.attempts).toBe(2);
    } finally {
      transport.close();
      await smtp.close();
      await catcher.close();
    }
  });

  it("sends again a message whose worker died mid-send, once its lease has run out", async () => {
    const catcher = await startSmtpCatcher();
    const transport = createSmtpTransport(catcher.url, FROM, QUICK);
    let clock = new Date();
    const leaseMs = 60_000;
    const worker = createMailRunner(database.db, transport, quietLog, { now: () => clock, leaseMs });
    try {
      await enqueueMail(database.db, { to: "orphan@example.com", subject: "Orphan", text: "t" });
      // A claim whose worker never came back: the row is left sending, under a lease.
      const mine = await outboxFor(database.db, ["orphan@example.com"]);
      await database.db
        .update(mailOutbox)
        .set({ status: "sending", attempts: 1, nextAttemptAt: new Date(clock.getTime() + leaseMs) })
        .where(eq(mailOutbox.id, mine[0].id));
      await worker.flush();
      expect((await outboxFor(database.db, ["orphan@example.com"]))[0].status).toBe("sending");
      clock = new Date(clock.getTime() + leaseMs + 1000);
      await worker.flush();
      expect(catcher.mails.filter((m) => m.parsed.subject === "Orphan")).toHaveLength(1);
      const [row] = await outboxFor(database.db, ["orphan@example.com"]);
      expect(row.status).toBe("sent");
      expect(row.attempts).toBe(2);
    } finally {
      transport.close();
      await catcher.close();
    }
  });

  it("backs off 2 s, 4 s, 8 s... between failed sends and keeps the row failed, with its error, after 8", async () => {
    let clock = new Date("2031-01-01T00:00:00Z");
    const tried: number[] = [];
    const refusing: MailTransport = {
      async send() {
        tried.push(clock.getTime());
        throw new Error("550 mailbox unavailable");
      },
      close() {},
    };
    const runner = createMailRunner(database.db, refusing, quietLog, { now: () => clock });
    await enqueueMail(database.db, { to: "refused@example.com", subject: "Refused", text: "t" });
    const row = async () => (await outboxFor(database.db, ["refused@example.com"]))[0];
    // Earlier tests' mail on this database may be due as well: only this message is looked at.
    for (let attempt = 1; attempt <= 8; attempt++) {
      await runner.flush(MAIL_JOB);
      const now = await row();
      expect(now.attempts).toBe(attempt);
      expect(now.lastError).toBe("550 mailbox unavailable");
      if (attempt === 8) break;
      expect(now.status).toBe("pending");
      expect(now.nextAttemptAt.getTime() - clock.getTime()).toBe(2 ** attempt * 1000);
      // Not due a moment before its retry time.
      clock = new Date(now.nextAttemptAt.getTime() - 1);
      await runner.flush(MAIL_JOB);
      expect((await row()).attempts).toBe(attempt);
      clock = now.nextAttemptAt;
    }
    expect(await row()).toMatchObject({
      status: "failed",
      attempts: 8,
      lastError: "550 mailbox unavailable",
    });
    expect(tried).toHaveLength(8);
    clock = new Date(clock.getTime() + 86_400_000);
    await runner.flush(MAIL_JOB);
    expect(tried).toHaveLength(8);
  });

  it("runs beside the jobs table's kinds in one flush; a flush of the mail kind runs only the mail", async () => {
    const clock = new Date("2031-01-01T00:00:00Z");
    const catcher = await startSmtpCatcher();
    const transport = createSmtpTransport(catcher.url, FROM, QUICK);
    const runner = createMailRunner(database.db, transport, quietLog, { now: () => clock });
    const ran: string[] = [];
    runner.register("test.beside-mail", async (job) => {
      ran.push(job.key as string);
    });
    const key = `beside-mail:${Math.random()}`;
    try {
      await database.db.transaction(async (tx) => {
        await enqueueJobs(tx, { kind: "test.beside-mail", key, runAt: clock });
        await enqueueMail(tx, { to: "beside@example.com", subject: "Beside", text: "t" });
      });
      // A mail is a row of mail_outbox only: no row in jobs.
      const mailJobs = await database.db.select().from(jobs).where(eq(jobs.kind, MAIL_JOB));
      expect(mailJobs).toHaveLength(0);

      await runner.flush(MAIL_JOB);
      expect(catcher.mails.map((m) => m.parsed.subject)).toContain("Beside");
      expect(ran).toEqual([]);
      await enqueueMail(database.db, { to: "beside@example.com", subject: "Beside again", text: "t" });
      await runner.flush();
      expect(ran).toEqual([key]);
      expect(catcher.mails.map((m) => m.parsed.subject)).toContain("Beside again");
      expect((await outboxFor(database.db, ["beside@example.com"])).map((r) => r.status)).toEqual([
        "sent",
        "sent",
      ]);
    } finally {
      transport.close();
      await catcher.close();
    }
  });
});

async function waitUntil(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}
