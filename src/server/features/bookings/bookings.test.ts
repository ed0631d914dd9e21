import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, type TestApp } from "../../testing/app.js";
import {
  attendee,
  book,
  eventType,
  type Host,
  hostBookings,
  hostIn,
  NOW,
} from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";

// New York: Thursday 2026-10-29 is on EDT (UTC-4), Monday 2026-11-02 on EST (UTC-5).
const THU_10AM = "2026-10-29T14:00:00.000Z";
const THU_11AM = "2026-10-29T15:00:00.000Z";
const MON_10AM = "2026-11-02T15:00:00.000Z";

describe.each(dbKinds)("bookings on %s", (kind) => {
  let t: TestApp;
  let clock = NOW;

  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => clock });
  });
  afterAll(() => t.close());

  const call = (method: "GET" | "POST" | "PUT", url: string, token?: string, payload?: object) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });

  async function newHost(): Promise<Host> {
    return hostIn(t.app, "America/New_York", "Grace Hopper");
  }

  it("books a slot, answers with the booking and its manage token, and takes the slot off the page", async () => {
    const host = await newHost();
    const et = await eventType(t.app, host, {
      questions: [{ question: "What should we cover?", type: "text", required: true }],
    });
    const res = await book(t.app, et._id, "2026-10-29T10:00:00-04:00", {
      attendee: attendee({
        name: "Ada",
        email: "Ada@Example.com",
        phone: "+1 (415) 555-0134",
        timezone: "Europe/Berlin",
      }),
      answers: [{ question: "What should we cover?", answer: "Pricing" }],
      message: "See you",
      guests: ["g1@example.com", "g1@example.com", "g2@example.com"],
    });
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json().data;
    expect(b).toMatchObject({
      startTime: THU_10AM,
      endTime: "2026-10-29T14:30:00.000Z",
      status: "confirmed",
      attendee: { name: "Ada", email: "ada@example.com", phone: "+14155550134", timezone: "Europe/Berlin" },
      eventType: {
        _id: et._id,
        title: et.title,
        name: et.title,
        slug: et.slug,
        duration: 30,
        color: "#3B82F6",
      },
      location: { type: "zoom", value: "https://zoom.us/j/1234567890", displayName: "Zoom" },
      meetingLink: "https://zoom.us/j/1234567890",
      meetingIdFormatted: "123 456 7890",
      answers: [{ question: "What should we cover?", answer: "Pricing" }],
      guests: ["g1@example.com", "g2@example.com"],
      message: "See you",
      cancelledAt: null,
      host: { name: "Grace Hopper", timezone: "America/New_York" },
    });
    expect(b.uid).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(b.manageToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const slots = await call(
      "GET",
      `/api/bookings/availability/${et._id}?date=2026-10-29&timezone=America/New_York`,
    );
    const labels = slots.json().data.map((s: { startTime: string }) => s.startTime);
    expect(labels).toContain("9:30am");
    expect(labels).not.toContain("10:00am");

    const missing = await book(t.app, et._id, THU_11AM, { answers: [] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.answers).toBeDefined();
  });

  it("gives exactly one of 50 concurrent requests for one slot", async () => {
    const host = await newHost();
    const et = await eventType(t.app, host);
    const results = await Promise.all(Array.from({ length: 50 }, () => book(t.app, et._id, THU_10AM)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json()).toMatchObject({
        success: false,
        errorCode: "SLOT_TAKEN",
        message: "This time is no longer available. Please choose another time.",
      });
    }
    expect((await hostBookings(t.app, host)).pagination.total).toBe(1);
  });

  it("seats at most maxInvitees of a group slot under 15 concurrent requests", async () => {
    const host = await newHost();
    const et = await eventType(t.app, host, { type: "group", duration: 60 });
    const results = await Promise.all(Array.from({ length: 15 }, () => book(t.app, et._id, THU_10AM)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(5);
    expect((await hostBookings(t.app, host)).pagination.total).toBe(1); // one meeting (seat-meetings.test)
    // The host is in that meeting: another event type cannot take an overlapping time.
    const other = await eventType(t.app, host);
    expect((await book(t.app, other._id, "2026-10-29T14:30:00Z")).statusCode).toBe(409);
    const full = await book(t.app, et._id, THU_10AM);
    expect(full.json().errorCode).toBe("SLOT_TAKEN");
  });

  it("refuses times that are not bookable and creates nothing", async () => {
    const host = await newHost();
    const et = await eventType(t.app, host, {
      bookingSettings: { leadHours: 2, noticeUnit: "hours", daysAhead: 10, unit: "days", mode: "rolling" },
    });
    const holiday = await call("POST", "/api/holidays/custom", host.token, {
      name: "Day off",
      date: "2026-11-04",
    });
    expect(holiday.statusCode).toBe(201);
    const cases: [string, string][] = [
      ["2026-10-27T14:00:00Z", "in the past"],
      ["2026-10-28T13:30:00Z", "inside the two-hour notice (9:30am, now is 8:00am)"],
      ["2026-11-09T15:00:00Z", "after the ten-day window"],
      ["2026-11-04T15:00:00Z", "on a holiday"],
      ["2026-10-29T14:10:00Z", "between slots"],
      ["2026-10-29T12:00:00Z", "before working hours"],
      ["2026-10-31T14:00:00Z", "on a Saturday"],
    ];
    for (const [start, why] of cases) {
      const res = await book(t.app, et._id, start);
      expect(res.statusCode, why).toBe(409);
      expect(res.json().errorCode, why).toBe("SLOT_UNAVAILABLE");
    }
    // Just outside the notice is fine: 10:00am.
    expect((await book(t.app, et._id, THU_10AM)).statusCode).toBe(201);

    await call("PUT", `/api/event-types/${et._id}`, host.token, { isActive: false });
    const inactive = await book(t.app, et._id, THU_11AM);
    expect(inactive.statusCode).toBe(404);
    expect(inactive.json().message).toBe("Event type not found");
    const unknown = await book(t.app, "7c1e9d7a-53c4-4a43-9a5e-6f2f7a9e1d10", THU_11AM);
    expect(unknown.statusCode).toBe(404);
    expect((await hostBookings(t.app, host)).pagination.total).toBe(1);
  });

  it("validates the request with per-field errors", async () => {
    const host = await newHost();
    const et = await eventType(t.app, host);
    const res = await call("POST", "/api/bookings", undefined, {
      eventTypeId: et._id,
      startTime: "tomorrow",
      attendee: { name: "", email: "nope", phone: "+1 555 <b>", timezone: "Mars/Base" },
      guests: Array.from({ length: 11 }, (_, i) => `g${i}@example.com`),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(
      expect.arrayContaining([
        "startTime",
        "attendee.name",
        "attendee.email",
        "attendee.phone",
        "attendee.timezone",
        "guests",
      ]),
    );
    const badLocation = await book(t.app, et._id, THU_10AM, { location: { type: "phone", value: "123" } });
    expect(badLocation.statusCode).toBe(400);
    expect((await hostBookings(t.app, host)).pagination.total).toBe(0);
  });

  it("answers a retried identical request with the same booking", async () => {
    const host = await newHost();
    const et = await eventType(t.app, host);
    const who = attendee();
    const first = await book(t.app, et._id, MON_10AM, { attendee: who });
    expect(first.statusCode).toBe(201);
    const again = await book(t.app, et._id, "2026-11-02T10:00:00-05:00", {
      attendee: { ...who, email: who.email.toUpperCase() },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data._id).toBe(first.json().data._id);
    expect(again.json().data.manageToken).toBeUndefined();
    const racing = await Promise.all(
      Array.from({ length: 5 }, () =>
        book(t.app, et._id, "2026-11-02T16:00:00Z", {
          attendee: attendee({ email: "race@example.com", name: "R" }),
        }),
      ),
    );
    const ids = new Set(racing.map((r) => r.json().data?._id));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(ids.size).toBe(1);
    const impostor = await book(t.app, et._id, MON_10AM, { attendee: { ...who, name: "Someone else" } });
    expect(impostor.statusCode).toBe(409);
    expect((await hostBookings(t.app, host)).pagination.total).toBe(2);
  });

  it("answers a retry without the creating key only with what the caller already knows", async () => {
    const host = await newHost();
    const et = await eventType(t.app, host, {
      questions: [{ question: "Budget?", type: "text", required: true }],
    });
    const key = `key-${crypto.randomUUID()}`;
    const payload = {
      eventTypeId: et._id,
      startTime: THU_11AM,
      attendee: attendee({ email: "private@example.com", name: "Pat" }),
      answers: [{ question: "Budget?", answer: "Secret figure" }],
      message: "Confidential note",
      guests: ["boss@example.com"],
    };
    const post = (headers: Record<string, string>, body: object = payload) =>
      t.app.inject({ method: "POST", url: "/api/bookings", headers, payload: body });
    const first = await post({ "idempotency-key": key });
    expect(first.statusCode, first.body).toBe(201);

    // Someone who knows only the invitee's name, email and phone replays the request.
    const bare = { eventTypeId: et._id, startTime: THU_11AM, attendee: payload.attendee };
    for (const [headers, body] of [
      [{}, bare],
      [{}, payload],
      [{ "idempotency-key": `other-${crypto.randomUUID()}` }, bare],
    ] as const) {
      const res = await post(headers, body);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(Object.keys(data).sort()).toEqual(
        ["_id", "uid", "eventType", "attendee", "startTime", "endTime", "status", "host"].sort(),
      );
      expect(data).toMatchObject({ _id: first.json().data._id, startTime: THU_11AM, status: "confirmed" });
      expect(res.body).not.toMatch(/Secret figure|Confidential note|boss@example\.com|zoom\.us/);
    }

    // The holder of the key still gets the whole booking and its manage token.
    const retry = await post({ "idempotency-key": key });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data).toMatchObject({
      answers: [{ question: "Budget?", answer: "Secret figure" }],
      message: "Confidential note",
      guests: ["boss@example.com"],
      manageToken: first.json().data.manageToken,
    });
  });

  it("gives the manage token back to a retry only with the idempotency key that created it", async () => {
    const host = await newHost();
    const et = await eventType(t.app, host);
    const who = attendee();
    const key = "k".repeat(10) + crypto.randomUUID();
    const post = (headers: Record<string, string>, start = THU_11AM, person = who) =>
      t.app.inject({
        method: "POST",
        url: "/api/bookings",
        headers,
        payload: { eventTypeId: et._id, startTime: start, attendee: person },
      });

    const first = await post({ "idempotency-key": key });
    expect(first.statusCode, first.body).toBe(201);
    const { uid, manageToken } = first.json().data;
    expect(manageToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The response was lost; the client retries with the same key and can show the manage links.
    const retry = await post({ "idempotency-key": key });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data).toMatchObject({ uid, manageToken });
    expect((await call("GET", `/api/bookings/public/${uid}?token=${manageToken}`)).statusCode).toBe(200);

    // Knowing the invitee's details is not enough: no key, or another key, gets no token.
    const noKeys: Record<string, string>[] = [{}, { "idempotency-key": `other-${crypto.randomUUID()}` }];
    for (const headers of noKeys) {
      const res = await post(headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.uid).toBe(uid);
      expect(res.json().data.manageToken).toBeUndefined();
    }

    // A booking made without a key never hands out its (random) token, whatever key a retry brings.
    const plain = await post({}, MON_10AM);
    expect(plain.statusCode).toBe(201);
    const plainRetry = await post({ "idempotency-key": key }, MON_10AM);
    expect(plainRetry.statusCode).toBe(200);
    expect(plainRetry.json().data.manageToken).toBeUndefined();

    // Racing duplicates with one key: one booking, and every answer carries its token.
    const raceKey = crypto.randomUUID();
    const racer = attendee();
    const racing = await Promise.all(
      Array.from({ length: 5 }, () => post({ "idempotency-key": raceKey }, "2026-11-02T16:00:00Z", racer)),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(racing.map((r) => r.json().data.manageToken)).size).toBe(1);
    expect(racing[0].json().data.manageToken).toBeDefined();

    // A malformed key is a 400 on its field and books nothing.
    const before = (await hostBookings(t.app, host)).pagination.total;
    const bad = await post({ "idempotency-key": "short" }, "2026-11-03T15:00:00Z");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty("idempotency-key");
    expect((await hostBookings(t.app, host)).pagination.total).toBe(before);
  });

  it("copies the event's location unless it asks the invitee", async () => {
    const host = await newHost();
    const et = await eventType(t.app, host, {
      locations: [{ type: "in_person", value: "Studio 4" }, { type: "ask_invitee" }],
    });
    const copied = await book(t.app, et._id, THU_10AM, {
      location: { type: "in_person", value: "My place" },
    });
    expect(copied.json().data.location).toEqual({
      type: "in_person",
      value: "Studio 4",
      displayName: "In-person meeting",
    });
    expect(copied.json().data.meetingLink).toBeNull();
    const asked = await book(t.app, et._id, THU_11AM, {
      location: { type: "ask_invitee", value: "Cafe Central" },
    });
    expect(asked.json().data.location).toMatchObject({ type: "ask_invitee", value: "Cafe Central" });
  });

  it("reschedules the same booking by link, frees the old slot and bumps the invite sequence", async () => {
    const host = await newHost();
    const et = await eventType(t.app, host);
    const created = (await book(t.app, et._id, THU_10AM)).json().data;
    const { uid, manageToken } = created;
    const wrong = await call("POST", `/api/bookings/public/${uid}/reschedule`, undefined, {
      token: "x".repeat(43),
      startTime: THU_11AM,
    });
    expect(wrong.statusCode).toBe(404);
    const bad = await call("POST", `/api/bookings/public/${uid}/reschedule`, undefined, {
      token: manageToken,
      startTime: "2026-10-31T14:00:00Z",
    });
    expect(bad.json().errorCode).toBe("SLOT_UNAVAILABLE");

    const moved = await call("POST", `/api/bookings/public/${uid}/reschedule`, undefined, {
      token: manageToken,
      startTime: THU_11AM,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({
      _id: created._id,
      uid,
      startTime: THU_11AM,
      rescheduleCount: 1,
    });
    expect((await hostBookings(t.app, host)).pagination.total).toBe(1);

    expect((await book(t.app, et._id, THU_10AM)).statusCode).toBe(201);
    expect((await book(t.app, et._id, THU_11AM)).statusCode).toBe(409);

    // Moving by 30 minutes overlaps the booking's own old time: only others count as busy.
    const nudged = await call("POST", `/api/bookings/public/${uid}/reschedule`, undefined, {
      token: manageToken,
      startTime: "2026-10-29T15:30:00Z",
    });
    expect(nudged.statusCode).toBe(200);
    const ics = await call("GET", `/api/bookings/public/${uid}/ics?token=${manageToken}`);
    expect(ics.headers["content-type"]).toMatch(/^text\/calendar/);
    expect(ics.body).toContain("SEQUENCE:2");
    expect(ics.body).toContain("DTSTART;TZID=America/New_York:20261029T113000");
    // A download is a plain event (mails keep REQUEST): no attendees to answer, the manage links inside.
    const unfolded = ics.body.replace(/\r\n[ \t]/g, "");
    expect(unfolded).toContain("METHOD:PUBLISH");
    expect(unfolded).not.toContain("METHOD:REQUEST");
    expect(unfolded).not.toMatch(/^ATTENDEE/m);
    expect(unfolded).toMatch(/^ORGANIZER/m);
    expect(unfolded).toContain(`booking-confirmed?uid=${uid}&token=${manageToken}`);
    expect(unfolded).toMatch(/Reschedule: http\S+reschedule=/);
  });

  it("lets the invitee view and cancel by link, and refuses a wrong token", async () => {
    const host = await newHost();
    const et = await eventType(t.app, host);
    const { uid, manageToken, _id } = (await book(t.app, et._id, THU_10AM)).json().data;
    expect((await call("GET", `/api/bookings/public/${uid}?token=${"y".repeat(43)}`)).statusCode).toBe(404);
    const view = await call("GET", `/api/bookings/public/${uid}?token=${manageToken}`);
    expect(view.json().data).toMatchObject({ _id, uid, status: "confirmed" });

    const wrong = await call("POST", `/api/bookings/public/${uid}/cancel`, undefined, {
      token: "z".repeat(43),
      reason: "Changed plans",
    });
    expect(wrong.statusCode).toBe(404);
    const noReason = await call("POST", `/api/bookings/public/${uid}/cancel`, undefined, {
      token: manageToken,
      reason: "Bored",
    });
    expect(noReason.statusCode).toBe(400);
    // The host's reasons are the host's: an invitee cannot pick one.
    const hostReason = await call("POST", `/api/bookings/public/${uid}/cancel`, undefined, {
      token: manageToken,
      reason: "Scheduling conflict",
    });
    expect(hostReason.statusCode).toBe(400);
    const cancelled = await call("POST", `/api/bookings/public/${uid}/cancel`, undefined, {
      token: manageToken,
      reason: "Changed plans",
      note: "Sorry",
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({
      status: "cancelled",
      cancelReason: "Changed plans",
      cancelledBy: "invitee",
    });
    expect(cancelled.json().data.cancelledAt).toBe(NOW.toISOString());
    const twice = await call("POST", `/api/bookings/public/${uid}/cancel`, undefined, {
      token: manageToken,
      reason: "Other",
    });
    expect(twice.json().errorCode).toBe("BOOKING_CLOSED");
    expect((await book(t.app, et._id, THU_10AM)).statusCode).toBe(201);
  });

  it("lets the host cancel, list, filter and mark no-shows; others see nothing", async () => {
    const host = await newHost();
    const other = await newHost();
    const et = await eventType(t.app, host);
    const a = (await book(t.app, et._id, THU_10AM, { attendee: attendee({ name: "Alan Turing" }) })).json()
      .data;
    const b = (await book(t.app, et._id, MON_10AM)).json().data;

    for (const [method, url, payload] of [
      ["GET", `/api/bookings/${a._id}`],
      ["PUT", `/api/bookings/${a._id}/cancel`, { reason: "Other" }],
      ["PUT", `/api/bookings/${a._id}/no-show`, {}],
    ] as const) {
      expect((await call(method, url, other.token, payload)).statusCode, url).toBe(404);
    }
    expect((await hostBookings(t.app, other)).pagination.total).toBe(0);
    expect((await call("GET", "/api/bookings")).statusCode).toBe(401);
    expect((await call("GET", `/api/bookings/${a._id}`, host.token)).json().data.status).toBe("confirmed");

    const list = await hostBookings(t.app, host);
    expect(list.data.map((x) => x._id)).toEqual([a._id, b._id]);
    expect((await hostBookings(t.app, host, "&search=turing")).data.map((x) => x._id)).toEqual([a._id]);
    expect((await hostBookings(t.app, host, "&from=2026-11-01")).data.map((x) => x._id)).toEqual([b._id]);
    expect((await hostBookings(t.app, host, "&to=2026-10-29")).data.map((x) => x._id)).toEqual([a._id]);
    // By event type: what deleting it would leave behind.
    expect((await hostBookings(t.app, host, `&eventTypeId=${et._id}`)).pagination.total).toBe(2);
    const otherType = await eventType(t.app, host);
    expect((await hostBookings(t.app, host, `&eventTypeId=${otherType._id}`)).pagination.total).toBe(0);
    expect((await hostBookings(t.app, other, `&eventTypeId=${et._id}`)).pagination.total).toBe(0);

    const early = await call("PUT", `/api/bookings/${a._id}/no-show`, host.token, {});
    expect(early.statusCode).toBe(400);

    const res = await call("PUT", `/api/bookings/${b._id}/cancel`, host.token, {
      reason: "Scheduling conflict",
    });
    expect(res.json().data).toMatchObject({
      status: "cancelled",
      cancelledBy: "host",
      cancelReason: "Scheduling conflict",
    });
    expect((await hostBookings(t.app, host, "&status=cancelled")).data.map((x) => x._id)).toEqual([b._id]);

    // Time passes: the confirmed booking reads as completed, and can be marked as a no-show.
    clock = new Date("2026-10-29T15:00:00Z");
    try {
      expect((await call("GET", `/api/bookings/${a._id}`, host.token)).json().data.status).toBe("completed");
      expect((await hostBookings(t.app, host, "&status=completed")).data.map((x) => x._id)).toEqual([a._id]);
      const noShow = await call("PUT", `/api/bookings/${a._id}/no-show`, host.token, {});
      expect(noShow.json().data.status).toBe("no_show");
      const late = await call("PUT", `/api/bookings/${a._id}/cancel`, host.token, { reason: "Other" });
      expect(late.json().errorCode).toBe("BOOKING_CLOSED");
    } finally {
      clock = NOW;
    }
  });
});

describe("public booking rate limit", () => {
  // Made in beforeAll (60 s): a fresh database's migrations can take most of a test's 30 s on a busy machine.
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite", {
      now: () => NOW,
      config: {
        rateLimits: {
          login: { max: 100, windowMs: 60_000 },
          register: { max: 100, windowMs: 60_000 },
          publicBooking: { max: 2, windowMs: 60_000 },
        },
      },
    });
  });
  afterAll(() => t.close());

  it("answers 429 with Retry-After past the limit", async () => {
    const host = await hostIn(t.app, "America/New_York");
    const et = await eventType(t.app, host);
    const codes = [];
    for (let i = 0; i < 2; i++)
      codes.push((await book(t.app, et._id, `2026-10-29T1${4 + i}:00:00Z`)).statusCode);
    expect(codes).toEqual([201, 201]);
    const limited = await book(t.app, et._id, "2026-10-29T18:00:00Z");
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
  });
});
