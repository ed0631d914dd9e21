import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../app.js";
import { loadConfig } from "../../config.js";
import { openDatabase } from "../../db/client.js";
import { workflows } from "../../db/schema/index.js";
import type { Connector, Resolver } from "../../lib/ssrf.js";
import { bearer, createTestApp, type TestApp } from "../../testing/app.js";
import { book, eventType, type Host, hostIn, NOW } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";
import { startReceiver } from "../../testing/receiver.js";
import { startSmtpCatcher } from "../../testing/smtp.js";

describe.each(dbKinds)("workflow deliveries on %s", (kind) => {
  let t: TestApp;
  let clock = NOW;
  let host: Host;
  let et: { _id: string };
  let twilio: Awaited<ReturnType<typeof startReceiver>>;
  const call = (method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as "GET",
      url: `/api${url}`,
      headers: bearer(host.token),
      payload: payload as object,
    });
  const executions = async (id: string) =>
    (await call("GET", `/workflows/${id}/executions`)).json().data as {
      _id: string;
      status: string;
      attempts: number;
      error: string | null;
      responseCode: number | null;
      responseMs: number | null;
      target: string | null;
    }[];

  beforeAll(async () => {
    twilio = await startReceiver(
      () => 201,
      (r) => JSON.stringify({ sid: `SM${r.body.length}`, status: "queued" }),
    );
    t = await createTestApp(kind, {
      now: () => clock,
      config: {
        allowPrivateTargets: true,
        smsUrl: twilio.url.replace("//", "//AC123:secret-token@"),
        smsFrom: "+15005550006",
      },
    });
    host = await hostIn(t.app, "America/New_York", "Webhook Host");
    et = await eventType(t.app, host);
    await call("PUT", "/calendar-settings/notifications", { emailReminders: false });
  });
  afterAll(async () => {
    await t.close();
    await twilio.close();
  });

  it("signs webhooks in the Standard Webhooks form; a receiver verifies them", async () => {
    const hook = await startReceiver(() => 204);
    try {
      const res = await call("POST", "/workflows", {
        name: "Hook",
        trigger: { type: "event_scheduled" },
        actions: [
          {
            type: "webhook",
            config: { url: `${hook.url}/in`, headers: [{ key: "X-Team", value: "{{host_name}}" }] },
          },
        ],
      });
      expect(res.statusCode, res.body).toBe(201);
      const { _id, webhookSecret } = res.json().data;
      clock = NOW;
      const booked = await book(t.app, et._id, "2026-10-29T10:00:00-04:00");
      await t.app.jobs.flush();
      expect(hook.got).toHaveLength(1);
      const [delivery] = hook.got;
      const signed = {
        "webhook-id": String(delivery.headers["webhook-id"]),
        "webhook-timestamp": String(delivery.headers["webhook-timestamp"]),
        "webhook-signature": String(delivery.headers["webhook-signature"]),
      };
      expect(Number(signed["webhook-timestamp"])).toBe(NOW.getTime() / 1000);
      // The library checks the timestamp against its own clock: let it read the app's pinned one.
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(NOW);
      let payload: { id: string; type: string; data: { booking: Record<string, unknown> } };
      try {
        payload = new Webhook(webhookSecret).verify(delivery.body, signed) as typeof payload;
        // A tampered body fails verification.
        expect(() => new Webhook(webhookSecret).verify(`${delivery.body} `, signed)).toThrow();
      } finally {
        vi.useRealTimers();
      }
      expect(payload.type).toBe("event_scheduled");
      expect(payload.id).toBe(delivery.headers["webhook-id"]);
      expect(payload.data.booking).toMatchObject({
        id: booked.json().data._id,
        startTime: "2026-10-29T14:00:00.000Z",
        attendee: { timezone: "Asia/Kolkata" },
        host: { timezone: "America/New_York" },
        links: { cancel: expect.stringContaining("action=cancel") },
      });
      expect(delivery.headers["x-team"]).toBe("Webhook Host");
      const [ex] = await executions(_id);
      expect(ex).toMatchObject({ status: "sent", responseCode: 204, attempts: 1 });
      expect(ex.responseMs).toBeGreaterThanOrEqual(0);

      // The secret is sealed at rest: the row holds neither it nor its prefix.
      const [row] = await t.database.db.select().from(workflows).where(eq(workflows.id, _id));
      expect(row.webhookSecret).toMatch(/^v1\./);
      expect(row.webhookSecret).not.toContain(webhookSecret.slice(6));
      const listed = (await call("GET", `/workflows/${_id}`)).json().data;
      expect(listed.webhookSecretHint).toBe(`${webhookSecret.slice(0, 9)}…`);

      // A workflow saved before secrets were sealed keeps signing with its plain secret.
      const legacy = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
      await t.database.db.update(workflows).set({ webhookSecret: legacy }).where(eq(workflows.id, _id));
      await book(t.app, et._id, "2026-10-29T15:00:00-04:00");
      await t.app.jobs.flush();
      expect(hook.got).toHaveLength(2);
      const second = hook.got[1];
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(NOW);
      try {
        expect(() =>
          new Webhook(legacy).verify(second.body, {
            "webhook-id": String(second.headers["webhook-id"]),
            "webhook-timestamp": String(second.headers["webhook-timestamp"]),
            "webhook-signature": String(second.headers["webhook-signature"]),
          }),
        ).not.toThrow();
      } finally {
        vi.useRealTimers();
      }
    } finally {
      await hook.close();
    }
  });

  it("retries a failing webhook 5 times with backoff, keeps the error, and retries by hand", async () => {
    let status = 500;
    const hook = await startReceiver(() => status);
    try {
      const res = await call("POST", "/workflows", {
        name: "Flaky hook",
        trigger: { type: "event_cancelled" },
        actions: [{ type: "webhook", config: { url: hook.url } }],
      });
      const wf = res.json().data;
      clock = NOW;
      const booked = await book(t.app, et._id, "2026-10-29T11:00:00-04:00");
      await t.app.inject({
        method: "PUT",
        url: `/api/bookings/${booked.json().data._id}/cancel`,
        headers: bearer(host.token),
        payload: { reason: "Changed plans" },
      });
      for (let minute = 0; minute <= 60; minute++) {
        clock = new Date(NOW.getTime() + minute * 60_000);
        await t.app.jobs.flush();
      }
      expect(hook.got).toHaveLength(6);
      expect(new Set(hook.got.map((g) => g.headers["webhook-id"])).size).toBe(1);
      let [ex] = await executions(wf._id);
      expect(ex).toMatchObject({
        status: "failed",
        attempts: 6,
        responseCode: 500,
        error: "The receiver answered HTTP 500",
      });
      const listed = (await call("GET", "/workflows"))
        .json()
        .data.find((w: { _id: string }) => w._id === wf._id);
      expect(listed.statistics).toMatchObject({ totalRuns: 1, successfulRuns: 0, failedRuns: 1 });

      status = 200;
      const retry = await call("POST", `/workflows/${wf._id}/executions/${ex._id}/retry`);
      expect(retry.statusCode, retry.body).toBe(200);
      await t.app.jobs.flush();
      [ex] = await executions(wf._id);
      expect(ex).toMatchObject({ status: "sent", responseCode: 200, attempts: 1, error: null });
      expect((await call("POST", `/workflows/${wf._id}/executions/${ex._id}/retry`)).statusCode).toBe(400);
    } finally {
      await hook.close();
    }
  });

  it("add_to_crm upserts the attendee into Contacts with the stage, tags and mapped fields", async () => {
    const res = await call("POST", "/workflows", {
      name: "CRM",
      trigger: { type: "event_scheduled" },
      actions: [
        {
          type: "add_to_crm",
          config: {
            stage: "customer",
            tags: ["vip", "booked"],
            mapping: [{ field: "notes", value: "Booked {{event_name}}" }],
          },
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    clock = NOW;
    const booked = await book(t.app, et._id, "2026-10-29T14:00:00-04:00", {
      attendee: {
        name: "Cara Client",
        email: "cara@example.com",
        phone: "14155550199",
        timezone: "Europe/Paris",
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    await t.app.jobs.flush();
    const [ex] = await executions(res.json().data._id);
    expect(ex).toMatchObject({ status: "sent", target: expect.stringContaining("cara@example.com") });
    const list = await call("GET", "/contacts?searchQuery=cara%40example.com");
    const contact = (
      list.json().data as { email: string; relationshipStage: string; tags: string[]; notes: string }[]
    ).find((c) => c.email === "cara@example.com");
    expect(contact).toMatchObject({
      relationshipStage: "customer",
      notes: expect.stringMatching(/^Booked Intro call/),
    });
    expect(contact?.tags).toEqual(expect.arrayContaining(["vip", "booked"]));
  });

  it("sends SMS through a Twilio-speaking server, in E.164, and fails bookings without a valid phone", async () => {
    const res = await call("POST", "/workflows", {
      name: "Text",
      trigger: { type: "event_scheduled" },
      actions: [
        { type: "send_sms", config: { to: "attendee", message: "{{event_name}} at {{start_time}}" } },
      ],
    });
    const wf = res.json().data;
    clock = NOW;
    const good = await book(t.app, et._id, "2026-10-29T12:00:00-04:00", {
      attendee: {
        name: "Sam",
        email: "sam@example.com",
        phone: "14155550123",
        timezone: "America/Los_Angeles",
      },
    });
    // Bookings keep E.164 now and refuse numbers that are not valid: one without a phone stands in.
    const noPhone = await eventType(t.app, host, { phoneField: "optional" });
    const bad = await book(t.app, noPhone._id, "2026-10-29T13:00:00-04:00", {
      attendee: { name: "Nope", email: "nope@example.com", phone: "", timezone: "UTC" },
    });
    expect(good.statusCode, good.body).toBe(201);
    expect(bad.statusCode, bad.body).toBe(201);
    const before = twilio.got.length;
    await t.app.jobs.flush();
    const sms = twilio.got.slice(before);
    expect(sms).toHaveLength(1);
    expect(sms[0].url).toBe("/2010-04-01/Accounts/AC123/Messages.json");
    expect(sms[0].headers.authorization).toBe(
      `Basic ${Buffer.from("AC123:secret-token").toString("base64")}`,
    );
    const form = new URLSearchParams(sms[0].body);
    expect(form.get("To")).toBe("+14155550123");
    expect(form.get("From")).toBe("+15005550006");
    expect(form.get("Body")).toMatch(/at Thursday, October 29, 2026, 9:00am$/);
    const list = await executions(wf._id);
    expect(list.map((e) => [e.status, e.error]).sort()).toEqual([
      ["failed", "The booking has no valid phone number"],
      ["sent", null],
    ]);
  });
});

describe("webhook SSRF guard at save", () => {
  it("refuses private targets and DNS answers pointing at loopback, without connecting", async () => {
    const looked: string[] = [];
    const connected: string[] = [];
    const resolve: Resolver = async (name) => {
      looked.push(name);
      return [{ address: name === "rebind.example" ? "127.0.0.1" : "93.184.216.34", family: 4 }];
    };
    const connect: Connector = async (target) => {
      connected.push(target.address);
      return { status: 204, body: "" };
    };
    const t = await createTestApp("pglite", {
      now: () => NOW,
      outboundResolver: resolve,
      outboundConnector: connect,
    });
    try {
      const h = await hostIn(t.app, "UTC");
      const save = (url: string) =>
        t.app.inject({
          method: "POST",
          url: "/api/workflows",
          headers: bearer(h.token),
          payload: {
            name: "x",
            trigger: { type: "event_scheduled" },
            actions: [{ type: "webhook", config: { url } }],
          },
        });
      for (const url of [
        "http://127.0.0.1/",
        "http://2130706433/",
        "http://0x7f.1/",
        "http://[::ffff:127.0.0.1]/",
        "http://169.254.169.254/",
        "http://10.1.2.3/",
        "http://rebind.example/",
      ]) {
        const res = await save(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().errors["actions.0.config.url"], url).toMatch(/private or local/);
      }
      expect(connected).toEqual([]);
      expect(looked).toEqual(["rebind.example"]);
      const ok = await save("https://hooks.example/in");
      expect(ok.statusCode, ok.body).toBe(201);
      // The test call goes through the same guard and connects to the checked address only.
      const test = await t.app.inject({
        method: "POST",
        url: `/api/workflows/${ok.json().data._id}/test`,
        headers: bearer(h.token),
      });
      expect(test.json().data[0]).toMatchObject({ ok: true, message: expect.stringMatching(/^HTTP 204/) });
      expect(connected).toEqual(["93.184.216.34"]);
    } finally {
      await t.close();
    }
  }, 90_000);
});

describe.each(dbKinds.filter((k) => k === "postgres"))("two instances on one %s", (kind) => {
  it("never send a workflow mail twice", async () => {
    const smtp = await startSmtpCatcher();
    const first = await createTestApp(kind, { now: () => NOW, config: { smtpUrl: smtp.url } });
    const { rows } = (await first.database.db.execute("select current_database() as name")) as unknown as {
      rows: { name: string }[];
    };
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.pathname = `/${rows[0].name}`;
    const database = await openDatabase({ kind: "postgres", url: url.toString() });
    const config = { ...loadConfig({}), webDir: null, smtpUrl: smtp.url };
    const second = await buildApp({ config, database, now: () => NOW, logger: false });
    try {
      const h = await hostIn(first.app, "America/New_York");
      await first.app.inject({
        method: "PUT",
        url: "/api/calendar-settings/notifications",
        headers: bearer(h.token),
        payload: { emailReminders: false },
      });
      const type = await eventType(first.app, h);
      await first.app.inject({
        method: "POST",
        url: "/api/workflows",
        headers: bearer(h.token),
        payload: {
          name: "Welcome",
          trigger: { type: "event_scheduled" },
          actions: [
            {
              type: "send_email",
              config: { to: "attendee", subject: "Welcome {{attendee_name}}", body: "Hi" },
            },
          ],
        },
      });
      const emails: string[] = [];
      for (let i = 0; i < 12; i++) {
        const start = new Date(Date.UTC(2026, 9, 29, 13 + Math.floor(i / 2), (i % 2) * 30));
        const res = await book(first.app, type._id, start.toISOString());
        expect(res.statusCode, res.body).toBe(201);
        emails.push(res.json().data.attendee.email);
      }
      await Promise.all([
        first.app.jobs.flush(),
        second.jobs.flush(),
        first.app.jobs.flush(),
        second.jobs.flush(),
      ]);
      await Promise.all([first.app.jobs.flush(), second.jobs.flush()]);
      const welcomes = smtp.mails.filter((m) => /^Welcome /.test(m.parsed.subject ?? ""));
      expect(welcomes.map((m) => m.to[0]).sort()).toEqual(emails.sort());
    } finally {
      await second.close();
      await database.close();
      await first.close();
      await smtp.close();
    }
  }, 60_000);
});
