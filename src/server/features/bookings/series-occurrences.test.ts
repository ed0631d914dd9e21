import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, type TestApp } from "../../testing/app.js";
import { attendee, bookingSettings, eventType, hostIn, NOW } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";

// Issue 28 item 3: one occurrence of a recurring booking moved on its own; reminders per occurrence.
// (Booking the series, its conflicts, cancels and mails: series.test.ts.)
const FIRST = "2026-10-29T13:00:00.000Z"; // Thursday 9:00 New York, before the clock change

describe.each(dbKinds)("occurrences of a recurring booking on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object) => t.app.inject({ method: "POST", url, payload });
  const weeklyType = async () => {
    const host = await hostIn(t.app, "America/New_York", "Rena Recurring");
    const et = await eventType(t.app, host, {
      title: "Coaching",
      recurrence: { frequency: "weekly", maxOccurrences: 10 },
      bookingSettings: bookingSettings({ daysAhead: 90 }),
    });
    return { host, et };
  };
  const series = (etId: string, extra: object = {}) =>
    post("/api/bookings/series", {
      eventTypeId: etId,
      startTime: FIRST,
      occurrences: 10,
      attendee: attendee({
        timezone: "America/New_York",
        email: "sam.series@example.com",
        phone: "+14155550134",
      }),
      ...extra,
    });

  it("reschedules one occurrence, checked like a booking; the others stay", async () => {
    const { et } = await weeklyType();
    const made = (await series(et._id, { occurrences: 4 })).json().data;
    const { uid, manageToken } = made.booking;
    const page = async () =>
      (await t.app.inject({ method: "GET", url: `/api/bookings/public/${uid}?token=${manageToken}` })).json()
        .data.series.occurrences as { index: number; uid: string; startTime: string }[];
    const before = await page();
    const move = (occurrenceUid: string, startTime: string) =>
      post(`/api/bookings/public/${occurrenceUid}/reschedule`, { token: manageToken, startTime });
    // Onto the 4th occurrence's time: taken.
    const onto = await move(before[2].uid, before[3].startTime);
    expect(onto.statusCode).toBe(409);
    // The 3rd (Thursday 12 November) to Friday 13 November, 9:00 New York.
    const moved = await move(before[2].uid, "2026-11-13T14:00:00.000Z");
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await page();
    expect(after.map((o) => o.startTime)).toEqual([
      before[0].startTime,
      before[1].startTime,
      "2026-11-13T14:00:00.000Z",
      before[3].startTime,
    ]);
    expect(after[2]).toMatchObject({ index: 2, uid: before[2].uid });
  });

  it("a workflow reminder is due before every occurrence, and goes with a cancelled one", async () => {
    const { host, et } = await weeklyType();
    const wf = await t.app.inject({
      method: "POST",
      url: "/api/workflows",
      headers: bearer(host.token),
      payload: {
        name: "Reminder",
        description: "",
        trigger: { type: "before_event", conditions: { timeOffset: { value: 1, unit: "hours" } } },
        actions: [
          { type: "send_email", config: { to: "attendee", subject: "Soon", body: "{{event_name}}" } },
        ],
      },
    });
    expect(wf.statusCode, wf.body).toBe(201);
    const made = (await series(et._id, { occurrences: 3 })).json().data;
    const due = async () =>
      (
        await t.app.inject({
          method: "GET",
          url: `/api/workflows/${wf.json().data._id}/executions?limit=100`,
          headers: bearer(host.token),
        })
      )
        .json()
        .data.filter((e: { status: string }) => e.status !== "cancelled")
        .map((e: { scheduledFor: string }) => e.scheduledFor)
        .sort();
    // An hour before 9:00 New York each week, across the clock change.
    expect(await due()).toEqual([
      "2026-10-29T12:00:00.000Z",
      "2026-11-05T13:00:00.000Z",
      "2026-11-12T13:00:00.000Z",
    ]);
    const { uid, manageToken } = made.booking;
    const cancelled = await post(`/api/bookings/public/${uid}/cancel`, {
      token: manageToken,
      reason: "Changed plans",
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await due()).toEqual(["2026-11-05T13:00:00.000Z", "2026-11-12T13:00:00.000Z"]);
  });
});
