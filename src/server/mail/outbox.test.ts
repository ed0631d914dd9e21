import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { createTestDatabase, dbKinds } from "../testing/database.js";
import { startSmtpCatcher } from "../testing/smtp.js";
import { createOutboxWorker, enqueueMail, outboxFor } from "./outbox.js";
import { createSmtpTransport } from "./transport.js";

const quietLog = { info() {}, warn() {} };

describe.each(dbKinds)("mail outbox on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  it("delivers queued mail with its invite to a real SMTP server", async () => {
    const smtp = await startSmtpCatcher();
    const transport = createSmtpTransport(smtp.url, "Kairos <no-reply@kairos.test>");
    const worker = createOutboxWorker(database.db, transport, quietLog);
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
    const transport = createSmtpTransport("smtp://127.0.0.1:9", "Kairos <no-reply@kairos.test>");
    const worker = createOutboxWorker(database.db, transport, quietLog);
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
    const worker = createOutboxWorker(database.db, null, { info: (o) => logged.push(o), warn() {} });
    await enqueueMail(database.db, { to: "nosmtp@example.com", subject: "Hello", text: "body" });
    await worker.flush();
    const [row] = await outboxFor(database.db, ["nosmtp@example.com"]);
    expect(row.status).toBe("logged");
    expect(logged).toContainEqual(expect.objectContaining({ to: "nosmtp@example.com", subject: "Hello" }));
  });
});
