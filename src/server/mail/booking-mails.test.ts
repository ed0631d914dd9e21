import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bearer, createTestApp, type TestApp } from "../testing/app.js";
import {
  attendee,
  book,
  eventType,
  type Host,
  hostIn,
  icsLines,
  icsProp,
  NOW,
} from "../testing/booking-fixtures.js";
import { dbKinds } from "../testing/database.js";
import { type CapturedMail, startSmtpCatcher } from "../testing/smtp.js";
import { MAIL_JOB, outboxFor } from "./outbox.js";

const EVIL = "<script>alert(1)</script>\r\nBcc: evil@attacker.example";

/** The text/calendar part of a captured mail. */
function inviteOf(mail: CapturedMail): string {
  const part = mail.parsed.attachments.find((a) => a.contentType.startsWith("text/calendar"));
  if (!part) throw new Error(`no invite in mail to ${mail.to}`);
  return part.content.toString("utf8");
}

function headersOf(mail: CapturedMail): string {
  return mail.raw.slice(0, mail.raw.indexOf("\r\n\r\n"));
}

describe.each(dbKinds)("booking mails on %s", (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  let host: Host;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp(kind, {
      now: () => NOW,
      config: { smtpUrl: smtp.url, publicUrl: "https://kairos.test" },
    });
    host = await hostIn(t.app, "America/New_York", `Grace ${EVIL}`);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.mails.length = 0;
  });

  /** Sends what is queued and takes the mails the catcher got since the last call. */
  const deliver = async () => {
    await t.app.jobs.flush(MAIL_JOB);
    return smtp.mails.splice(0);
  };

  it("sends invitee and host an invite in the host's zone, with the invitee's manage links", async () => {
    const et = await eventType(t.app, host, { title: `Demo ${EVIL}` });
    const who = attendee({
      name: `Eve ${EVIL}`,
      email: "eve@example.com",
      phone: "+14155550134",
      timezone: "Asia/Kolkata",
    });
    const res = await book(t.app, et._id, "2026-11-02T15:00:00Z", {
      attendee: who,
      message: `Hello ${EVIL}`,
    });
    expect(res.statusCode).toBe(201);
    const { uid, manageToken } = res.json().data;
    const mails = await deliver();
    expect(mails.map((m) => m.to)).toEqual([["eve@example.com"], [host.email]]);
    const [invitee, hostMail] = mails;

    for (const mail of mails) {
      expect(headersOf(mail)).not.toMatch(/^bcc:/im);
      expect(mail.parsed.subject).not.toMatch(/[\r\n]/);
      expect(mail.parsed.html).not.toContain("<script>");
      expect(mail.parsed.html).toContain("&#60;script&#62;");
      const ics = inviteOf(mail);
      expect(icsProp(ics, "METHOD")).toBe("METHOD:REQUEST");
      expect(icsProp(ics, "UID")).toBe(`UID:${uid}@kairos`);
      expect(icsProp(ics, "SEQUENCE")).toBe("SEQUENCE:0");
      // 15:00Z on 2026-11-02 is 10:00am in New York (EST), whatever zone this server runs in.
      expect(icsProp(ics, "DTSTART")).toBe("DTSTART;TZID=America/New_York:20261102T100000");
      expect(icsProp(ics, "DTEND")).toBe("DTEND;TZID=America/New_York:20261102T103000");
      expect(ics).toContain("TZID:America/New_York");
      expect(icsLines(ics).some((l) => /^bcc:/i.test(l))).toBe(false);
      expect(icsProp(ics, "SUMMARY")).toContain("\\nBcc: evil@attacker.example");
    }
    expect(invitee.parsed.subject).toBe(
      "Confirmed: Demo <script>alert(1)</script> Bcc: evil@attacker.example with Grace <script>alert(1)</script> Bcc: evil@attacker.example on Monday, November 2, 2026",
    );
    // The invitee reads their own zone (Kolkata, 10:00am EST = 8:30pm IST); the host reads New York.
    expect(invitee.parsed.text).toContain("Monday, November 2, 2026, 8:30pm - 9:00pm (Asia/Kolkata)");
    expect(hostMail.parsed.text).toContain("Monday, November 2, 2026, 10:00am - 10:30am (America/New_York)");
    expect(invitee.parsed.text).toContain(
      `https://kairos.test/booking-confirmed?uid=${uid}&token=${manageToken}`,
    );
    // Rescheduling goes through the host's own link, /{username}/{slug}.
    const profile = await t.app.inject({
      method: "GET",
      url: "/api/users/profile",
      headers: bearer(host.token),
    });
    const username = profile.json().data.user.username;
    expect(invitee.parsed.text).toContain(
      `https://kairos.test/${username}/${et.slug}?reschedule=${uid}&token=${manageToken}`,
    );
    expect(invitee.parsed.text).toContain(
      `https://kairos.test/booking-confirmed?uid=${uid}&token=${manageToken}&action=cancel`,
    );
    expect(hostMail.parsed.text).not.toContain(manageToken);
    expect(hostMail.parsed.text).toContain("Phone: +1 415 555 0134");
    expect(hostMail.parsed.text).toContain("Join the meeting: https://zoom.us/j/1234567890");

    // Reschedule by link: the same UID with SEQUENCE 1 at the new time.
    const moved = await t.app.inject({
      method: "POST",
      url: `/api/bookings/public/${uid}/reschedule`,
      payload: { token: manageToken, startTime: "2026-11-03T16:00:00Z" },
    });
    expect(moved.statusCode).toBe(200);
    // This server sends mail; the host has no calendar: the invitee's pages say just that.
    expect(moved.json().data.delivery).toEqual({ invitationMailed: true, onHostCalendar: false });
    const rescheduled = await deliver();
    expect(rescheduled.map((m) => m.to)).toEqual([["eve@example.com"], [host.email]]);
    for (const mail of rescheduled) {
      const ics = inviteOf(mail);
      expect(icsProp(ics, "UID")).toBe(`UID:${uid}@kairos`);
      expect(icsProp(ics, "SEQUENCE")).toBe("SEQUENCE:1");
      expect(icsProp(ics, "DTSTART")).toBe("DTSTART;TZID=America/New_York:20261103T110000");
    }
    expect(rescheduled[0].parsed.subject).toMatch(/^Rescheduled: /);
    expect(rescheduled[0].parsed.text).toContain(
      "Previously: Monday, November 2, 2026, 8:30pm (Asia/Kolkata)",
    );

    // The host cancels: METHOD:CANCEL with SEQUENCE 2 to both.
    const id = moved.json().data._id;
    const cancelled = await t.app.inject({
      method: "PUT",
      url: `/api/bookings/${id}/cancel`,
      headers: bearer(host.token),
      payload: { reason: "Other", note: `Note ${EVIL}` },
    });
    expect(cancelled.statusCode).toBe(200);
    const cancels = await deliver();
    expect(cancels.map((m) => m.to)).toEqual([["eve@example.com"], [host.email]]);
    for (const mail of cancels) {
      const ics = inviteOf(mail);
      expect(icsProp(ics, "METHOD")).toBe("METHOD:CANCEL");
      expect(icsProp(ics, "SEQUENCE")).toBe("SEQUENCE:2");
      expect(icsProp(ics, "STATUS")).toBe("STATUS:CANCELLED");
      expect(mail.parsed.text).toContain("Reason: Other");
      expect(headersOf(mail)).not.toMatch(/^bcc:/im);
    }
    expect(cancels[0].parsed.text).not.toContain(manageToken);
  });

  it("invites guests without the invitee's links and respects the host's mail setting", async () => {
    const settings = await t.app.inject({
      method: "PUT",
      url: "/api/calendar-settings/notifications",
      headers: bearer(host.token),
      payload: { emailOnBooking: false },
    });
    expect(settings.statusCode).toBe(200);
    const et = await eventType(t.app, host);
    const res = await book(t.app, et._id, "2026-11-04T15:00:00Z", {
      attendee: attendee({ email: "main@example.com" }),
      guests: ["guest@example.com"],
    });
    const { manageToken } = res.json().data;
    const mails = await deliver();
    expect(mails.map((m) => m.to)).toEqual([["main@example.com"], ["guest@example.com"]]);
    expect(mails[0].parsed.text).toContain(manageToken);
    expect(mails[1].parsed.text).not.toContain(manageToken);
    const attendees = icsLines(inviteOf(mails[1])).filter((l) => l.startsWith("ATTENDEE"));
    expect(attendees).toHaveLength(2);
  });

  it("queues nothing for a refused booking", async () => {
    const et = await eventType(t.app, host);
    const res = await book(t.app, et._id, "2026-10-31T15:00:00Z", {
      attendee: attendee({ email: "nobody@example.com" }),
    });
    expect(res.statusCode).toBe(409);
    expect(await outboxFor(t.database.db, ["nobody@example.com"])).toEqual([]);
  });
});
