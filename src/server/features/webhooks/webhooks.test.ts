import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { webhookPayloadSchema } from "../../../contract/webhooks.js";
import { apiCaller, createTestApp, type TestApp } from "../../testing/app.js";
import { attendee, book, eventType, type Host, hostIn, NOW } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";
import { type Received, startReceiver } from "../../testing/receiver.js";

type Delivery = {
  _id: string;
  eventId: string;
  eventType: string;
  requestBody: string;
  status: string;
  attempts: number;
  responseStatus: number | null;
  attemptLog: {
    attempt: number;
    responseStatus: number | null;
    responseBody: string | null;
    error: string | null;
  }[];
};

/** Verifies a delivery as a receiver would, with the Standard Webhooks reference library. */
function verify(secret: string, r: Received) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Number(r.headers["webhook-timestamp"]) * 1000);
  try {
    const headers = {
      "webhook-id": String(r.headers["webhook-id"]),
      "webhook-timestamp": String(r.headers["webhook-timestamp"]),
      "webhook-signature": String(r.headers["webhook-signature"]),
    };
    expect(() => new Webhook(secret).verify(`${r.body} `, headers)).toThrow();
    return new Webhook(secret).verify(r.body, headers) as { type: string; data: Record<string, unknown> };
  } finally {
    vi.useRealTimers();
  }
}

