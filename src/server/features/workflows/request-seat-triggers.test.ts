import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, type TestApp } from "../../testing/app.js";
import { attendee, book, eventType, type Host, hostIn, NOW } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";
import { startReceiver } from "../../testing/receiver.js";
import { REQUEST_EXPIRY_JOB } from "../bookings/service-requests.js";

// Thursday 29 October 2026 in UTC, within a UTC host's default weekday hours.
const at = (hour: number) => `2026-10-29T${String(hour).padStart(2, "0")}:00:00.000Z`;

// Issue 28: the triggers of requests (requested, confirmed, declined; webhooks: requested, declined,
// expired) and of seats (booked, cancelled) each fire once for their case and never for another.
describe.each(dbKinds)("request and seat triggers on %s", (kind) => {
  let t: TestApp;
  let clock = NOW;
  let host: Host;
  let hook: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    hook = await startReceiver(() => 200);
    t = await createTestApp(kind, { now: () => clock, config: { allowPrivateTargets: true } });
    host = await hostIn(t.app, "UTC", "Trigger Host");
  });
  afterAll(async () => {
    await t.close();
    await hook.close();
  });

  const call = (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(host.token), payload });
  const workflow = async (type: string, conditions: object = {}) => {
    const res = await call("POST", "/workflows", {
      name: `On ${type}`,
      description: "",
      trigger: { type, conditions },
      actions: [{ type: "send_email", config: { to: "host", subject: type, body: "{{event_name}}" } }],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data._id as string;
  };
  /** The bookings each workflow ran (or planned) for, by trigger. */
  const runs = async (ids: Record<string, string>) => {
    const out: Record<string, string[]> = {};
    for (const [type, id] of Object.entries(ids)) {
      const res = await call("GET", `/workflows/${id}/executions?limit=100`);
      expect(res.statusCode, res.body).toBe(200);
      out[type] = (res.json().data as { trigger: string; booking: { _id: string } }[])
        .map((e) => {
          expect(e.trigger).toBe(type);
          return e.booking._id;
        })
        .sort();
    }
    return out;
  };

  it("each fires once for its own case", async () => {
    await call("PUT", "/calendar-settings/notifications", { emailReminders: false });
    const sub = await call("POST", "/webhooks", {
      url: `${hook.url}/in`,
      events: ["booking.requested", "booking.request_declined", "booking.request_expired", "booking.created"],
    });
    expect(sub.statusCode, sub.body).toBe(201);
    const types = [
      "booking_requested",
      "booking_confirmed",
      "booking_declined",
      "seat_booked",
      "seat_cancelled",
      "event_scheduled",
      "event_cancelled",
    ];
    const ids: Record<string, string> = {};
    for (const type of types) ids[type] = await workflow(type);
    ids.before_event = await workflow("before_event", { timeOffset: { value: 1, unit: "hours" } });

    const approval = { confirmation: { required: true, noticeHours: null, expiryHours: 2 } };
    const requests = await eventType(t.app, host, { title: "Consultation", ...approval });
    const group = await eventType(t.app, host, { title: "Workshop", type: "group", maxInvitees: 3 });
    const plain = await eventType(t.app, host, { title: "Chat" });
    const idOf = async (res: Awaited<ReturnType<typeof book>>) => {
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data._id as string;
    };
    // A request confirmed, one declined, one left to expire.
    const confirmed = await idOf(await book(t.app, requests._id, at(10)));
    const declined = await idOf(await book(t.app, requests._id, at(11)));
    const expired = await idOf(await book(t.app, requests._id, at(12)));
    expect((await call("POST", `/bookings/${confirmed}/confirm`)).statusCode).toBe(200);
    expect((await call("POST", `/bookings/${declined}/decline`, { reason: "" })).statusCode).toBe(200);
    clock = new Date(NOW.getTime() + 2 * 3_600_000 + 1000);
    await t.app.jobs.flush(REQUEST_EXPIRY_JOB);
    // A plain booking cancelled, two seats booked and one of them cancelled.
    const single = await idOf(await book(t.app, plain._id, at(14)));
    const seats = [
      await idOf(await book(t.app, group._id, at(15), { attendee: attendee() })),
      await idOf(await book(t.app, group._id, at(15), { attendee: attendee() })),
    ];
    for (const id of [single, seats[0]])
      expect((await call("PUT", `/bookings/${id}/cancel`, { reason: "Other" })).statusCode).toBe(200);

    const sorted = (...list: string[]) => [...list].sort();
    expect(await runs(ids)).toEqual({
      booking_requested: sorted(confirmed, declined, expired),
      booking_confirmed: [confirmed],
      booking_declined: [declined],
      seat_booked: sorted(...seats),
      seat_cancelled: [seats[0]],
      event_scheduled: sorted(confirmed, single, ...seats),
      event_cancelled: sorted(single, seats[0]),
      // Reminders wait for a meeting: planned for every booking (dropped again for cancelled ones), but
      // never for a request that was not confirmed.
      before_event: sorted(confirmed, single, ...seats),
    });

    // The webhook subscription hears of each request's fate once.
    await t.app.jobs.flush();
    const received = hook.got.map((r) => JSON.parse(r.body) as { type: string; data: { uid: string } });
    const uidOf = async (id: string) => (await call("GET", `/bookings/${id}`)).json().data.uid as string;
    const of = (type: string) =>
      received
        .filter((r) => r.type === type)
        .map((r) => r.data.uid)
        .sort();
    expect(of("booking.requested")).toEqual(
      sorted(...(await Promise.all([confirmed, declined, expired].map(uidOf)))),
    );
    expect(of("booking.request_declined")).toEqual([await uidOf(declined)]);
    expect(of("booking.request_expired")).toEqual([await uidOf(expired)]);
    expect(of("booking.created")).toEqual(
      sorted(...(await Promise.all([confirmed, single, ...seats].map(uidOf)))),
    );
  });
});
