import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, type TestApp } from "../../testing/app.js";
import { book, eventType, type Host, hostIn, NOW } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";
import { startSmtpCatcher } from "../../testing/smtp.js";

type Smtp = Awaited<ReturnType<typeof startSmtpCatcher>>;

// Issue 27: the invitee's language is stored on the booking; every later mail to them speaks it.
describe.each(dbKinds)("the booking's language on %s", (kind) => {
  let t: TestApp;
  let smtp: Smtp;
  let clock = NOW;
  let host: Host;

  const runAt = async (at: Date) => {
    clock = at;
    await t.app.jobs.flush();
    await t.app.jobs.flush(); // the mail those jobs queued
  };
  const mailsTo = (to: string, subject: RegExp) =>
    smtp.mails.filter((m) => m.to.includes(to) && subject.test(m.parsed.subject ?? ""));

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp(kind, { now: () => clock, config: { smtpUrl: smtp.url } });
    host = await hostIn(t.app, "Europe/Berlin", "Hanna Host");
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/calendar-settings/notifications",
      headers: bearer(host.token),
      payload: { emailReminders: true, reminderMinutes: 60 },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("a German booking's confirmation, a reminder sent later and the host's cancellation are German; the host's copies stay English", async () => {
    const type = await eventType(t.app, host, { title: "Beratung" });
    clock = NOW;
    const res = await book(t.app, type._id, "2026-11-03T10:00:00+01:00", { language: "de" });
    expect(res.statusCode, res.body).toBe(201);
    const invitee = res.json().data.attendee.email as string;
    await runAt(NOW);
    const [confirmed] = mailsTo(
      invitee,
      /^Bestätigt: Beratung mit Hanna Host am Dienstag, 3\. November 2026$/,
    );
    expect(confirmed?.parsed.text).toContain("Wann: Dienstag, 3. November 2026, 14:30–15:00 (Asia/Kolkata)");
    expect(confirmed?.parsed.html).toContain('<html lang="de">');
    expect(mailsTo(host.email, /^New booking: Beratung/)).toHaveLength(1);

    // An hour before, days later: the reminder job reads the stored language.
    await runAt(new Date("2026-11-03T08:00:00Z"));
    await runAt(new Date("2026-11-03T08:01:00Z"));
    const [reminder] = mailsTo(
      invitee,
      /^Erinnerung: Beratung mit Hanna Host am Dienstag, 3\. November 2026 um /,
    );
    expect(reminder?.parsed.text).toContain("Erinnerung: Beratung mit Hanna Host steht bald an.");
    expect(reminder?.parsed.text).toMatch(/Verschieben: http\S+reschedule=\S+&lang=de/);
    expect(mailsTo(host.email, /^Reminder: Beratung with /)).toHaveLength(1);

    // The host cancels: the invitee is told in German.
    const cancelled = await t.app.inject({
      method: "PUT",
      url: `/api/bookings/${res.json().data._id}/cancel`,
      headers: bearer(host.token),
      payload: { reason: "Scheduling conflict", note: "Krank" },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await runAt(new Date("2026-11-03T08:02:00Z"));
    const [gone] = mailsTo(invitee, /^Abgesagt: Beratung mit Hanna Host/);
    expect(gone?.parsed.text).toMatch(/^Hallo Invitee \d+, Ihr Termin mit Hanna Host wurde abgesagt\./);
    expect(gone?.parsed.text).toContain("Grund: Terminüberschneidung");
    expect(gone?.parsed.text).toContain("Notiz: Krank");
    expect(mailsTo(host.email, /^Cancelled: Beratung/)[0]?.parsed.text).toContain(
      "Reason: Scheduling conflict",
    );
  });

  it("without a language from the page, the event type's fixed one; an unknown language is refused", async () => {
    const type = await eventType(t.app, host, { title: "面談", language: "ja" });
    const res = await book(t.app, type._id, "2026-11-04T10:00:00+01:00");
    expect(res.statusCode, res.body).toBe(201);
    await runAt(NOW);
    const invitee = res.json().data.attendee.email as string;
    expect(mailsTo(invitee, /^確定：2026年11月4日水曜日 Hanna Hostさんとの面談$/)).toHaveLength(1);

    const before = smtp.mails.length;
    const bad = await book(t.app, type._id, "2026-11-04T11:00:00+01:00", { language: "xx" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty("language");
    await runAt(NOW);
    expect(smtp.mails.length).toBe(before);
  });
});
