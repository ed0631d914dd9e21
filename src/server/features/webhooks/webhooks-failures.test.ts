import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEBHOOK_DISABLE_AFTER } from "../../../contract/webhooks.js";
import type { Connector, Resolver } from "../../lib/ssrf.js";
import { MAIL_JOB } from "../../mail/outbox.js";
import { apiCaller, createTestApp, type TestApp } from "../../testing/app.js";
import { book, eventType, type Host, hostIn, NOW } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";
import { startReceiver } from "../../testing/receiver.js";
import { startSmtpCatcher } from "../../testing/smtp.js";

describe.each(dbKinds)("webhook failures on %s", (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  let clock = NOW;
  let host: Host;
  const call = apiCaller(() => t.app);

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp(kind, {
      now: () => clock,
      config: { allowPrivateTargets: true, smtpUrl: smtp.url },
    });
    host = await hostIn(t.app, "Europe/Berlin", "Failing Host");
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it(`switches a subscription off after ${WEBHOOK_DISABLE_AFTER} failed deliveries, mails the host, and switches on again`, async () => {
    let status = 500;
    const hook = await startReceiver(() => status);
    try {
      const sub = (
        await call(host.token, "POST", "/webhooks", { url: hook.url, events: ["booking.created"] })
      ).body.data;
      for (let i = 0; i < WEBHOOK_DISABLE_AFTER; i++) {
        expect((await call(host.token, "POST", `/webhooks/${sub._id}/test`)).status).toBe(201);
      }
      // Every delivery's 8 attempts: retries after 30 s, 1, 2, 4, 8, 16 and 32 minutes.
      const start = clock.getTime();
      for (let m = 0; m <= 70; m++) {
        clock = new Date(start + m * 60_000);
        await t.app.jobs.flush();
        if (m === 1) {
          const mid = (await call(host.token, "GET", `/webhooks/${sub._id}`)).body.data;
          expect(mid).toMatchObject({ active: true, consecutiveFailures: 0 });
        }
      }
      expect(hook.got).toHaveLength(WEBHOOK_DISABLE_AFTER * 8);
      const off = (await call(host.token, "GET", `/webhooks/${sub._id}`)).body.data;
      expect(off).toMatchObject({
        active: false,
        consecutiveFailures: WEBHOOK_DISABLE_AFTER,
        disabledReason: expect.stringMatching(/failed deliveries in a row/),
      });
      const log = (await call(host.token, "GET", `/webhooks/${sub._id}/deliveries`)).body.data;
      expect(
        log.every((d: { status: string; attempts: number }) => d.status === "failed" && d.attempts === 8),
      ).toBe(true);

      await t.app.jobs.flush(MAIL_JOB);
      const mails = smtp.mails.filter((m) => m.to.includes(host.email));
      expect(mails).toHaveLength(1);
      expect(mails[0].parsed.subject).toBe("Action needed: your webhook subscription was switched off");
      expect(mails[0].parsed.text).toContain(hook.url);
      expect(mails[0].parsed.text).toContain("/settings#webhooks");

      // Off: no new deliveries, and neither test nor Resend.
      const et = await eventType(t.app, host);
      expect((await book(t.app, et._id, "2026-10-29T10:00:00+01:00")).statusCode).toBe(201);
      expect((await call(host.token, "POST", `/webhooks/${sub._id}/test`)).status).toBe(409);
      expect(
        (await call(host.token, "POST", `/webhooks/${sub._id}/deliveries/${log[0]._id}/resend`)).status,
      ).toBe(409);
      expect((await call(host.token, "GET", `/webhooks/${sub._id}/deliveries`)).body.data).toHaveLength(
        WEBHOOK_DISABLE_AFTER,
      );

      // The host mends the receiver and switches it on: a fresh start.
      status = 200;
      const on = await call(host.token, "PUT", `/webhooks/${sub._id}`, { active: true });
      expect(on.body.data).toMatchObject({ active: true, consecutiveFailures: 0, disabledReason: null });
      await call(host.token, "POST", `/webhooks/${sub._id}/deliveries/${log[0]._id}/resend`);
      await t.app.jobs.flush();
      const [latest] = (await call(host.token, "GET", `/webhooks/${sub._id}/deliveries`)).body.data;
      expect(latest).toMatchObject({ status: "delivered", responseStatus: 200, eventId: log[0].eventId });
    } finally {
      await hook.close();
    }
  }, 120_000);
});

describe("webhook SSRF guard", () => {
  let t: TestApp;
  const looked: string[] = [];
  const connected: string[] = [];
  let hooksAddress = "93.184.216.34";
  const resolve: Resolver = async (name) => {
    looked.push(name);
    return [{ address: name === "rebind.example" ? "127.0.0.1" : hooksAddress, family: 4 }];
  };
  // Records instead of connecting: no request leaves this machine.
  const connect: Connector = async (target) => {
    connected.push(target.address);
    return { status: 204, body: "" };
  };
  const call = apiCaller(() => t.app);

  beforeAll(async () => {
    t = await createTestApp("pglite", {
      now: () => NOW,
      outboundResolver: resolve,
      outboundConnector: connect,
    });
  });
  afterAll(() => t.close());

  it("refuses private targets at save and at delivery without any request leaving", async () => {
    const h = await hostIn(t.app, "UTC");
    for (const url of [
      "http://127.0.0.1/",
      "http://2130706433/",
      "http://[::1]/",
      "http://169.254.169.254/latest",
      "http://10.1.2.3/",
      "http://192.168.1.1/",
      "http://rebind.example/",
    ]) {
      const res = await call(h.token, "POST", "/webhooks", { url, events: ["booking.created"] });
      expect(res.status, url).toBe(400);
      expect(res.body.errorCode).toBe("ADDRESS_NOT_ALLOWED");
      expect(res.body.errors.url, url).toMatch(/private or local/);
    }
    expect(connected).toEqual([]);
    expect(looked).toEqual(["rebind.example"]);
    expect((await call(h.token, "GET", "/webhooks")).body.data).toEqual([]);

    const ok = await call(h.token, "POST", "/webhooks", {
      url: "https://hooks.example/in",
      events: ["booking.created"],
    });
    expect(ok.status, ok.raw).toBe(201);
    const id = ok.body.data._id;
    const moved = await call(h.token, "PUT", `/webhooks/${id}`, { url: "http://10.0.0.5/" });
    expect(moved.status).toBe(400);
    expect((await call(h.token, "GET", `/webhooks/${id}`)).body.data.url).toBe("https://hooks.example/in");

    await call(h.token, "POST", `/webhooks/${id}/test`);
    await t.app.jobs.flush();
    expect(connected).toEqual(["93.184.216.34"]);

    // The name now points inside: the delivery is checked again and fails at once, without a request.
    hooksAddress = "10.0.0.7";
    await call(h.token, "POST", `/webhooks/${id}/test`);
    await t.app.jobs.flush();
    expect(connected).toEqual(["93.184.216.34"]);
    const [latest] = (await call(h.token, "GET", `/webhooks/${id}/deliveries`)).body.data;
    expect(latest).toMatchObject({ status: "failed", attempts: 1 });
    expect(latest.attemptLog[0].error).toMatch(/private or local/);
  }, 60_000);
});
