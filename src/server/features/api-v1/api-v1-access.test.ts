import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_SCOPES } from "../../../contract/api-keys.js";
import { v1Client } from "../../testing/api-v1.js";
import { createTestApp, type TestApp } from "../../testing/app.js";
import { attendee, book, eventType, hostIn, NOW } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";

// Thursday 29 October 2026, within a UTC host's default weekday hours.
const at = (hour: number, day = 29) => `2026-10-${day}T${String(hour).padStart(2, "0")}:00:00.000Z`;

describe.each(dbKinds)("who may call the public API on %s", (kind) => {
  let t: TestApp;
  let clock = NOW;
  beforeAll(async () => {
    // Webhook subscriptions point at this machine (nothing is delivered: no job runs here).
    t = await createTestApp(kind, { now: () => clock, config: { allowPrivateTargets: true } });
  });
  afterAll(() => t.close());

  const { call, v1, keyFor } = v1Client(() => t.app);

  /** A host with an event type, a booking and a contact: what every route can act on. */
  async function world() {
    const host = await hostIn(t.app, "UTC");
    const et = await eventType(t.app, host);
    const booked = await book(t.app, et._id, at(9));
    expect(booked.statusCode).toBe(201);
    const toCancel = await book(t.app, et._id, at(15));
    expect(toCancel.statusCode).toBe(201);
    const contact = await call(host.token, "POST", "/contacts", {
      fullName: "Ada",
      email: `ada-${et._id}@example.com`,
    });
    expect(contact.status).toBe(201);
    const schedules = await call(host.token, "GET", "/availability");
    const hook = await call(host.token, "POST", "/webhooks", {
      url: "http://127.0.0.1:9/hooks",
      events: ["booking.created"],
    });
    expect(hook.status, hook.raw).toBe(201);
    const sent = await call(host.token, "POST", `/webhooks/${hook.body.data._id}/test`);
    expect(sent.status, sent.raw).toBe(201);
    return {
      webhookId: hook.body.data._id as string,
      deliveryId: sent.body.data._id as string,
      host,
      et,
      bookingId: booked.json().data._id as string,
      cancelId: toCancel.json().data._id as string,
      contactId: contact.body.data._id as string,
      scheduleId: schedules.body.data[0]._id as string,
    };
  }

  type World = Awaited<ReturnType<typeof world>>;
  interface RouteCase {
    method: "GET" | "POST" | "PATCH" | "DELETE";
    url: (w: World) => string;
    scope: string;
    body?: (w: World) => object;
    /** Names one of the host's things by id: another host's key gets 404. */
    owned: boolean;
    ok: number;
    /** The clock for the valid call (a no-show needs a started meeting). */
    when?: Date;
  }
  const routes: RouteCase[] = [
    { method: "GET", url: () => "/event-types", scope: "event_types:read", owned: false, ok: 200 },
    {
      method: "GET",
      url: (w) => `/event-types/${w.et._id}`,
      scope: "event_types:read",
      owned: true,
      ok: 200,
    },
    {
      method: "POST",
      url: () => "/event-types",
      scope: "event_types:write",
      body: () => ({ title: "From the API", duration: 45 }),
      owned: false,
      ok: 201,
    },
    {
      method: "PATCH",
      url: (w) => `/event-types/${w.et._id}`,
      scope: "event_types:write",
      body: () => ({ description: "Changed by the API" }),
      owned: true,
      ok: 200,
    },
    {
      method: "GET",
      url: (w) => `/event-types/${w.et._id}/slots?from=2026-10-29&to=2026-10-30&timezone=UTC`,
      scope: "availability:read",
      owned: true,
      ok: 200,
    },
    { method: "GET", url: () => "/schedules", scope: "availability:read", owned: false, ok: 200 },
    {
      method: "GET",
      url: (w) => `/schedules/${w.scheduleId}`,
      scope: "availability:read",
      owned: true,
      ok: 200,
    },
    { method: "GET", url: () => "/bookings?status=confirmed", scope: "bookings:read", owned: false, ok: 200 },
    { method: "GET", url: (w) => `/bookings/${w.bookingId}`, scope: "bookings:read", owned: true, ok: 200 },
    {
      method: "POST",
      url: () => "/bookings",
      scope: "bookings:write",
      body: (w) => ({ eventTypeId: w.et._id, startTime: at(11), attendee: attendee() }),
      owned: true,
      ok: 201,
    },
    {
      method: "POST",
      url: (w) => `/bookings/${w.bookingId}/reschedule`,
      scope: "bookings:write",
      body: () => ({ startTime: at(12) }),
      owned: true,
      ok: 200,
    },
    {
      method: "POST",
      url: (w) => `/bookings/${w.bookingId}/no-show`,
      scope: "bookings:write",
      body: () => ({ noShow: true }),
      owned: true,
      ok: 200,
      when: new Date(at(13)),
    },
    {
      method: "POST",
      url: (w) => `/bookings/${w.cancelId}/cancel`,
      scope: "bookings:write",
      body: () => ({ reason: "Other", note: "via the API" }),
      owned: true,
      ok: 200,
    },
    { method: "GET", url: () => "/contacts?search=ada", scope: "contacts:read", owned: false, ok: 200 },
    { method: "GET", url: (w) => `/contacts/${w.contactId}`, scope: "contacts:read", owned: true, ok: 200 },
    {
      method: "POST",
      url: () => "/contacts",
      scope: "contacts:write",
      body: (w) => ({ fullName: "Grace", email: `grace-${w.et._id}@example.com` }),
      owned: false,
      ok: 201,
    },
    {
      method: "PATCH",
      url: (w) => `/contacts/${w.contactId}`,
      scope: "contacts:write",
      body: () => ({ company: "Analytical Engines" }),
      owned: true,
      ok: 200,
    },
    {
      method: "DELETE",
      url: (w) => `/contacts/${w.contactId}`,
      scope: "contacts:write",
      owned: true,
      ok: 204,
    },
    { method: "GET", url: () => "/webhooks", scope: "webhooks:read", owned: false, ok: 200 },
    { method: "GET", url: (w) => `/webhooks/${w.webhookId}`, scope: "webhooks:read", owned: true, ok: 200 },
    {
      method: "GET",
      url: (w) => `/webhooks/${w.webhookId}/deliveries`,
      scope: "webhooks:read",
      owned: true,
      ok: 200,
    },
    {
      method: "POST",
      url: (w) => `/webhooks/${w.webhookId}/deliveries/${w.deliveryId}/resend`,
      scope: "webhooks:write",
      owned: true,
      ok: 201,
    },
    {
      method: "POST",
      url: () => "/webhooks",
      scope: "webhooks:write",
      body: () => ({ url: "http://127.0.0.1:9/other", events: ["contact.created"] }),
      owned: false,
      ok: 201,
    },
    {
      method: "PATCH",
      url: (w) => `/webhooks/${w.webhookId}`,
      scope: "webhooks:write",
      body: () => ({ events: ["booking.created", "booking.cancelled"] }),
      owned: true,
      ok: 200,
    },
    {
      method: "DELETE",
      url: (w) => `/webhooks/${w.webhookId}`,
      scope: "webhooks:write",
      owned: true,
      ok: 204,
    },
  ];

  it("answers every route with a valid key, and refuses no key, a revoked, an expired, an unscoped and another host's key", async () => {
    const w = await world();
    const other = await hostIn(t.app, "UTC");
    const otherKey = await keyFor(other);
    const revoked = await keyFor(w.host);
    await call(w.host.token, "DELETE", `/api-keys/${revoked._id}`);
    const expiring = await keyFor(w.host, API_SCOPES, { expiresInDays: 30 });
    const valid = await keyFor(w.host);
    for (const route of routes) {
      const name = `${route.method} ${route.url(w)}`;
      const send = (secret: string | null) => v1(secret, route.method, route.url(w), route.body?.(w));
      const none = await send(null);
      expect(none.statusCode, name).toBe(401);
      expect(none.headers["content-type"], name).toContain("application/problem+json");
      expect((await send(revoked.secret)).statusCode, name).toBe(401);
      clock = new Date(NOW.getTime() + 31 * 86_400_000);
      expect((await send(expiring.secret)).statusCode, name).toBe(401);
      clock = NOW;
      const lacking = await keyFor(
        w.host,
        API_SCOPES.filter((s) => s !== route.scope),
      );
      const refused = await send(lacking.secret);
      expect(refused.statusCode, name).toBe(403);
      expect(refused.json().code, name).toBe("INSUFFICIENT_SCOPE");
      await call(w.host.token, "DELETE", `/api-keys/${lacking._id}`);
      if (route.owned) {
        const idor = await send(otherKey.secret);
        expect(idor.statusCode, name).toBe(404);
        expect(idor.json(), name).toMatchObject({ status: 404, code: "NOT_FOUND" });
      }
      clock = route.when ?? NOW;
      const res = await send(valid.secret);
      clock = NOW;
      expect(res.statusCode, `${name}: ${res.body}`).toBe(route.ok);
    }
    // Another host's key saw none of this host's things in the lists.
    for (const url of ["/event-types", "/bookings", "/contacts", "/schedules", "/webhooks"]) {
      const mine = (await v1(otherKey.secret, "GET", url)).json().data;
      expect(JSON.stringify(mine)).not.toContain(w.et._id);
      expect(JSON.stringify(mine)).not.toContain(w.bookingId);
      expect(JSON.stringify(mine)).not.toContain(w.webhookId);
    }
  });
});
