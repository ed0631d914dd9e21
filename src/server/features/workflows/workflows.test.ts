import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, type TestApp } from "../../testing/app.js";
import { book, eventType, type Host, hostIn, NOW } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";
import { startSmtpCatcher } from "../../testing/smtp.js";

type Smtp = Awaited<ReturnType<typeof startSmtpCatcher>>;

const email = (
  to: string,
  subject: string,
  body = "Hi {{attendee_name}}, {{event_name}} at {{start_time}}",
) => ({
  type: "send_email",
  config: { to, subject, body },
});

describe.each(dbKinds)("workflows on %s", (kind) => {
  let t: TestApp;
  let smtp: Smtp;
  let clock = NOW;
  let host: Host;
  let et: { _id: string; title: string };

  const call = (method: string, url: string, payload?: unknown, who: Host = host) =>
    t.app.inject({
      method: method as "GET",
      url: `/api${url}`,
      headers: bearer(who.token),
      payload: payload as object,
    });
  const create = async (body: Record<string, unknown>) => {
    const res = await call("POST", "/workflows", { description: "", ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { _id: string; webhookSecret: string };
  };
  const executions = async (id: string, query = "") => {
    const res = await call("GET", `/workflows/${id}/executions?limit=100${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      status: string;
      trigger: string;
      scheduledFor: string;
      error: string | null;
      booking: { _id: string };
    }[];
  };
  /** Runs every job and mail due at `at`. */
  const runAt = async (at: Date) => {
    clock = at;
    await t.app.jobs.flush();
    await t.app.jobs.flush(); // the mail those jobs queued
  };
  const mailsTo = (to: string, subject: RegExp) =>
    smtp.mails.filter((m) => m.to.includes(to) && subject.test(m.parsed.subject ?? ""));

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp(kind, { now: () => clock, config: { smtpUrl: smtp.url } });
    host = await hostIn(t.app, "America/New_York", "Hannah Host");
    et = await eventType(t.app, host);
    // Calendar Settings reminders are tested on their own below.
    await call("PUT", "/calendar-settings/notifications", { emailReminders: false });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("lists templates and creates, edits, duplicates by POST, toggles and deletes workflows; others get 404", async () => {
    const templates = await call("GET", "/workflows/templates/list");
    expect(templates.json().data.map((x: { id: string }) => x.id)).toEqual([
      "welcome-email",
      "meeting-reminder",
      "follow-up",
      "webhook-notification",
      "add-to-crm",
    ]);
    const bad = await call("POST", "/workflows", { name: " ", trigger: { type: "nope" }, actions: [] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(
      expect.arrayContaining(["name", "trigger.type", "actions"]),
    );
    const noOffset = await call("POST", "/workflows", {
      name: "Reminder",
      trigger: { type: "before_event" },
      actions: [email("attendee", "x")],
    });
    expect(noOffset.json().errors).toHaveProperty(["trigger.conditions.timeOffset"]);
    const crlf = await call("POST", "/workflows", {
      name: "Hook",
      trigger: { type: "event_scheduled" },
      actions: [
        {
          type: "webhook",
          config: { url: "https://93.184.216.34/h", headers: [{ key: "X-A", value: "a\r\nInjected: 1" }] },
        },
      ],
    });
    expect(crlf.json().errors).toHaveProperty(["actions.0.config.headers.0.value"]);

    const wf = await create({
      name: "Welcome",
      trigger: { type: "event_scheduled" },
      actions: [email("attendee", "Hello")],
    });
    expect(wf.webhookSecret).toMatch(/^whsec_/);
    const got = (await call("GET", `/workflows/${wf._id}`)).json().data;
    expect(got).not.toHaveProperty("webhookSecret");
    expect(got.statistics).toEqual({ totalRuns: 0, successfulRuns: 0, failedRuns: 0, lastRun: null });

    const other = await hostIn(t.app, "UTC");
    for (const [method, url] of [
      ["GET", `/workflows/${wf._id}`],
      ["PUT", `/workflows/${wf._id}`],
      ["DELETE", `/workflows/${wf._id}`],
      ["PUT", `/workflows/${wf._id}/toggle`],
      ["GET", `/workflows/${wf._id}/executions`],
      ["POST", `/workflows/${wf._id}/test`],
      ["POST", `/workflows/${wf._id}/secret`],
    ]) {
      const body =
        method === "PUT" && !url.endsWith("toggle")
          ? { name: "x", trigger: { type: "event_scheduled" }, actions: [email("host", "x")] }
          : undefined;
      expect((await call(method, url, body, other)).statusCode, `${method} ${url}`).toBe(404);
    }
    const foreignType = await call(
      "POST",
      "/workflows",
      {
        name: "x",
        trigger: { type: "event_scheduled", eventTypes: [et._id] },
        actions: [email("host", "x")],
      },
      other,
    );
    expect(foreignType.json().errors).toHaveProperty(["trigger.eventTypes"]);
    expect((await call("GET", "/workflows", undefined, other)).json().data).toEqual([]);

    const edited = await call("PUT", `/workflows/${wf._id}`, {
      name: "Welcome 2",
      trigger: { type: "event_scheduled", eventTypes: [et._id] },
      actions: [email("both", "Hello again")],
    });
    expect(edited.json().data).toMatchObject({ name: "Welcome 2", trigger: { eventTypes: [et._id] } });
    expect((await call("PUT", `/workflows/${wf._id}/toggle`)).json().data.isActive).toBe(false);
    expect((await call("PUT", `/workflows/${wf._id}/toggle`)).json().data.isActive).toBe(true);
    const rotated = (await call("POST", `/workflows/${wf._id}/secret`)).json().data;
    expect(rotated.webhookSecret).not.toBe(wf.webhookSecret);
    expect((await call("DELETE", `/workflows/${wf._id}`)).statusCode).toBe(200);
    expect((await call("GET", `/workflows/${wf._id}`)).statusCode).toBe(404);
  });

  it("fires each trigger once; reminders move with a reschedule and vanish with a cancel", async () => {
    const host2 = await hostIn(t.app, "America/New_York", "Trigger Host");
    const et2 = await eventType(t.app, host2);
    await call("PUT", "/calendar-settings/notifications", { emailReminders: false }, host2);
    const make = async (name: string, trigger: Record<string, unknown>) => {
      const res = await call(
        "POST",
        "/workflows",
        { name, trigger, actions: [email("attendee", `${name} {{event_name}}`)] },
        host2,
      );
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data._id as string;
    };
    const ids = {
      scheduled: await make("Scheduled", { type: "event_scheduled" }),
      rescheduled: await make("Rescheduled", { type: "event_rescheduled" }),
      cancelled: await make("Cancelled", { type: "event_cancelled" }),
      before: await make("Before", {
        type: "before_event",
        conditions: { timeOffset: { value: 1, unit: "hours" } },
      }),
      after: await make("After", {
        type: "after_event",
        conditions: { timeOffset: { value: 30, unit: "minutes" } },
      }),
      completed: await make("Completed", { type: "event_completed" }),
    };
    const list = (id: string) =>
      t.app
        .inject({
          method: "GET",
          url: `/api/workflows/${id}/executions?limit=100`,
          headers: bearer(host2.token),
        })
        .then((r) => r.json().data as { status: string; scheduledFor: string; error: string | null }[]);

    clock = NOW;
    const kept = await book(t.app, et2._id, "2026-10-29T10:00:00-04:00");
    const dropped = await book(t.app, et2._id, "2026-10-29T13:00:00-04:00");
    expect(kept.statusCode, kept.body).toBe(201);
    const keptId = kept.json().data._id;
    const droppedId = dropped.json().data._id;
    expect((await list(ids.before)).map((e) => e.scheduledFor).sort()).toEqual([
      "2026-10-29T13:00:00.000Z",
      "2026-10-29T16:00:00.000Z",
    ]);

    // Move the kept one a day later: its reminder moves; cancel the other: its reminder goes.
    const moved = await t.app.inject({
      method: "PUT",
      url: `/api/bookings/${keptId}/reschedule`,
      headers: bearer(host2.token),
      payload: { startTime: "2026-10-30T10:00:00-04:00" },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const cancel = await t.app.inject({
      method: "PUT",
      url: `/api/bookings/${droppedId}/cancel`,
      headers: bearer(host2.token),
      payload: { reason: "Changed plans" },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const before = await list(ids.before);
    expect(before.filter((e) => e.status === "scheduled").map((e) => e.scheduledFor)).toEqual([
      "2026-10-30T13:00:00.000Z",
    ]);
    expect(
      before
        .filter((e) => e.status === "cancelled")
        .map((e) => e.error)
        .sort(),
    ).toEqual(["The booking was cancelled", "The booking was rescheduled"]);

    // Run everything up to two days later, twice over.
    for (const at of [
      NOW,
      new Date("2026-10-30T13:00:00Z"),
      new Date("2026-10-30T15:00:00Z"),
      new Date("2026-10-31T00:00:00Z"),
    ]) {
      await runAt(at);
      await runAt(at);
    }
    const sent = async (id: string) => (await list(id)).filter((e) => e.status === "sent").length;
    expect(await sent(ids.scheduled)).toBe(2);
    expect(await sent(ids.rescheduled)).toBe(1);
    expect(await sent(ids.cancelled)).toBe(1);
    expect(await sent(ids.before)).toBe(1);
    expect(await sent(ids.after)).toBe(1);
    expect(await sent(ids.completed)).toBe(1);
    const invitee = kept.json().data.attendee.email;
    for (const name of ["Scheduled", "Rescheduled", "Before", "After", "Completed"]) {
      expect(mailsTo(invitee, new RegExp(`^${name} `)), name).toHaveLength(1);
    }
    expect(mailsTo(dropped.json().data.attendee.email, /^Cancelled /)).toHaveLength(1);
    expect(mailsTo(dropped.json().data.attendee.email, /^Before /)).toHaveLength(0);
    // Times render on the recipient's clock (the invitee is in Asia/Kolkata): 10:00am New York = 7:30pm.
    expect(mailsTo(invitee, /^Before /)[0].parsed.text).toContain("Friday, October 30, 2026, 7:30pm");

    const row = (await call("GET", "/workflows", undefined, host2))
      .json()
      .data.find((w: { _id: string }) => w._id === ids.scheduled);
    expect(row.statistics).toMatchObject({ totalRuns: 2, successfulRuns: 2, failedRuns: 0 });
    expect(row.statistics.lastRun).toBe(NOW.toISOString());
  });

  it("a reminder due while the server was down runs once if the meeting has not started, else is skipped", async () => {
    const wf = await create({
      name: "Late reminder",
      trigger: {
        type: "before_event",
        eventTypes: [et._id],
        conditions: { timeOffset: { value: 2, unit: "hours" } },
      },
      actions: [email("attendee", "Late {{event_name}}")],
    });
    clock = NOW;
    const a = await book(t.app, et._id, "2026-11-02T10:00:00-05:00");
    const b = await book(t.app, et._id, "2026-11-02T11:30:00-05:00");
    expect(a.statusCode, a.body).toBe(201);
    expect(b.statusCode, b.body).toBe(201);
    // Down from before the first reminder until 11:00 New York: a has started, b has not.
    await runAt(new Date("2026-11-02T16:00:00Z"));
    const list = await executions(wf._id);
    const byBooking = Object.fromEntries(list.map((e) => [e.booking._id, e]));
    expect(byBooking[a.json().data._id]).toMatchObject({
      status: "skipped",
      error: expect.stringMatching(/already started/),
    });
    expect(byBooking[b.json().data._id]).toMatchObject({ status: "sent" });
    expect(mailsTo(b.json().data.attendee.email, /^Late /)).toHaveLength(1);
    expect(mailsTo(a.json().data.attendee.email, /^Late /)).toHaveLength(0);
  });

  it("pausing stops pending runs, activating plans them again, and event_completed skips no-shows", async () => {
    const reminder = await create({
      name: "Paused reminder",
      trigger: {
        type: "before_event",
        eventTypes: [et._id],
        conditions: { timeOffset: { value: 1, unit: "days" } },
      },
      actions: [email("attendee", "Paused {{event_name}}")],
    });
    const done = await create({
      name: "Completed",
      trigger: { type: "event_completed", eventTypes: [et._id] },
      actions: [email("host", "Done {{attendee_name}}")],
    });
    clock = NOW;
    const res = await book(t.app, et._id, "2026-11-04T10:00:00-05:00");
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data._id;
    const mine = async (q = "") => (await executions(reminder._id, q)).filter((e) => e.booking._id === id);
    await call("PUT", `/workflows/${reminder._id}/toggle`);
    expect((await mine()).map((e) => [e.status, e.error])).toEqual([
      ["cancelled", "The workflow was paused"],
    ]);
    await call("PUT", `/workflows/${reminder._id}/toggle`);
    expect((await mine("&status=scheduled")).length).toBe(1);

    await runAt(new Date("2026-11-03T15:00:00Z"));
    await runAt(new Date("2026-11-04T15:10:00Z"));
    const noShow = await t.app.inject({
      method: "PUT",
      url: `/api/bookings/${res.json().data._id}/no-show`,
      headers: bearer(host.token),
      payload: { noShow: true },
    });
    expect(noShow.statusCode, noShow.body).toBe(200);
    await runAt(new Date("2026-11-04T16:00:00Z"));
    const completed = (await executions(done._id)).filter((e) => e.booking._id === id);
    expect(completed.map((e) => [e.status, e.error])).toEqual([
      ["skipped", "The invitee was marked as a no-show"],
    ]);
    expect((await mine("&status=sent")).length).toBe(1);
    expect((await mine("&action=webhook")).length).toBe(0);
    expect((await mine("&from=2026-11-03&to=2026-11-03")).length).toBe(1);
    expect((await mine("&from=2026-11-05")).length).toBe(0);
  });

  it("Calendar Settings reminders mail invitee and host through the same engine, once", async () => {
    const h = await hostIn(t.app, "Europe/Berlin", "Reminder Host");
    const type = await eventType(t.app, h);
    await call("PUT", "/calendar-settings/notifications", { emailReminders: true, reminderMinutes: 60 }, h);
    clock = NOW;
    const res = await book(t.app, type._id, "2026-11-03T10:00:00+01:00");
    expect(res.statusCode, res.body).toBe(201);
    const invitee = res.json().data.attendee.email;
    await runAt(new Date("2026-11-03T07:59:00Z"));
    expect(mailsTo(invitee, /^Reminder:/)).toHaveLength(0);
    await runAt(new Date("2026-11-03T08:00:00Z"));
    await runAt(new Date("2026-11-03T08:01:00Z"));
    const [mail] = mailsTo(invitee, /^Reminder:/);
    expect(mailsTo(invitee, /^Reminder:/)).toHaveLength(1);
    expect(mail.parsed.text).toMatch(/Reschedule: http.*reschedule=/);
    expect(mailsTo(h.email, /^Reminder:/)).toHaveLength(1);

    // Moved: the reminder follows; turned off: none is sent.
    const later = await book(t.app, type._id, "2026-11-05T10:00:00+01:00");
    await t.app.inject({
      method: "PUT",
      url: `/api/bookings/${later.json().data._id}/reschedule`,
      headers: bearer(h.token),
      payload: { startTime: "2026-11-05T12:00:00+01:00" },
    });
    const laterInvitee = later.json().data.attendee.email;
    await runAt(new Date("2026-11-05T09:30:00Z"));
    expect(mailsTo(laterInvitee, /^Reminder:/)).toHaveLength(0);
    await call("PUT", "/calendar-settings/notifications", { emailReminders: false }, h);
    await runAt(new Date("2026-11-05T10:30:00Z"));
    expect(mailsTo(laterInvitee, /^Reminder:/)).toHaveLength(0);
  });

  it("turning Calendar Settings reminders on, or changing how long before, re-plans upcoming meetings", async () => {
    const h = await hostIn(t.app, "Europe/Berlin", "Replan Host");
    const type = await eventType(t.app, h);
    await call("PUT", "/calendar-settings/notifications", { emailReminders: false }, h);
    clock = NOW;
    // Booked while reminders were off: no reminder planned yet.
    const first = await book(t.app, type._id, "2026-11-10T10:00:00+01:00");
    const second = await book(t.app, type._id, "2026-11-11T10:00:00+01:00");
    const [a, b] = [first, second].map((r) => r.json().data.attendee.email as string);

    // On, 60 minutes before: both meetings get one.
    const on = await call(
      "PUT",
      "/calendar-settings/notifications",
      { emailReminders: true, reminderMinutes: 60 },
      h,
    );
    expect(on.statusCode, on.body).toBe(200);
    await runAt(new Date("2026-11-10T07:59:00Z"));
    expect(mailsTo(a, /^Reminder:/)).toHaveLength(0);
    await runAt(new Date("2026-11-10T08:00:00Z"));
    expect(mailsTo(a, /^Reminder:/)).toHaveLength(1);
    expect(mailsTo(b, /^Reminder:/)).toHaveLength(0);

    // A day before instead of an hour: the second meeting's reminder moves to the day before, once.
    await call("PUT", "/calendar-settings/notifications", { reminderMinutes: 1440 }, h);
    await runAt(new Date("2026-11-10T08:59:00Z"));
    expect(mailsTo(b, /^Reminder:/)).toHaveLength(0);
    await runAt(new Date("2026-11-10T09:00:00Z"));
    expect(mailsTo(b, /^Reminder:/)).toHaveLength(1);
    await runAt(new Date("2026-11-11T08:00:00Z"));
    expect(mailsTo(b, /^Reminder:/)).toHaveLength(1);
    expect(mailsTo(a, /^Reminder:/)).toHaveLength(1);
  });

  it("the test call sends each action once against a sample booking, to the host", async () => {
    const wf = await create({
      name: "Test me",
      trigger: { type: "event_scheduled" },
      actions: [
        email("attendee", "Sample for {{attendee_name}}"),
        { type: "send_sms", config: { to: "attendee", message: "Hi" } },
      ],
    });
    // A body it does not take is refused, and sends nothing (the one mail below is the good call's).
    for (const payload of ["[]", "[{}]", "1", '"run"', '{"to":"someone@example.com"}']) {
      const bad = await t.app.inject({
        method: "POST",
        url: `/api/workflows/${wf._id}/test`,
        headers: { ...bearer(host.token), "content-type": "application/json" },
        payload,
      });
      expect(bad.statusCode, payload).toBe(400);
    }
    const res = await call("POST", `/workflows/${wf._id}/test`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      { actionIndex: 0, actionType: "send_email", ok: true, message: `Test email queued to ${host.email}` },
      { actionIndex: 1, actionType: "send_sms", ok: false, message: expect.stringMatching(/E\.164/) },
    ]);
    await t.app.jobs.flush();
    expect(mailsTo(host.email, /^\[Test\] Sample for Priya Sharma$/)).toHaveLength(1);
    expect(await executions(wf._id)).toEqual([]);
  });
});
