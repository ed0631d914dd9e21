import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKING_LIMIT_MESSAGE } from "../../../contract/booking-limits.js";
import { bearer, createTestApp, type TestApp } from "../../testing/app.js";
import { attendee, book, eventType, type Host, hostIn, NOW } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";

const utc = (day: number, hour: number, minute = 0) =>
  new Date(Date.UTC(2026, 9, day, hour, minute)).toISOString();

describe.each(dbKinds)("booking limits on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
  });
  afterAll(() => t.close());

  const call = (method: "GET" | "PUT", url: string, token?: string, payload?: object) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });
  const slotsOf = async (etId: string, date: string, zone = "UTC") => {
    const res = await call("GET", `/api/bookings/availability/${etId}?date=${date}&timezone=${zone}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.map((s: { iso: string }) => new Date(s.iso).toISOString()) as string[];
  };
  const limitedType = (host: Host, bookingLimits: object, extra: object = {}) =>
    eventType(t.app, host, { title: "Limited", duration: 15, bookingLimits, ...extra });

  it("20 concurrent bookings against 2 per day: exactly 2, the rest refused with the limit's code", async () => {
    const host = await hostIn(t.app, "UTC");
    const et = await limitedType(host, { perDay: 2 });
    // Twenty different quarter hours of Thursday 29 October, all at once.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => book(t.app, et._id, utc(29, 9 + Math.floor(i / 4), (i % 4) * 15))),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(2);
    for (const a of answers.filter((x) => x.statusCode !== 201)) {
      expect(a.statusCode, a.body).toBe(409);
      expect(a.json()).toMatchObject({ errorCode: "BOOKING_LIMIT_REACHED", message: BOOKING_LIMIT_MESSAGE });
    }
    // The day offers nothing more; the next day does.
    expect(await slotsOf(et._id, "2026-10-29")).toEqual([]);
    expect((await slotsOf(et._id, "2026-10-30")).length).toBeGreaterThan(0);
  });

  it("hides slots past a limit, counts minutes and pending requests, and the host-wide limit", async () => {
    const host = await hostIn(t.app, "UTC");
    const et = await limitedType(host, { minutesPerDay: 30 });
    expect((await book(t.app, et._id, utc(29, 9))).statusCode).toBe(201);
    expect((await slotsOf(et._id, "2026-10-29")).length).toBeGreaterThan(0);
    expect((await book(t.app, et._id, utc(29, 10))).statusCode).toBe(201);
    expect(await slotsOf(et._id, "2026-10-29")).toEqual([]);
    const over = await book(t.app, et._id, utc(29, 11));
    expect(over.json().errorCode).toBe("BOOKING_LIMIT_REACHED");
    // A booking of another day (Monday 2 November) cannot move into the full day; one of that day moves within it.
    const friday = await book(t.app, et._id, "2026-11-02T15:00:00.000Z");
    const move = (id: string, startTime: string) =>
      call("PUT", `/api/bookings/${id}/reschedule`, host.token, { startTime });
    const intoFull = await move(friday.json().data._id, utc(29, 12));
    expect(intoFull.statusCode).toBe(409);
    expect(intoFull.json().errorCode).toBe("BOOKING_LIMIT_REACHED");
    const first = (await call("GET", "/api/bookings?status=confirmed&limit=10", host.token))
      .json()
      .data.find((b: { startTime: string }) => b.startTime === utc(29, 9));
    expect((await move(first._id, utc(29, 13))).statusCode).toBe(200);

    // A pending request counts.
    const requests = await limitedType(
      host,
      { perDay: 1 },
      { confirmation: { required: true, noticeHours: null, expiryHours: 24 } },
    );
    const pending = await book(t.app, requests._id, utc(30, 9));
    expect(pending.json().data.status).toBe("pending");
    expect((await book(t.app, requests._id, utc(30, 10))).json().errorCode).toBe("BOOKING_LIMIT_REACHED");

    // Host-wide: two bookings across all event types per day; the other types count too.
    const saved = await call("PUT", "/api/calendar-settings", host.token, { bookingLimits: { perDay: 2 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.bookingLimits).toEqual({ perDay: 2 });
    const free = await eventType(t.app, host);
    // Friday 30 October holds the request and is open for one more.
    expect((await book(t.app, free._id, utc(30, 11))).statusCode).toBe(201);
    expect(await slotsOf(free._id, "2026-10-30")).toEqual([]);
    expect((await book(t.app, free._id, utc(30, 13))).json().errorCode).toBe("BOOKING_LIMIT_REACHED");
  });

  it("counts weeks and months in the host's zone and week start, not UTC's", async () => {
    const host = await hostIn(t.app, "Asia/Tokyo");
    expect((await call("PUT", "/api/users/profile", host.token, { weekStart: "monday" })).statusCode).toBe(
      200,
    );
    const weekly = await limitedType(host, { perWeek: 1 });
    // Friday 27 November, 10:00 in Tokyo; Monday 30 November 09:00 in Tokyo is still Sunday in UTC.
    expect((await book(t.app, weekly._id, "2026-11-27T01:00:00.000Z")).statusCode).toBe(201);
    expect((await book(t.app, weekly._id, "2026-11-30T00:00:00.000Z")).statusCode).toBe(201);
    expect((await book(t.app, weekly._id, "2026-12-01T00:00:00.000Z")).json().errorCode).toBe(
      "BOOKING_LIMIT_REACHED",
    );

    const monthly = await limitedType(host, { perMonth: 1 });
    // Monday 30 November in Tokyo; Tuesday 1 December 09:00 in Tokyo is still 30 November in UTC.
    expect((await book(t.app, monthly._id, "2026-11-30T02:00:00.000Z")).statusCode).toBe(201);
    expect(await slotsOf(monthly._id, "2026-11-30", "Asia/Tokyo")).toEqual([]);
    expect(await slotsOf(monthly._id, "2026-12-01", "Asia/Tokyo")).toContain("2026-12-01T00:00:00.000Z");
    expect((await book(t.app, monthly._id, "2026-12-01T00:00:00.000Z")).statusCode).toBe(201);
    expect((await book(t.app, monthly._id, "2026-12-02T00:00:00.000Z")).json().errorCode).toBe(
      "BOOKING_LIMIT_REACHED",
    );
  });

  it("refuses a bad limit with a field error and changes nothing", async () => {
    const host = await hostIn(t.app, "UTC");
    const et = await eventType(t.app, host);
    const bad = await t.app.inject({
      method: "PUT",
      url: `/api/event-types/${et._id}`,
      headers: bearer(host.token),
      payload: { bookingLimits: { perDay: 0 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty(["bookingLimits.perDay"]);
    const badHost = await call("PUT", "/api/calendar-settings", host.token, {
      bookingLimits: { minutesPerWeek: 2 },
    });
    expect(badHost.statusCode).toBe(400);
    const stored = await call("GET", `/api/event-types/${et._id}`, host.token);
    expect(stored.json().data.bookingLimits).toEqual({});
    expect((await book(t.app, et._id, utc(29, 9), { attendee: attendee() })).statusCode).toBe(201);
  });
});
