import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { apiCaller, createTestApp, type TestApp } from "../../testing/app.js";
import { attendee, book, eventType, hostIn, NOW } from "../../testing/booking-fixtures.js";
import { createTestDatabase, dbKinds } from "../../testing/database.js";

// Thursday 29 October 2026, within a UTC host's default weekday hours; each booking takes its own hour.
const at = (hour: number) => `2026-10-29T${String(hour).padStart(2, "0")}:00:00.000Z`;

/**
 * Issue 30: a new booking's listeners reuse what they last read of the host (webhook subscriptions,
 * workflows, booker blocks, connected calendars) while the host's config counter stands. Every change
 * raises it, through any instance: the next booking on another instance, which read the old
 * configuration, acts on the new one.
 */
describe.each(dbKinds)("listeners' kept reads of a host's configuration on %s", (kind) => {
  let database: Database;
  const apps: TestApp[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    for (let i = 0; i < 2; i++)
      apps.push(
        await createTestApp(kind, { database, now: () => NOW, config: { allowPrivateTargets: true } }),
      );
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    await database?.close();
  });

  it("a change made on one instance reaches the next booking on the other", async () => {
    const [booking, settings] = apps.map((t) => t.app);
    const callOn = apiCaller(() => settings);
    const host = await hostIn(booking, "UTC");
    const et = await eventType(booking, host);
    const bookAs = (hour: number, email: string) =>
      book(booking, et._id, at(hour), { attendee: attendee({ email }) });

    // The booking instance reads (and keeps) a host with nothing set up.
    expect((await bookAs(9, "first@example.com")).statusCode).toBe(201);

    // A webhook, a workflow and a block, added through the other instance.
    const hook = await callOn(host.token, "POST", "/webhooks", {
      url: "http://127.0.0.1:9/hook",
      events: ["booking.created"],
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const flow = await callOn(host.token, "POST", "/workflows", {
      name: "Tell me",
      description: "",
      trigger: { type: "event_scheduled" },
      actions: [{ type: "send_email", config: { to: "host", subject: "New", body: "{{attendee_name}}" } }],
    });
    expect(flow.status, JSON.stringify(flow.body)).toBe(201);
    expect((await callOn(host.token, "POST", "/blocklist", { value: "@junk.test" })).status).toBe(201);

    const refused = await bookAs(10, "someone@junk.test");
    expect(refused.statusCode, refused.body).toBe(403);
    expect((await bookAs(11, "second@example.com")).statusCode).toBe(201);
    const deliveries = await callOn(host.token, "GET", `/webhooks/${hook.body.data._id}/deliveries`);
    expect(deliveries.body.data).toHaveLength(1);
    const runs = await callOn(host.token, "GET", `/workflows/${flow.body.data._id}/executions?limit=100`);
    expect(runs.body.data).toHaveLength(1);

    // Switched off and unblocked on the other instance: the next booking neither delivers nor runs.
    expect(
      (await callOn(host.token, "PUT", `/webhooks/${hook.body.data._id}`, { active: false })).status,
    ).toBe(200);
    const toggled = await callOn(host.token, "PUT", `/workflows/${flow.body.data._id}/toggle`);
    expect(toggled.body.data.isActive).toBe(false);
    const rule = (await callOn(host.token, "GET", "/blocklist")).body.data.rules[0];
    expect((await callOn(host.token, "DELETE", `/blocklist/${rule._id}`)).status).toBe(200);
    expect((await bookAs(12, "again@junk.test")).statusCode).toBe(201);
    expect(
      (await callOn(host.token, "GET", `/webhooks/${hook.body.data._id}/deliveries`)).body.data,
    ).toHaveLength(1);
    const after = await callOn(host.token, "GET", `/workflows/${flow.body.data._id}/executions?limit=100`);
    expect(after.body.data).toHaveLength(1);
  });
});

// One instance: two embedded databases' worth of job runners on one PGlite would interleave statements.
describe.each(dbKinds)("an account with a kept configuration on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW, config: { allowPrivateTargets: true } });
  });
  afterAll(() => t.close());

  it("is deleted with its webhooks and blocks (their triggers skip a deleted host's counter)", async () => {
    const call = apiCaller(() => t.app);
    const host = await hostIn(t.app, "UTC");
    const et = await eventType(t.app, host);
    expect(
      (
        await call(host.token, "POST", "/webhooks", {
          url: "http://127.0.0.1:9/h",
          events: ["booking.created"],
        })
      ).status,
    ).toBe(201);
    expect((await call(host.token, "POST", "/blocklist", { value: "@junk.test" })).status).toBe(201);
    expect((await book(t.app, et._id, at(9), { attendee: attendee() })).statusCode).toBe(201);
    const gone = await call(host.token, "DELETE", "/users/me", { email: host.email });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
  });
});
