import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.js";
import { attendee, book, eventType, type Host, hostIn, NOW } from "../testing/booking-fixtures.js";
import { dbKinds } from "../testing/database.js";
import { startSmtpCatcher, startStallingSmtp } from "../testing/smtp.js";
import { MAIL_JOB, outboxFor } from "./outbox.js";

/** The stall lasts this long per send (the transport's timeouts), longer than the bookings below take. */
const TIMEOUT_MS = 5000;

describe.each(dbKinds)("an SMTP server that accepts and never answers, on %s", (kind) => {
  let t: TestApp;
  let catcher: Awaited<ReturnType<typeof startSmtpCatcher>>;
  let smtp: Awaited<ReturnType<typeof startStallingSmtp>>;
  let host: Host;
  let clock = NOW;

  beforeAll(async () => {
    catcher = await startSmtpCatcher();
    smtp = await startStallingSmtp(catcher.url);
    t = await createTestApp(kind, {
      now: () => clock,
      config: {
        smtpUrl: smtp.url,
        smtpTimeoutsMs: { connection: TIMEOUT_MS, greeting: TIMEOUT_MS, socket: TIMEOUT_MS },
      },
    });
    host = await hostIn(t.app, "America/New_York");
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await catcher.close();
  });

  it("leaves bookings their speed while the outbox waits on it, and the mail goes out later", async () => {
    const et = await eventType(t.app, host);
    const invitees = Array.from({ length: 6 }, (_, i) => attendee({ email: `stall${i}@example.com` }));
    // Monday 2 November 2026, 10:00am New York and on every half hour.
    const startOf = (i: number) =>
      new Date(Date.parse("2026-11-02T15:00:00Z") + i * 30 * 60_000).toISOString();
    expect((await book(t.app, et._id, startOf(0), { attendee: invitees[0] })).statusCode).toBe(201);

    const flushStartedAt = Date.now();
    const flushing = t.app.jobs.flush(MAIL_JOB);
    await waitUntil(() => smtp.stalledConnections > 0);

    // Bookings while the outbox's sends hang: answered at their usual speed.
    const took: number[] = [];
    for (let i = 1; i < invitees.length; i++) {
      const startedAt = Date.now();
      const res = await book(t.app, et._id, startOf(i), { attendee: invitees[i] });
      took.push(Date.now() - startedAt);
      expect(res.statusCode).toBe(201);
    }
    expect(Math.max(...took), `booking times: ${took.join(", ")} ms`).toBeLessThan(1000);

    // The transport's timeouts end the stalled sends; the mail stays queued with the error.
    await flushing;
    expect(Date.now() - flushStartedAt).toBeLessThan(TIMEOUT_MS + 3000);
    const first = await outboxFor(t.database.db, [invitees[0].email]);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ status: "pending", attempts: 1 });
    expect(catcher.mails).toHaveLength(0);

    // The server answers again: after the retry delay every booking's mail is delivered.
    smtp.stalled = false;
    clock = new Date(NOW.getTime() + 60_000);
    await t.app.jobs.flush(MAIL_JOB);
    const delivered = catcher.mails.flatMap((m) => m.to);
    for (const who of invitees) expect(delivered).toContain(who.email);
    expect(delivered.filter((to) => to === host.email)).toHaveLength(invitees.length);
  }, 60_000);
});

async function waitUntil(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}
