import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAIL_JOB } from "../../mail/outbox.js";
import { bearer, createTestApp, type TestApp } from "../../testing/app.js";
import { attendee, eventType, type Host, hostIn } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";
import { type FakeGoogle, startFakeGoogle } from "../../testing/fake-google.js";
import { addFakeCalendarApi, type FakeGoogleCalendar } from "../../testing/fake-google-calendar.js";
import { connectGoogleCalendar, fakeGoogleConfig } from "../../testing/google-test-app.js";
import { startSmtpCatcher } from "../../testing/smtp.js";

/**
 * Google Meet event types: where no link can ever come the booking is refused with the spec's code
 * (nothing booked) and the host is mailed; where Google is down for a moment the booking goes ahead
 * and the invitee is mailed the link once the job made it.
 */
describe.each(dbKinds)("Google Meet links on %s", (kind) => {
  let t: TestApp;
  let fake: FakeGoogle;
  let gcal: FakeGoogleCalendar;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  let clock = new Date("2027-03-01T08:00:00Z");
  let slot = 0;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    fake = await startFakeGoogle();
    gcal = addFakeCalendarApi(fake);
    t = await createTestApp(kind, {
      now: () => clock,
      config: { smtpUrl: smtp.url, ...fakeGoogleConfig(fake) },
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
    await smtp?.close();
  });
  beforeEach(() => {
    gcal.failWrites = false;
    gcal.refuseWrites = null;
  });

  const call = async (token: string | null, method: string, url: string, payload?: object) => {
    const res = await t.app.inject({
      method: method as "GET",
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      payload,
    });
    return { status: res.statusCode, body: res.json(), raw: res.body };
  };
  const connectGoogle = (host: Host, email: string) => connectGoogleCalendar(t.app, fake, host, email);
  /** A Meet booking at the next free morning slot; returns the answer. */
  async function bookMeet(host: Host, value = "") {
    const et = await eventType(t.app, host, { locations: [{ type: "google_meet", value }] });
    // Each booking on a weekday of its own, from Monday 2027-03-08 (the default schedule's days).
    const day = new Date(Date.UTC(2027, 2, 8 + Math.floor(slot / 5) * 7 + (slot % 5), 10));
    slot++;
    return call(null, "POST", "/bookings", {
      eventTypeId: et._id,
      startTime: day.toISOString(),
      attendee: attendee(),
      location: { type: "google_meet" },
    });
  }
  const bookingsOf = async (host: Host) => (await call(host.token, "GET", "/bookings")).body.data;
  async function mailsTo(address: string) {
    await t.app.jobs.flush();
    await t.app.jobs.flush(MAIL_JOB);
    return smtp.mails.filter((m) => m.to.includes(address));
  }

  it("no Google account: GOOGLE_NOT_CONNECTED, nothing booked, the host told once a day", async () => {
    const host = await hostIn(t.app, "Europe/London");
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
    const host = await hostIn(t.app, "Europe/London");
    await connectGoogle(host, "expired@example.com");
    fake.refuseRefreshTokens("expired@example.com");
    fake.expireAccessTokens();
    const res = await bookMeet(host);
    expect(res.status, res.raw).toBe(424);
    expect(res.body.errorCode).toBe("GOOGLE_TOKEN_EXPIRED");
    // The account is marked for reconnecting: the next invitee is answered without asking Google.
    expect((await bookMeet(host)).body.errorCode).toBe("GOOGLE_TOKEN_EXPIRED");
    expect(await bookingsOf(host)).toEqual([]);
    const [notice] = await mailsTo(host.email);
    expect(notice.parsed.text).toContain("expired@example.com has expired or was revoked");
    expect(gcal.events("expired@example.com")).toHaveLength(0);
  });

  it("permissions refused: GOOGLE_ACCESS_DENIED; a request Google refuses as such: MEETING_CREATION_FAILED", async () => {
    const denied = await hostIn(t.app, "Europe/London");
    await connectGoogle(denied, "denied@example.com");
    gcal.refuseWrites = 403;
    const res = await bookMeet(denied);
    expect(res.status, res.raw).toBe(400);
    expect(res.body.errorCode).toBe("GOOGLE_ACCESS_DENIED");
    expect(await bookingsOf(denied)).toEqual([]);

    const refused = await hostIn(t.app, "Europe/London");
    await connectGoogle(refused, "refused@example.com");
    gcal.refuseWrites = 400;
    const failed = await bookMeet(refused);
    expect(failed.status, failed.raw).toBe(424);
    expect(failed.body.errorCode).toBe("MEETING_CREATION_FAILED");
    expect(await bookingsOf(refused)).toEqual([]);
  });

  it("Google down for a moment: booked now, and the invitee mailed the link when the job made it", async () => {
    const host = await hostIn(t.app, "Europe/London");
    await connectGoogle(host, "flaky@example.com");
    gcal.failWrites = true;
    const res = await bookMeet(host);
    expect(res.status, res.raw).toBe(201);
    expect(res.body.data.meetingLink).toBeNull();
    const invitee = res.body.data.attendee.email;
    await mailsTo(invitee);
    gcal.failWrites = false;
    clock = new Date(clock.getTime() + 10 * 60_000); // past the retry's backoff
    const [linkMail] = (await mailsTo(invitee)).filter((m) => m.parsed.subject?.startsWith("Meeting link:"));
    const [event] = gcal.events("flaky@example.com");
    expect(event).toBeDefined();
    const booked = (await call(host.token, "GET", `/bookings/${res.body.data._id}`)).body.data;
    expect(booked.meetingLink).toMatch(/^https:\/\/meet\.google\.com\//);
    expect(linkMail.parsed.text).toContain(booked.meetingLink);
    expect(linkMail.raw).toContain("SEQUENCE:1");
  });
});
