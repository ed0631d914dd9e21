import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CALENDAR_SETTINGS } from "../../../contract/calendar-settings.js";
import { apiCaller, createTestApp, signUp, type TestApp } from "../../testing/app.js";
import { dbKinds } from "../../testing/database.js";

describe.each(dbKinds)("calendar settings on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const call = apiCaller(() => t.app);

  it("answers the defaults on first read", async () => {
    const { token } = await signUp(t.app);
    const res = await call(token, "GET", "/calendar-settings");
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ...DEFAULT_CALENDAR_SETTINGS, updatedAt: expect.any(String) });
    expect(res.body.data).toMatchObject({
      bufferTime: 0,
      minimumNotice: 0,
      sync: { checkForConflicts: true, addBookingsToCalendar: true, removeCancelledBookings: true },
      notifications: {
        emailOnBooking: true,
        emailOnCancellation: true,
        emailReminders: true,
        reminderMinutes: 1440,
      },
    });
    // A second read finds the same row.
    expect((await call(token, "GET", "/calendar-settings")).body.data).toEqual(res.body.data);
  });

  it("updates buffer and notice, merging sync and notifications field by field", async () => {
    const { token } = await signUp(t.app);
    const res = await call(token, "PUT", "/calendar-settings", {
      bufferTime: 15,
      minimumNotice: 1440,
      notifications: { emailReminders: false },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      bufferTime: 15,
      minimumNotice: 1440,
      notifications: { emailOnBooking: true, emailReminders: false, reminderMinutes: 1440 },
    });
    const sync = await call(token, "PUT", "/calendar-settings/sync", { checkForConflicts: false });
    expect(sync.status).toBe(200);
    expect(sync.body.data.sync).toEqual({
      checkForConflicts: false,
      addBookingsToCalendar: true,
      removeCancelledBookings: true,
    });
    const notes = await call(token, "PUT", "/calendar-settings/notifications", {
      reminderMinutes: 60,
      emailOnCancellation: false,
    });
    expect(notes.body.data).toMatchObject({
      bufferTime: 15,
      sync: { checkForConflicts: false },
      notifications: { emailOnCancellation: false, emailReminders: false, reminderMinutes: 60 },
    });
    // The screen may send back what it got.
    const echo = await call(token, "PUT", "/calendar-settings", notes.body.data);
    expect(echo.status).toBe(200);
    const read = await call(token, "GET", "/calendar-settings");
    expect({ ...read.body.data, updatedAt: null }).toEqual({ ...notes.body.data, updatedAt: null });
  });

  it("refuses values outside the options with field paths, changing nothing", async () => {
    const { token } = await signUp(t.app);
    await call(token, "PUT", "/calendar-settings", { bufferTime: 5 });
    const before = (await call(token, "GET", "/calendar-settings")).body.data;
    const res = await call(token, "PUT", "/calendar-settings", {
      bufferTime: 7,
      minimumNotice: "soon",
      sync: { checkForConflicts: "yes" },
      notifications: { reminderMinutes: 7 },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      bufferTime: "Choose none, 5, 10 or 15 minutes",
      minimumNotice: expect.any(String),
      "sync.checkForConflicts": expect.any(String),
      "notifications.reminderMinutes": "Choose 15, 30, 60, 120 or 1440 minutes",
    });
    expect((await call(token, "PUT", "/calendar-settings/sync", { unknownFlag: true })).status).toBe(400);
    expect((await call(token, "PUT", "/calendar-settings/notifications", { emailOnBooking: 1 })).status).toBe(
      400,
    );
    expect((await call(token, "GET", "/calendar-settings")).body.data).toEqual(before);
  });

  it("keeps each host's settings to themself", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await call(a.token, "PUT", "/calendar-settings", {
      bufferTime: 10,
      sync: { addBookingsToCalendar: false },
    });
    const theirs = (await call(b.token, "GET", "/calendar-settings")).body.data;
    expect(theirs).toMatchObject({ bufferTime: 0, sync: { addBookingsToCalendar: true } });
    await call(b.token, "PUT", "/calendar-settings/notifications", { emailOnBooking: false });
    expect((await call(a.token, "GET", "/calendar-settings")).body.data).toMatchObject({
      bufferTime: 10,
      notifications: { emailOnBooking: true },
    });
  });

  it("requires a session on every route", async () => {
    for (const [method, url] of [
      ["GET", "/api/calendar-settings"],
      ["PUT", "/api/calendar-settings"],
      ["PUT", "/api/calendar-settings/sync"],
      ["PUT", "/api/calendar-settings/notifications"],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        payload: method === "GET" ? undefined : { bufferTime: 99 },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe.each(dbKinds)("calendar settings listeners on %s", (kind) => {
  let t: TestApp;
  /** Hosts whose reminder changes a follower refuses (as when re-planning their reminders fails). */
  const refused = new Set<string>();
  beforeAll(async () => {
    t = await createTestApp(kind, {
      calendarSettingsListeners: [
        async (_tx, change) => {
          if (change.kind === "reminders" && refused.has(change.userId))
            throw new Error("re-planning failed");
        },
      ],
    });
  });
  afterAll(() => t.close());

  const call = apiCaller(() => t.app);

  it("saves a reminder change only together with what follows it: a failing follower changes nothing", async () => {
    const host = await signUp(t.app);
    refused.add(host.userId);
    const failed = await call(host.token, "PUT", "/calendar-settings/notifications", { reminderMinutes: 60 });
    expect(failed.status).toBe(500);
    const after = await call(host.token, "GET", "/calendar-settings");
    expect(after.body.data.notifications.reminderMinutes).toBe(1440);
    // A change that asks nothing of reminders is saved as before.
    const other = await call(host.token, "PUT", "/calendar-settings/notifications", {
      emailOnBooking: false,
    });
    expect(other.status).toBe(200);
    refused.delete(host.userId);
    const ok = await call(host.token, "PUT", "/calendar-settings/notifications", { reminderMinutes: 60 });
    expect(ok.status).toBe(200);
    expect((await call(host.token, "GET", "/calendar-settings")).body.data.notifications).toMatchObject({
      reminderMinutes: 60,
      emailOnBooking: false,
    });
  });
});