describe.each(dbKinds)("webhook subscriptions on %s", (kind) => {
  let t: TestApp;
  let clock = NOW;
  let host: Host;
  const call = apiCaller(() => t.app);
  const deliveries = async (id: string) =>
    (await call(host.token, "GET", `/webhooks/${id}/deliveries`)).body.data as Delivery[];
  /** Runs due jobs minute by minute for `minutes` (retries wait 30 s, 1, 2, 4 ... min). */
  const runFor = async (minutes: number) => {
    const start = clock.getTime();
    for (let m = 0; m <= minutes; m++) {
      clock = new Date(start + m * 60_000);
      await t.app.jobs.flush();
    }
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => clock, config: { allowPrivateTargets: true } });
    host = await hostIn(t.app, "America/New_York", "Hook Host");
  });
  afterAll(() => t.close());

  it("sends a signed booking.created with the embed's attribution, logged as 200", async () => {
    const hook = await startReceiver(
      () => 200,
      () => JSON.stringify({ ok: true, pad: "x".repeat(5000) }),
    );
    try {
      const created = await call(host.token, "POST", "/webhooks", {
        url: `${hook.url}/in`,
        events: ["booking.cancelled", "booking.created"],
      });
      expect(created.status, created.raw).toBe(201);
      const sub = created.body.data;
      expect(sub).toMatchObject({
        active: true,
        events: ["booking.created", "booking.cancelled"],
        secret: expect.stringMatching(/^whsec_/),
        secretHint: `${sub.secret.slice(0, 9)}…`,
      });
      const listed = await call(host.token, "GET", "/webhooks");
      expect(listed.body.data).toHaveLength(1);
      expect(listed.body.data[0].secret).toBeUndefined();

      const et = await eventType(t.app, host);
      const attribution = { utm: { utm_source: "newsletter" }, metadata: { plan: "pro" } };
      const booked = await book(t.app, et._id, "2026-10-29T10:00:00-04:00", {
        attendee: attendee({ name: "Ada Lovelace", email: "ada@example.com" }),
        attribution,
        answers: [{ question: "Company?", answer: "Analytical Engines" }],
      });
      expect(booked.statusCode, booked.body).toBe(201);
      await t.app.jobs.flush();
      expect(hook.got).toHaveLength(1);
      const payload = verify(sub.secret, hook.got[0]);
      expect(webhookPayloadSchema.safeParse(payload).success).toBe(true);
      expect(payload).toMatchObject({
        type: "booking.created",
        timestamp: NOW.toISOString(),
        data: {
          uid: booked.json().data.uid,
          status: "confirmed",
          startTime: "2026-10-29T14:00:00.000Z",
          eventType: { id: et._id, slug: et.slug, title: et.title },
          invitee: { name: "Ada Lovelace", email: "ada@example.com", timezone: "Asia/Kolkata" },
          host: { name: "Hook Host", timezone: "America/New_York" },
          location: { type: "zoom" },
          answers: [{ question: "Company?", answer: "Analytical Engines" }],
          attribution,
          cancelReason: null,
        },
      });
      const [d] = await deliveries(sub._id);
      expect(d).toMatchObject({
        eventType: "booking.created",
        status: "delivered",
        attempts: 1,
        responseStatus: 200,
      });
      expect(d.eventId).toBe(hook.got[0].headers["webhook-id"]);
      expect(d.requestBody).toBe(hook.got[0].body);
      // The answer is kept, cut at 2 kB.
      expect(d.attemptLog[0].responseBody).toHaveLength(2048);

      // An event the subscription did not choose is not sent; one it chose is.
      const cancel = await call(host.token, "PUT", `/bookings/${booked.json().data._id}/cancel`, {
        reason: "Scheduling conflict",
      });
      expect(cancel.status, cancel.raw).toBe(200);
      await t.app.jobs.flush();
      expect(hook.got).toHaveLength(2);
      const cancelled = verify(sub.secret, hook.got[1]);
      expect(cancelled).toMatchObject({
        type: "booking.cancelled",
        data: { status: "cancelled", cancelReason: "Scheduling conflict" },
      });

      // Rotate: new deliveries are signed with the new secret only.
      const rotated = (await call(host.token, "POST", `/webhooks/${sub._id}/rotate`)).body.data;
      expect(rotated.secret).not.toBe(sub.secret);
      expect((await call(host.token, "POST", `/webhooks/${sub._id}/reveal`)).body.data.secret).toBe(
        rotated.secret,
      );
      const test = await call(host.token, "POST", `/webhooks/${sub._id}/test`);
      expect(test.status, test.raw).toBe(201);
      await t.app.jobs.flush();
      expect(verify(rotated.secret, hook.got[2])).toMatchObject({ type: "ping" });
    } finally {
      await hook.close();
    }
  });

  it("retries a failing receiver with backoff until it recovers; Resend sends the same body again", async () => {
    let status = 503;
    const hook = await startReceiver(
      () => status,
      () => "down for maintenance",
    );
    try {
      const sub = (
        await call(host.token, "POST", "/webhooks", { url: hook.url, events: ["booking.created"] })
      ).body.data;
      const et = await eventType(t.app, host);
      clock = NOW;
      expect((await book(t.app, et._id, "2026-10-29T11:00:00-04:00")).statusCode).toBe(201);
      await t.app.jobs.flush();
      clock = new Date(NOW.getTime() + 20_000);
      await t.app.jobs.flush();
      // Not yet: the first retry waits 30 s.
      expect(hook.got).toHaveLength(1);
      await runFor(2);
      expect(hook.got.length).toBeGreaterThanOrEqual(2);
      let [d] = await deliveries(sub._id);
      expect(d.status).toBe("pending");
      expect(d.attemptLog[0]).toMatchObject({
        attempt: 1,
        responseStatus: 503,
        responseBody: "down for maintenance",
        error: "The receiver answered HTTP 503",
      });
      status = 200;
      await runFor(10);
      [d] = await deliveries(sub._id);
      expect(d.status).toBe("delivered");
      expect(d.attemptLog.at(-1)).toMatchObject({ responseStatus: 200, error: null });
      const sent = hook.got.length;
      expect(new Set(hook.got.map((g) => g.headers["webhook-id"])).size).toBe(1);

      const resent = await call(host.token, "POST", `/webhooks/${sub._id}/deliveries/${d._id}/resend`);
      expect(resent.status, resent.raw).toBe(201);
      await t.app.jobs.flush();
      expect(hook.got).toHaveLength(sent + 1);
      expect(hook.got.at(-1)?.body).toBe(hook.got[0].body);
      const list = await deliveries(sub._id);
      expect(list).toHaveLength(2);
      expect(list[0]).toMatchObject({ status: "delivered", eventId: d.eventId, requestBody: d.requestBody });
      await call(host.token, "DELETE", `/webhooks/${sub._id}`);
    } finally {
      await hook.close();
    }
  });

  it("sends booking.rescheduled with the previous times and booking.no_show with the mark", async () => {
    const hook = await startReceiver(() => 200);
    try {
      const sub = (
        await call(host.token, "POST", "/webhooks", {
          url: hook.url,
          events: ["booking.rescheduled", "booking.no_show"],
        })
      ).body.data;
      const et = await eventType(t.app, host);
      clock = NOW;
      const booked = await book(t.app, et._id, "2026-10-29T12:00:00-04:00");
      const id = booked.json().data._id;
      const moved = await call(host.token, "PUT", `/bookings/${id}/reschedule`, {
        startTime: "2026-10-29T13:00:00-04:00",
      });
      expect(moved.status, moved.raw).toBe(200);
      await t.app.jobs.flush();
      expect(hook.got).toHaveLength(1);
      expect(verify(sub.secret, hook.got[0])).toMatchObject({
        type: "booking.rescheduled",
        data: {
          startTime: "2026-10-29T17:00:00.000Z",
          previousStartTime: "2026-10-29T16:00:00.000Z",
          previousEndTime: "2026-10-29T16:30:00.000Z",
        },
      });
      // Once the meeting has started the host may mark the invitee as a no-show.
      clock = new Date("2026-10-29T17:10:00Z");
      const marked = await call(host.token, "PUT", `/bookings/${id}/no-show`, { noShow: true });
      expect(marked.status, marked.raw).toBe(200);
      await t.app.jobs.flush();
      const noShow = verify(sub.secret, hook.got[1]);
      expect(noShow).toMatchObject({ type: "booking.no_show", data: { status: "no_show", noShow: true } });
      expect(webhookPayloadSchema.safeParse(noShow).success).toBe(true);
      clock = NOW;
      await call(host.token, "DELETE", `/webhooks/${sub._id}`);
    } finally {
      await hook.close();
    }
  });

  it("announces contacts created and updated by the host, and the contact an invitee's first booking makes", async () => {
    const hook = await startReceiver(() => 204);
    try {
      const sub = (
        await call(host.token, "POST", "/webhooks", {
          url: hook.url,
          events: ["contact.created", "contact.updated"],
        })
      ).body.data;
      const made = await call(host.token, "POST", "/contacts", {
        fullName: "Grace Hopper",
        email: "grace@example.com",
      });
      expect(made.status, made.raw).toBe(201);
      await call(host.token, "PUT", `/contacts/${made.body.data._id}`, { company: "Navy" });
      await t.app.jobs.flush();
      const bodies = hook.got.map((g) => verify(sub.secret, g));
      // Sent side by side: in either order.
      expect(bodies.map((b) => b.type).sort()).toEqual(["contact.created", "contact.updated"]);
      expect(bodies.find((b) => b.type === "contact.updated")?.data).toMatchObject({
        email: "grace@example.com",
        company: "Navy",
      });
      for (const b of bodies) expect(webhookPayloadSchema.safeParse(b).success).toBe(true);

      // An invitee's first booking makes their contact (contact.created); their second only fills it.
      hook.got.length = 0;
      const et = await eventType(t.app, host);
      clock = NOW;
      const ivy = { name: "Ivy Invitee", email: "ivy.contact@example.com" };
      for (const at of ["2026-10-29T13:00:00-04:00", "2026-10-29T14:00:00-04:00"]) {
        const res = await book(t.app, et._id, at, { attendee: attendee(ivy) });
        expect(res.statusCode, res.body).toBe(201);
      }
      await t.app.jobs.flush();
      const fromBookings = hook.got.map((g) => verify(sub.secret, g));
      expect(fromBookings.map((b) => b.type)).toEqual(["contact.created"]);
      expect(fromBookings[0].data).toMatchObject({ email: ivy.email, fullName: ivy.name });
      await call(host.token, "DELETE", `/webhooks/${sub._id}`);
    } finally {
      await hook.close();
    }
  });

  it("refuses bad input with field errors and more than 20 subscriptions", async () => {
    const other = await hostIn(t.app, "UTC");
    const bad = [
      [{ url: "", events: ["booking.created"] }, "url"],
      [{ url: "ftp://x.example", events: ["booking.created"] }, "url"],
      [{ url: "https://hooks.example", events: [] }, "events"],
      [{ url: "https://hooks.example", events: ["booking.exploded"] }, "events.0"],
    ] as const;
    for (const [body, field] of bad) {
      const res = await call(other.token, "POST", "/webhooks", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[field], res.raw).toBeTruthy();
    }
    for (let i = 0; i < 20; i++) {
      const res = await call(other.token, "POST", "/webhooks", {
        url: `http://127.0.0.1:9/${i}`,
        events: ["booking.created"],
      });
      expect(res.status, res.raw).toBe(201);
    }
    const over = await call(other.token, "POST", "/webhooks", {
      url: "http://127.0.0.1:9/x",
      events: ["booking.created"],
    });
    expect(over.status).toBe(400);
    expect((await call(other.token, "GET", "/webhooks")).body.data).toHaveLength(20);
  });

  it("answers 404 for another host's subscription and deliveries, and changes nothing", async () => {
    const hook = await startReceiver(() => 200);
    try {
      const sub = (
        await call(host.token, "POST", "/webhooks", { url: hook.url, events: ["booking.created"] })
      ).body.data;
      await call(host.token, "POST", `/webhooks/${sub._id}/test`);
      await t.app.jobs.flush();
      const [d] = await deliveries(sub._id);
      const stranger = await hostIn(t.app, "UTC");
      const tries = [
        ["GET", `/webhooks/${sub._id}`],
        ["PUT", `/webhooks/${sub._id}`, { active: false }],
        ["DELETE", `/webhooks/${sub._id}`],
        ["POST", `/webhooks/${sub._id}/reveal`],
        ["POST", `/webhooks/${sub._id}/rotate`],
        ["POST", `/webhooks/${sub._id}/test`],
        ["GET", `/webhooks/${sub._id}/deliveries`],
        ["POST", `/webhooks/${sub._id}/deliveries/${d._id}/resend`],
      ] as const;
      for (const [method, url, body] of tries) {
        const res = await call(stranger.token, method, url, body);
        expect(res.status, `${method} ${url}`).toBe(404);
      }
      expect((await call(stranger.token, "GET", "/webhooks")).body.data).toEqual([]);
      const mine = (await call(host.token, "GET", `/webhooks/${sub._id}`)).body.data;
      expect(mine).toMatchObject({ active: true, secretHint: sub.secretHint });
      expect(await deliveries(sub._id)).toHaveLength(1);
      expect(hook.got).toHaveLength(1);
    } finally {
      await hook.close();
    }
  });
});
