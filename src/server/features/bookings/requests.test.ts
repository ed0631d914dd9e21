import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAIL_JOB } from "../../mail/outbox.js";
import { bearer, createTestApp, type TestApp } from "../../testing/app.js";
import { attendee, book, eventType, type Host, hostIn, NOW } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";
import { type CapturedMail, startSmtpCatcher } from "../../testing/smtp.js";
import type { BookingChange } from "./events.js";
import { REQUEST_EXPIRY_JOB } from "./service-requests.js";

// Thursday 29 October 2026, within a UTC host's default weekday hours; each test books its own hour.
const at = (hour: number, day = 29) => `2026-10-${day}T${String(hour).padStart(2, "0")}:00:00.000Z`;
const REQUIRED = { required: true, noticeHours: null, expiryHours: 24 };

const text = (m: CapturedMail) => m.parsed.text ?? "";
const hasInvite = (m: CapturedMail) =>
  m.parsed.attachments.some((a) => a.contentType.startsWith("text/calendar"));

describe.each(dbKinds)("booking requests on %s", (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  let clock = NOW;
  const changes: BookingChange[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp(kind, {
      now: () => clock,
      config: { smtpUrl: smtp.url, publicUrl: "https://kairos.test" },
      bookingListeners: [
        async (_reader, change) => {
          changes.push(change);
          return undefined;
        },
      ],
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => {
    clock = NOW;
    changes.length = 0;
  });

  const call = (method: "GET" | "POST" | "PUT", url: string, token?: string, payload?: object) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });
  const deliver = async () => {
    await t.app.jobs.flush(MAIL_JOB);
    return smtp.mails.splice(0);
  };
  const slotsOf = async (etId: string, date = "2026-10-29") => {
    const res = await call("GET", `/api/bookings/availability/${etId}?date=${date}&timezone=UTC`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.map((s: { iso: string }) => new Date(s.iso).toISOString()) as string[];
  };
  const requestType = (host: Host, confirmation: object = REQUIRED) =>
    eventType(t.app, host, { title: "Consultation", confirmation });
  /** A request and the host's confirm link token from its mail. */
  const request = async (etId: string, hour: number, email = `req${hour}@example.com`) => {
    const res = await book(t.app, etId, at(hour), { attendee: attendee({ name: "Eve", email }) });
    expect(res.statusCode, res.body).toBe(201);
    const mails = await deliver();
    const hostMail = mails.find((m) => m.parsed.subject?.startsWith("Booking request"));
    const link =
      hostMail && /meetings\/request\?uid=[^&]+&token=([^&\s]+)&action=confirm/.exec(text(hostMail));
    return { booking: res.json().data, mails, token: link ? decodeURIComponent(link[1]) : "" };
  };

  it("holds the slot: a second booker gets 409, the slot is not offered; mails say pending", async () => {
    const host = await hostIn(t.app, "UTC", "Ada Host");
    const et = await requestType(host);
    expect(et).toMatchObject({ confirmation: REQUIRED });
    const { booking, mails } = await request(et._id, 10, "eve@example.com");
    expect(booking.status).toBe("pending");
    expect(booking.requestExpiresAt).toBe("2026-10-29T10:00:00.000Z"); // starts before 24 h pass

    const second = await book(t.app, et._id, at(10));
    expect(second.statusCode).toBe(409);
    expect(second.json().errorCode).toBe("SLOT_TAKEN");
    expect(await slotsOf(et._id)).not.toContain(at(10));
    expect(await slotsOf(et._id)).toContain(at(11));

    const invitee = mails.find((m) => m.to.includes("eve@example.com"));
    expect(invitee?.parsed.subject).toMatch(/^Request received: Consultation with Ada Host/);
    expect(text(invitee as CapturedMail)).toContain("Pending host approval");
    const hostMail = mails.find((m) => m.to.includes(host.email));
    expect(hostMail?.parsed.subject).toMatch(/^Booking request: Consultation with Eve/);
    expect(text(hostMail as CapturedMail)).toMatch(/action=confirm/);
    expect(text(hostMail as CapturedMail)).toMatch(/action=decline/);
    // Nothing is on a calendar yet: no invite; listeners heard of a request only (triggers react to it).
    expect(mails.some(hasInvite)).toBe(false);
    expect(changes.map((c) => c.kind)).toEqual(["requested"]);

    // The invitee's page shows it pending.
    const list = (await call("GET", "/api/bookings?status=pending", host.token)).json();
    expect(list.data.map((b: { _id: string }) => b._id)).toEqual([booking._id]);
  });

  it("racing requests for one slot: the database keeps exactly one", async () => {
    const host = await hostIn(t.app, "UTC");
    const et = await requestType(host);
    const answers = await Promise.all(Array.from({ length: 8 }, () => book(t.app, et._id, at(13))));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(7);
    const list = (await call("GET", "/api/bookings?status=pending", host.token)).json();
    expect(list.data).toHaveLength(1);
    await deliver();
  });

  it("two confirms of one request make one confirmation; another host gets 404", async () => {
    const host = await hostIn(t.app, "UTC", "Ada Host");
    const stranger = await hostIn(t.app, "UTC");
    const et = await requestType(host);
    const { booking } = await request(et._id, 11, "sam@example.com");
    const path = `/api/bookings/${booking._id}/confirm`;
    expect((await call("POST", path, stranger.token)).statusCode).toBe(404);
    expect((await call("POST", `/api/bookings/${booking._id}/decline`, stranger.token, {})).statusCode).toBe(
      404,
    );
    expect((await call("POST", path)).statusCode).toBe(401);

    const answers = await Promise.all([call("POST", path, host.token), call("POST", path, host.token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().errorCode).toBe("REQUEST_ANSWERED");
    expect(answers.find((a) => a.statusCode === 200)?.json().data.status).toBe("confirmed");
    const mails = await deliver();
    const confirmed = mails.filter((m) => m.to.includes("sam@example.com"));
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0].parsed.subject).toMatch(/^Confirmed: Consultation/);
    expect(hasInvite(confirmed[0])).toBe(true);
    // The listeners (calendars, workflows, contacts) hear of it once as a new booking, from the request.
    expect(changes.map((c) => [c.kind, c.booking.booking.id, "fromRequest" in c && c.fromRequest])).toEqual([
      ["requested", booking._id, false],
      ["created", booking._id, true],
    ]);
    // Still holds its slot, now as a booking.
    expect((await book(t.app, et._id, at(11))).statusCode).toBe(409);
  });

  it("a declined request frees its slot and tells the invitee the host's reason", async () => {
    const host = await hostIn(t.app, "UTC", "Ada Host");
    const et = await requestType(host);
    const { booking } = await request(et._id, 12, "dee@example.com");
    const bad = await call("POST", `/api/bookings/${booking._id}/decline`, host.token, {
      reason: "x".repeat(501),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty("reason");
    const declined = await call("POST", `/api/bookings/${booking._id}/decline`, host.token, {
      reason: "I am travelling that week",
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().data).toMatchObject({
      status: "declined",
      cancelReason: "I am travelling that week",
    });
    const mails = await deliver();
    expect(mails).toHaveLength(1);
    expect(mails[0].parsed.subject).toMatch(/^Declined: Consultation/);
    expect(text(mails[0])).toContain("I am travelling that week");
    expect(await slotsOf(et._id)).toContain(at(12));
    expect((await book(t.app, et._id, at(12))).statusCode).toBe(201);
    // Answered: a confirm now is refused.
    expect((await call("POST", `/api/bookings/${booking._id}/confirm`, host.token)).statusCode).toBe(409);
    // Declined: announced as a closed request (triggers only), never as a booking.
    expect(changes.map((c) => [c.kind, "outcome" in c ? c.outcome : null])).toEqual([
      ["requested", null],
      ["request_closed", "declined"],
      ["requested", null],
    ]);
  });

  it("expires an unanswered request by its job: marked expired, invitee told, slot freed", async () => {
    const host = await hostIn(t.app, "UTC", "Ada Host");
    const et = await requestType(host, { required: true, noticeHours: null, expiryHours: 2 });
    const { booking } = await request(et._id, 14, "exp@example.com");
    expect(booking.requestExpiresAt).toBe("2026-10-28T14:00:00.000Z");
    await t.app.jobs.flush(REQUEST_EXPIRY_JOB); // not due yet
    expect((await call("GET", `/api/bookings/${booking._id}`, host.token)).json().data.status).toBe(
      "pending",
    );

    clock = new Date("2026-10-28T14:00:01Z");
    await t.app.jobs.flush(REQUEST_EXPIRY_JOB);
    expect((await call("GET", `/api/bookings/${booking._id}`, host.token)).json().data.status).toBe(
      "expired",
    );
    const mails = await deliver();
    expect(mails.map((m) => m.parsed.subject)).toEqual([
      expect.stringMatching(/^Request expired: Consultation/),
    ]);
    expect(text(mails[0])).toContain("expired before it was confirmed");
    expect(await slotsOf(et._id)).toContain(at(14));
    expect((await call("POST", `/api/bookings/${booking._id}/confirm`, host.token)).statusCode).toBe(409);
  });

  it("asks approval only below the notice threshold", async () => {
    const host = await hostIn(t.app, "UTC");
    const et = await requestType(host, { required: true, noticeHours: 36, expiryHours: 24 });
    // 22 hours ahead: short notice, a request. Two days ahead: booked at once.
    expect((await book(t.app, et._id, at(10))).json().data.status).toBe("pending");
    const later = await book(t.app, et._id, at(10, 30));
    expect(later.statusCode, later.body).toBe(201);
    expect(later.json().data.status).toBe("confirmed");
    await deliver();
    const off = await eventType(t.app, host);
    expect((await book(t.app, off._id, at(15))).json().data.status).toBe("confirmed");
    await deliver();
  });

  it("the mailed links: a page to confirm, a token that works once, a forged one 404", async () => {
    const host = await hostIn(t.app, "UTC", "Ada Host");
    const et = await requestType(host);
    const { booking, token, mails } = await request(et._id, 15, "link@example.com");
    expect(token, JSON.stringify(mails.map(text))).not.toBe("");
    const base = `/api/bookings/requests/${booking.uid}`;
    expect((await call("GET", `${base}?token=forged-token-value`)).statusCode).toBe(404);
    const view = await call("GET", `${base}?token=${encodeURIComponent(token)}`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().data).toMatchObject({ title: "Consultation", attendeeName: "Eve", status: "pending" });
    expect(
      (await call("POST", `${base}/confirm`, undefined, { token: "forged-token-value" })).statusCode,
    ).toBe(404);
    const confirmed = await call("POST", `${base}/confirm`, undefined, { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.status).toBe("confirmed");
    const again = await call("POST", `${base}/decline`, undefined, { token, reason: "" });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe("REQUEST_ANSWERED");
    expect((await call("GET", `${base}?token=${encodeURIComponent(token)}`)).json().data.status).toBe(
      "confirmed",
    );
  });

  it("the invitee may withdraw a pending request; it is never announced as a booking", async () => {
    const host = await hostIn(t.app, "UTC");
    const et = await requestType(host);
    const res = await book(t.app, et._id, at(16));
    const { uid, manageToken } = res.json().data;
    const cancelled = await call("POST", `/api/bookings/public/${uid}/cancel`, undefined, {
      token: manageToken,
      reason: "Changed plans",
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.status).toBe("cancelled");
    expect(await slotsOf(et._id)).toContain(at(16));
    expect(changes.map((c) => c.kind)).toEqual(["requested"]);
    await deliver();
  });
});
