import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAIL_JOB } from "../../mail/outbox.js";
import { attendee, eventType, type Host, hostIn } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";
import { type GoogleCalendarApp, startGoogleCalendarApp } from "../../testing/google-test-app.js";
import { startSmtpCatcher } from "../../testing/smtp.js";

/**
 * Google Meet event types: where no link can ever come the booking is refused with the spec's code
 * (nothing booked) and the host is mailed; where Google is down for a moment the booking goes ahead
 * and the invitee is mailed the link once the job made it.
 */
describe.each(dbKinds)("Google Meet links on %s", (kind) => {
  let g: GoogleCalendarApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  let slot = 0;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    g = await startGoogleCalendarApp(kind, { config: { smtpUrl: smtp.url } });
  }, 120_000);
  afterAll(async () => {
    await g?.close();
    await smtp?.close();
  });
  beforeEach(() => {
    g.gcal.failWrites = false;
    g.gcal.refuseWrites = null;
  });

  /** A Meet booking at the next free morning slot; returns the answer. */
  async function bookMeet(host: Host, value = "") {
    const et = await eventType(g.app, host, { locations: [{ type: "google_meet", value }] });
    // Each booking on a weekday of its own, from Monday 2027-03-08 (the default schedule's days).
    const day = new Date(Date.UTC(2027, 2, 8 + Math.floor(slot / 5) * 7 + (slot % 5), 10));
    slot++;
    return g.call(null, "POST", "/bookings", {
      eventTypeId: et._id,
      startTime: day.toISOString(),
      attendee: attendee(),
      location: { type: "google_meet" },
    });
  }
  const bookingsOf = async (host: Host) => (await g.call(host.token, "GET", "/bookings")).body.data;
  async function mailsTo(address: string) {
    await g.app.jobs.flush();
    await g.app.jobs.flush(MAIL_JOB);
    return smtp.mails.filter((m) => m.to.includes(address));
  }

  it("no Google account: GOOGLE_NOT_CONNECTED, nothing booked, the host told once a day", async () => {
    const host = await hostIn(g.app, "Europe/London");
    const res = await bookMeet(host);
    expect(res.status, res.raw).toBe(424);
    expect(res.body.errorCode).toBe("GOOGLE_NOT_CONNECTED");
    expect(await bookingsOf(host)).toEqual([]);
    expect(await bookMeet(host).then((r) => r.body.errorCode)).toBe("GOOGLE_NOT_CONNECTED");
    const notices = await mailsTo(host.email);
    expect(notices.map((m) => m.parsed.subject)).toEqual(["Action needed: reconnect your Google Calendar"]);
    expect(notices[0].parsed.text).toContain("no Google Calendar is connected");
    // A link the host pasted needs no Google: the booking goes ahead with it.
    const pasted = await bookMeet(host, "https://meet.google.com/abc-defg-hij");
    expect(pasted.status, pasted.raw).toBe(201);
    expect(pasted.body.data.meetingLink).toBe("https://meet.google.com/abc-defg-hij");
  });

  it("an expired connection: GOOGLE_TOKEN_EXPIRED then and on every later try, until reconnected", async () => {
    const host = await hostIn(g.app, "Europe/London");
    await g.connectGoogle(host, "expired@example.com");
    g.fake.refuseRefreshTokens("expired@example.com");
    g.fake.expireAccessTokens();
    const res = await bookMeet(host);
    expect(res.status, res.raw).toBe(424);
    expect(res.body.errorCode).toBe("GOOGLE_TOKEN_EXPIRED");
    // The account is marked for reconnecting: the next invitee is answered without asking Google.
    expect((await bookMeet(host)).body.errorCode).toBe("GOOGLE_TOKEN_EXPIRED");
    expect(await bookingsOf(host)).toEqual([]);
    const [notice] = await mailsTo(host.email);
    expect(notice.parsed.text).toContain("expired@example.com has expired or was revoked");
    expect(g.gcal.events("expired@example.com")).toHaveLength(0);
  });

  it("permissions refused: GOOGLE_ACCESS_DENIED; a request Google refuses as such: MEETING_CREATION_FAILED", async () => {
    const denied = await hostIn(g.app, "Europe/London");
    await g.connectGoogle(denied, "denied@example.com");
    g.gcal.refuseWrites = 403;
    const res = await bookMeet(denied);
    expect(res.status, res.raw).toBe(400);
    expect(res.body.errorCode).toBe("GOOGLE_ACCESS_DENIED");
    expect(await bookingsOf(denied)).toEqual([]);

    const refused = await hostIn(g.app, "Europe/London");
    await g.connectGoogle(refused, "refused@example.com");
    g.gcal.refuseWrites = 400;
    const failed = await bookMeet(refused);
    expect(failed.status, failed.raw).toBe(424);
    expect(failed.body.errorCode).toBe("MEETING_CREATION_FAILED");
    expect(await bookingsOf(refused)).toEqual([]);
  });

  it("Google down for a moment: booked now, and the invitee mailed the link when the job made it", async () => {
    const host = await hostIn(g.app, "Europe/London");
    await g.connectGoogle(host, "flaky@example.com");
    g.gcal.failWrites = true;
    const res = await bookMeet(host);
    expect(res.status, res.raw).toBe(201);
    expect(res.body.data.meetingLink).toBeNull();
    const invitee = res.body.data.attendee.email;
    await mailsTo(invitee);
    g.gcal.failWrites = false;
    g.advance(10 * 60_000); // past the retry's backoff
    const [linkMail] = (await mailsTo(invitee)).filter((m) => m.parsed.subject?.startsWith("Meeting link:"));
    const [event] = g.gcal.events("flaky@example.com");
    expect(event).toBeDefined();
    const booked = (await g.call(host.token, "GET", `/bookings/${res.body.data._id}`)).body.data;
    expect(booked.meetingLink).toMatch(/^https:\/\/meet\.google\.com\//);
    expect(linkMail.parsed.text).toContain(booked.meetingLink);
    expect(linkMail.raw).toContain("SEQUENCE:1");
  });
});
