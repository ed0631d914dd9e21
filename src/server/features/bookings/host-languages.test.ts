import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, type TestApp } from "../../testing/app.js";
import { book, eventType, type Host, hostIn, hostSpeaking, NOW } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";
import { startSmtpCatcher } from "../../testing/smtp.js";

type Smtp = Awaited<ReturnType<typeof startSmtpCatcher>>;

// Issue 27: the mails to a host speak the host's app language (Settings > Profile > App language);
// the invitee of the same booking keeps theirs; a host who chose none reads the spec's English.
describe.each(dbKinds)("the host's mails in the host's language on %s", (kind) => {
  let t: TestApp;
  let smtp: Smtp;
  const clock = NOW;

  const flush = async () => {
    await t.app.jobs.flush();
    await t.app.jobs.flush(); // the mail those jobs queued
  };
  const mailsTo = (to: string, subject: RegExp) =>
    smtp.mails.filter((m) => m.to.includes(to) && subject.test(m.parsed.subject ?? ""));
  const cancel = async (host: Host, id: string) => {
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/bookings/${id}/cancel`,
      headers: bearer(host.token),
      payload: { reason: "Scheduling conflict" },
    });
    expect(res.statusCode, res.body).toBe(200);
    await flush();
  };

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp(kind, { now: () => clock, config: { smtpUrl: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("a German host gets the new booking and its cancellation in German; the French invitee in French", async () => {
    const host = await hostSpeaking(t.app, "de", "Europe/Berlin", "Hanna Host");
    const type = await eventType(t.app, host, { title: "Beratung" });
    const res = await book(t.app, type._id, "2026-11-03T10:00:00+01:00", { language: "fr" });
    expect(res.statusCode, res.body).toBe(201);
    const invitee = res.json().data.attendee as { name: string; email: string };
    await flush();

    const [created] = mailsTo(host.email, /^Neue Buchung: /);
    expect(created?.parsed.subject).toBe(
      `Neue Buchung: Beratung mit ${invitee.name} am Dienstag, 3. November 2026`,
    );
    const text = created?.parsed.text ?? "";
    expect(text).toContain(`${invitee.name} hat Beratung gebucht.`);
    expect(text).toContain("Wann: Dienstag, 3. November 2026, 10:00–10:30 (Europe/Berlin)");
    expect(text).toContain(`Eingeladener: ${invitee.name}`);
    expect(text).toContain("Zeitzone des Eingeladenen: Asia/Kolkata");
    expect(text).toMatch(/Ihre Termine öffnen: http\S+\/meetings/);
    expect(created?.parsed.html).toContain('<html lang="de">');
    expect(mailsTo(host.email, /^New booking: /)).toHaveLength(0);
    expect(
      mailsTo(invitee.email, /^Confirmé : Beratung avec Hanna Host le mardi 3 novembre 2026$/),
    ).toHaveLength(1);

    await cancel(host, res.json().data._id);
    const [gone] = mailsTo(host.email, /^Abgesagt: /);
    expect(gone?.parsed.subject).toBe(`Abgesagt: Beratung mit ${invitee.name} am Dienstag, 3. November 2026`);
    expect(gone?.parsed.text).toContain(`Beratung mit ${invitee.name} wurde abgesagt.`);
    expect(gone?.parsed.text).toContain("Abgesagt von: Hanna Host");
    expect(gone?.parsed.text).toContain("Grund: Terminüberschneidung");
    expect(mailsTo(host.email, /^Cancelled: /)).toHaveLength(0);
    const [inviteeGone] = mailsTo(invitee.email, /^Annulé : Beratung avec Hanna Host/);
    expect(inviteeGone?.parsed.text).toContain("votre rendez-vous avec Hanna Host a été annulé");
  });

  it("a host without an app language gets the spec's English, word for word", async () => {
    const host = await hostIn(t.app, "America/New_York", "Eli English");
    const type = await eventType(t.app, host, { title: "Intro" });
    const res = await book(t.app, type._id, "2026-11-03T10:00:00-05:00");
    expect(res.statusCode, res.body).toBe(201);
    const invitee = res.json().data.attendee as { name: string; email: string };
    await flush();
    const phone = "+91 5551 234 567"; // the fixture's number, as E.164 reads

    const [created] = mailsTo(host.email, /^New booking: /);
    expect(created?.parsed.subject).toBe(
      `New booking: Intro with ${invitee.name} on Tuesday, November 3, 2026`,
    );
    expect(created?.parsed.text?.trim()).toBe(
      [
        `${invitee.name} booked Intro.`,
        "",
        "When: Tuesday, November 3, 2026, 10:00am - 10:30am (America/New_York)",
        `Invitee: ${invitee.name}`,
        `Email: ${invitee.email}`,
        `Phone: ${phone}`,
        "Invitee time zone: Asia/Kolkata",
        "Where: Zoom: https://zoom.us/j/1234567890",
        "Join the meeting: https://zoom.us/j/1234567890",
        "",
        `Open your meetings: ${created?.parsed.text?.match(/(http\S+\/meetings)/)?.[1]}`,
      ].join("\n"),
    );
    expect(created?.parsed.html).toContain('<html lang="en">');

    await cancel(host, res.json().data._id);
    const [gone] = mailsTo(host.email, /^Cancelled: /);
    expect(gone?.parsed.subject).toBe(`Cancelled: Intro with ${invitee.name} on Tuesday, November 3, 2026`);
    expect(gone?.parsed.text).toContain(`Intro with ${invitee.name} has been cancelled.`);
    expect(gone?.parsed.text).toContain("Cancelled by: Eli English");
    expect(gone?.parsed.text).toContain("Reason: Scheduling conflict");
  });
});
