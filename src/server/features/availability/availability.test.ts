import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AvailabilitySchedule,
  DAY_CODES,
  defaultWeek,
  WEEKDAYS,
} from "../../../contract/availability.js";
import { apiCaller, bearer, createTestApp, signUp, type TestApp } from "../../testing/app.js";
import { dbKinds } from "../../testing/database.js";

describe.each(dbKinds)("availability schedules on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const call = apiCaller(() => t.app);
  const list = async (token: string): Promise<AvailabilitySchedule[]> =>
    (await call(token, "GET", "/availability")).body.data;

  it("gives a new host 'Working hours (default)' in the zone reported at sign-up", async () => {
    const { token } = await signUp(t.app, { timezone: "America/New_York" });
    const schedules = await list(token);
    expect(schedules).toHaveLength(1);
    const s = schedules[0];
    expect(s).toMatchObject({
      name: "Working hours (default)",
      timezone: "America/New_York",
      isDefault: true,
      bufferTimeBefore: 0,
      bufferTimeAfter: 0,
      minimumNotice: 0,
      maximumNotice: 60,
      dateOverrides: [],
      eventTypeCount: 0,
    });
    expect(s.schedule.map((d) => d.day)).toEqual([...WEEKDAYS]);
    expect(s.schedule.map((d) => d.dayCode)).toEqual([...DAY_CODES]);
    expect(s.schedule.map((d) => d.isAvailable)).toEqual([false, true, true, true, true, true, false]);
    expect(s.schedule[1].timeSlots).toEqual([{ startTime: "9:00am", endTime: "5:00pm" }]);
    expect(s.schedule[0].timeSlots).toEqual([]);
  });

  it("falls back to Asia/Kolkata when sign-up reported no zone, or one the slot engine cannot use", async () => {
    const { token } = await signUp(t.app);
    expect((await list(token))[0].timezone).toBe("Asia/Kolkata");
    const offset = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: {
        name: "Offset",
        email: `offset-${Date.now()}@example.com`,
        password: "secret-pw",
        timezone: "+05:30",
      },
    });
    // Sign-up may or may not take a fixed offset (it depends on the runtime's Intl); the schedule never does.
    if (offset.statusCode === 201) expect((await list(offset.json().token))[0].timezone).toBe("Asia/Kolkata");
    else expect(offset.statusCode).toBe(400);
  });

  it("creates, reads, renames and deletes a schedule", async () => {
    const { token } = await signUp(t.app, { timezone: "Europe/Berlin" });
    const created = await call(token, "POST", "/availability", { name: "Evenings" });
    expect(created.status).toBe(201);
    const s: AvailabilitySchedule = created.body.data;
    // Defaults: the host's zone, the standard week, not the default schedule.
    expect(s).toMatchObject({
      name: "Evenings",
      timezone: "Europe/Berlin",
      isDefault: false,
      maximumNotice: 60,
    });
    expect(s.schedule).toEqual(defaultWeek());

    const got = await call(token, "GET", `/availability/${s._id}`);
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(s);

    const renamed = await call(token, "PUT", `/availability/${s._id}`, { name: "Late shift" });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.name).toBe("Late shift");
    expect((await list(token)).map((x) => x.name)).toEqual(["Working hours (default)", "Late shift"]);

    const deleted = await call(token, "DELETE", `/availability/${s._id}`);
    expect(deleted).toMatchObject({ status: 200, body: { success: true } });
    expect((await call(token, "GET", `/availability/${s._id}`)).status).toBe(404);
    expect(await list(token)).toHaveLength(1);
  });

  it("creates a schedule with every field given", async () => {
    const { token } = await signUp(t.app);
    const week = defaultWeek().map((d) =>
      d.day === "saturday"
        ? { ...d, isAvailable: true, timeSlots: [{ startTime: "10:00AM", endTime: "02:00pm" }] }
        : d,
    );
    const res = await call(token, "POST", "/availability", {
      name: "Weekend too",
      timezone: "Australia/Sydney",
      schedule: week,
      dateOverrides: [{ date: "2026-12-24", isAvailable: false, reason: "Christmas Eve" }],
      bufferTimeBefore: 10,
      bufferTimeAfter: 15,
      minimumNotice: 240,
      maximumNotice: 90,
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      timezone: "Australia/Sydney",
      bufferTimeBefore: 10,
      bufferTimeAfter: 15,
      minimumNotice: 240,
      maximumNotice: 90,
      dateOverrides: [{ date: "2026-12-24", isAvailable: false, reason: "Christmas Eve", timeSlots: [] }],
    });
    // Labels come back in the canonical form.
    expect(res.body.data.schedule[6].timeSlots).toEqual([{ startTime: "10:00am", endTime: "2:00pm" }]);
  });

  it("updates only the fields sent", async () => {
    const { token } = await signUp(t.app);
    const [s] = await list(token);
    const res = await call(token, "PUT", `/availability/${s._id}`, {
      bufferTimeAfter: 15,
      maximumNotice: 30,
    });
    expect(res.status).toBe(200);
    const updated: AvailabilitySchedule = res.body.data;
    expect(updated).toMatchObject({ bufferTimeAfter: 15, maximumNotice: 30, bufferTimeBefore: 0 });
    expect(updated.name).toBe(s.name);
    expect(updated.timezone).toBe(s.timezone);
    expect(updated.schedule).toEqual(s.schedule);
    expect(updated.isDefault).toBe(true);

    // The editor sends the whole week; turning a day off clears its slots.
    const week = s.schedule.map((d) =>
      d.day === "monday"
        ? {
            ...d,
            timeSlots: [
              { startTime: "8:00am", endTime: "12:00pm" },
              { startTime: "1:00pm", endTime: "12:00am" },
            ],
          }
        : d.day === "friday"
          ? { ...d, isAvailable: false }
          : d,
    );
    const res2 = await call(token, "PUT", `/availability/${s._id}`, {
      schedule: week,
      timezone: "Asia/Kathmandu",
    });
    expect(res2.status).toBe(200);
    expect(res2.body.data.timezone).toBe("Asia/Kathmandu");
    expect(res2.body.data.schedule[1].timeSlots).toEqual([
      { startTime: "8:00am", endTime: "12:00pm" },
      { startTime: "1:00pm", endTime: "12:00am" },
    ]);
    expect(res2.body.data.schedule[5]).toEqual({
      day: "friday",
      dayCode: "F",
      isAvailable: false,
      timeSlots: [],
    });
    expect(res2.body.data.bufferTimeAfter).toBe(15);
  });

  it("accepts the schedule it answered with (the editor echoes it back)", async () => {
    const { token } = await signUp(t.app);
    const [s] = await list(token);
    const res = await call(token, "PUT", `/availability/${s._id}`, { ...s, name: "Office hours" });
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe("Office hours");
    expect(res.body.data.isDefault).toBe(true);
  });

  it("refuses invalid updates with field paths and changes nothing", async () => {
    const { token } = await signUp(t.app);
    const [before] = await list(token);
    const week = structuredClone(before.schedule);
    week[1].timeSlots = [
      { startTime: "9:00am", endTime: "12:00pm" },
      { startTime: "11:00am", endTime: "1:00pm" },
    ];
    week[2].timeSlots = [{ startTime: "5:00pm", endTime: "9:00am" }];
    week[3].timeSlots = [{ startTime: "25:00", endTime: "5:00pm" }];
    const res = await call(token, "PUT", `/availability/${before._id}`, {
      name: "Should not stick",
      timezone: "Mars/Olympus",
      schedule: week,
      bufferTimeBefore: -5,
      maximumNotice: 0,
      dateOverrides: [
        { date: "2026-05-01", isAvailable: false },
        { date: "2026-05-01", isAvailable: true, timeSlots: [{ startTime: "9:00am", endTime: "10:00am" }] },
        { date: "2026-02-30", isAvailable: false },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.errors).toMatchObject({
      timezone: expect.stringMatching(/timezone/i),
      "schedule.1.timeSlots.1.startTime": "Time slots overlap",
      "schedule.2.timeSlots.0.endTime": "End time must be after start time",
      "schedule.3.timeSlots.0.startTime": expect.any(String),
      bufferTimeBefore: "Buffer cannot be negative",
      maximumNotice: expect.any(String),
      "dateOverrides.1.date": "This date already has an override",
      "dateOverrides.2.date": expect.any(String),
    });
    const [after] = await list(token);
    expect(after).toEqual(before);
  });

  it("refuses a week without all seven days, or with a day twice", async () => {
    const { token } = await signUp(t.app);
    const [s] = await list(token);
    const short = await call(token, "PUT", `/availability/${s._id}`, { schedule: s.schedule.slice(0, 6) });
    expect(short.status).toBe(400);
    expect(Object.keys(short.body.errors)).toEqual(["schedule"]);
    const twice = s.schedule.map((d, i) => (i === 6 ? { ...s.schedule[0] } : d));
    const dup = await call(token, "PUT", `/availability/${s._id}`, { schedule: twice });
    expect(dup.status).toBe(400);
    expect(dup.body.errors["schedule.6.day"]).toBe("Each weekday appears once");
    const unknownField = await call(token, "PUT", `/availability/${s._id}`, { bufferTime: 5 });
    expect(unknownField.status).toBe(400);
  });

  it("requires a name to create, and validates the rest", async () => {
    const { token } = await signUp(t.app);
    const res = await call(token, "POST", "/availability", { name: "  ", minimumNotice: 1.5 });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(["minimumNotice", "name"]);
    expect(await list(token)).toHaveLength(1);
  });

  it("set-default leaves exactly one default", async () => {
    const { token } = await signUp(t.app);
    const [original] = await list(token);
    const other: AvailabilitySchedule = (await call(token, "POST", "/availability", { name: "Second" })).body
      .data;
    const res = await call(token, "PUT", `/availability/${other._id}/set-default`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: other._id, isDefault: true });
    const after = await list(token);
    expect(after.filter((s) => s.isDefault).map((s) => s._id)).toEqual([other._id]);
    // Listed default first.
    expect(after[0]._id).toBe(other._id);
    // Setting it again is harmless.
    expect((await call(token, "PUT", `/availability/${other._id}/set-default`)).status).toBe(200);
    // Creating one with isDefault moves the flag again.
    const third = (await call(token, "POST", "/availability", { name: "Third", isDefault: true })).body.data;
    const flags = (await list(token)).map((s) => [s._id, s.isDefault]);
    expect(flags).toEqual(
      expect.arrayContaining([
        [third._id, true],
        [other._id, false],
        [original._id, false],
      ]),
    );
  });

  it("keeps one default when set-default calls race", async () => {
    const { token } = await signUp(t.app);
    const ids: string[] = [];
    for (const name of ["A", "B", "C", "D"]) {
      ids.push((await call(token, "POST", "/availability", { name })).body.data._id);
    }
    const results = await Promise.all(ids.map((id) => call(token, "PUT", `/availability/${id}/set-default`)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect((await list(token)).filter((s) => s.isDefault)).toHaveLength(1);
  });

  it("refuses to delete the default schedule", async () => {
    const { token } = await signUp(t.app);
    const [s] = await list(token);
    const res = await call(token, "DELETE", `/availability/${s._id}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      "The default schedule cannot be deleted. Make another schedule the default first.",
    );
    expect(await list(token)).toHaveLength(1);
  });

  it("adds a date override and replaces it when the same date is posted again", async () => {
    const { token } = await signUp(t.app);
    const [s] = await list(token);
    const first = await call(token, "POST", `/availability/${s._id}/date-override`, {
      date: "2026-08-14",
      isAvailable: true,
      reason: "Short day",
      timeSlots: [{ startTime: "9:00am", endTime: "1:00pm" }],
    });
    expect(first.status).toBe(201);
    expect(first.body.data.dateOverrides).toEqual([
      {
        _id: expect.any(String),
        date: "2026-08-14",
        isAvailable: true,
        reason: "Short day",
        timeSlots: [{ startTime: "9:00am", endTime: "1:00pm" }],
      },
    ]);
    const overrideId = first.body.data.dateOverrides[0]._id;

    const replaced = await call(token, "POST", `/availability/${s._id}/date-override`, {
      date: "2026-08-14",
      isAvailable: false,
      reason: "Travelling",
      timeSlots: [{ startTime: "9:00am", endTime: "1:00pm" }],
    });
    expect(replaced.status).toBe(201);
    expect(replaced.body.data.dateOverrides).toEqual([
      { _id: overrideId, date: "2026-08-14", isAvailable: false, reason: "Travelling", timeSlots: [] },
    ]);

    await call(token, "POST", `/availability/${s._id}/date-override`, {
      date: "2026-08-01",
      isAvailable: false,
    });
    const got = (await call(token, "GET", `/availability/${s._id}`)).body.data as AvailabilitySchedule;
    expect(got.dateOverrides.map((o) => o.date)).toEqual(["2026-08-01", "2026-08-14"]);

    const removed = await call(token, "DELETE", `/availability/${s._id}/date-override/${overrideId}`);
    expect(removed.status).toBe(200);
    expect(removed.body.data.dateOverrides.map((o: { date: string }) => o.date)).toEqual(["2026-08-01"]);
  });

  it("validates date overrides", async () => {
    const { token } = await signUp(t.app);
    const [s] = await list(token);
    const noSlots = await call(token, "POST", `/availability/${s._id}/date-override`, {
      date: "2026-08-14",
      isAvailable: true,
      timeSlots: [],
    });
    expect(noSlots.status).toBe(400);
    expect(Object.keys(noSlots.body.errors)).toEqual(["timeSlots"]);
    const inverted = await call(token, "POST", `/availability/${s._id}/date-override`, {
      date: "2026-08-14",
      isAvailable: true,
      timeSlots: [{ startTime: "3:00pm", endTime: "3:00pm" }],
    });
    expect(inverted.body.errors).toEqual({ "timeSlots.0.endTime": "End time must be after start time" });
    const noDate = await call(token, "POST", `/availability/${s._id}/date-override`, { isAvailable: false });
    expect(noDate.status).toBe(400);
    expect(Object.keys(noDate.body.errors)).toEqual(["date"]);
    expect((await list(token))[0].dateOverrides).toEqual([]);
  });

  it("replaces all overrides through PUT, keeping ids of dates that stay", async () => {
    const { token } = await signUp(t.app);
    const [s] = await list(token);
    const add = (date: string) =>
      call(token, "POST", `/availability/${s._id}/date-override`, { date, isAvailable: false });
    await add("2026-09-01");
    const kept = (await add("2026-09-02")).body.data.dateOverrides[1];
    const res = await call(token, "PUT", `/availability/${s._id}`, {
      dateOverrides: [
        { ...kept, reason: "Dentist" },
        { date: "2026-09-03", isAvailable: true, timeSlots: [{ startTime: "2:00pm", endTime: "4:00pm" }] },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.dateOverrides).toEqual([
      { _id: kept._id, date: "2026-09-02", isAvailable: false, reason: "Dentist", timeSlots: [] },
      {
        _id: expect.any(String),
        date: "2026-09-03",
        isAvailable: true,
        reason: null,
        timeSlots: [{ startTime: "2:00pm", endTime: "4:00pm" }],
      },
    ]);
    const cleared = await call(token, "PUT", `/availability/${s._id}`, { dateOverrides: [] });
    expect(cleared.body.data.dateOverrides).toEqual([]);
  });

  it("refuses fixed offsets and unknown zones, accepts IANA names", async () => {
    const { token } = await signUp(t.app);
    const [s] = await list(token);
    for (const timezone of ["+05:30", "Asia/Nowhere", ""]) {
      const res = await call(token, "PUT", `/availability/${s._id}`, { timezone });
      expect(res.status, timezone).toBe(400);
      expect(res.body.errors).toEqual({ timezone: "Unknown timezone" });
    }
    expect((await call(token, "PUT", `/availability/${s._id}`, { timezone: "UTC" })).body.data.timezone).toBe(
      "UTC",
    );
  });

  it("counts the event types using each schedule and refuses to delete one in use", async () => {
    const { token } = await signUp(t.app);
    const [dflt] = await list(token);
    const other: AvailabilitySchedule = (await call(token, "POST", "/availability", { name: "Other" })).body
      .data;
    const spare: AvailabilitySchedule = (await call(token, "POST", "/availability", { name: "Spare" })).body
      .data;
    const made = await call(token, "POST", "/event-types", {
      title: "Pinned",
      availabilityScheduleId: other._id,
    });
    expect(made.status).toBe(201);
    // No schedule named: it follows the default.
    await call(token, "POST", "/event-types", { title: "Follows default" });
    await call(token, "POST", "/event-types", { title: "Also default" });

    const counts = Object.fromEntries((await list(token)).map((s) => [s._id, s.eventTypeCount]));
    expect(counts).toEqual({ [dflt._id]: 2, [other._id]: 1, [spare._id]: 0 });
    expect((await call(token, "GET", `/availability/${other._id}`)).body.data.eventTypeCount).toBe(1);
    expect((await call(token, "GET", `/availability/${dflt._id}`)).body.data.eventTypeCount).toBe(2);

    const refused = await call(token, "DELETE", `/availability/${other._id}`);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errorCode: "SCHEDULE_IN_USE" });
    expect(refused.body.message).toBe(
      "This schedule is used by 1 event type. Move it to another schedule first.",
    );
    expect((await call(token, "GET", `/availability/${other._id}`)).status).toBe(200);
    expect((await call(token, "DELETE", `/availability/${spare._id}`)).status).toBe(200);
  });

  it("new schedules take the host-wide buffer and minimum notice from calendar settings", async () => {
    const { token } = await signUp(t.app);
    await call(token, "PUT", "/calendar-settings", { bufferTime: 10, minimumNotice: 60 });
    const s = (await call(token, "POST", "/availability", { name: "Seeded" })).body.data;
    expect(s).toMatchObject({ bufferTimeBefore: 10, bufferTimeAfter: 10, minimumNotice: 60 });
    const explicit = (await call(token, "POST", "/availability", { name: "Own", bufferTimeBefore: 0 })).body
      .data;
    expect(explicit).toMatchObject({ bufferTimeBefore: 0, bufferTimeAfter: 10 });
  });

  it("answers bad ids with 400 and unknown ids with 404", async () => {
    const { token } = await signUp(t.app);
    for (const [method, url] of [
      ["GET", "/availability/not-a-uuid"],
      ["PUT", "/availability/123/set-default"],
      ["DELETE", "/availability/%27%3B--"],
    ] as const) {
      const res = await call(token, method, url);
      expect(res.status, url).toBe(400);
      expect(res.body.success).toBe(false);
    }
    const missing = await call(token, "GET", "/availability/00000000-0000-4000-8000-000000000000");
    expect(missing).toMatchObject({ status: 404, body: { success: false, message: "Schedule not found" } });
  });

  it("requires a session on every route", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    for (const [method, url] of [
      ["GET", "/api/availability"],
      ["POST", "/api/availability"],
      ["GET", `/api/availability/${id}`],
      ["PUT", `/api/availability/${id}`],
      ["DELETE", `/api/availability/${id}`],
      ["PUT", `/api/availability/${id}/set-default`],
      ["POST", `/api/availability/${id}/date-override`],
    ] as const) {
      // Bodies are invalid on purpose: the session is checked first.
      const res = await t.app.inject({ method, url, payload: method === "GET" ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe.each(dbKinds)("availability isolation between hosts on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it("answers 404 to another host on every :id route and changes nothing", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const get = (token: string, url: string) =>
      t.app.inject({ method: "GET", url: `/api${url}`, headers: bearer(token) }).then((r) => r.json());
    const extra = (
      await t.app.inject({
        method: "POST",
        url: "/api/availability",
        headers: bearer(a.token),
        payload: {
          name: "Private",
          dateOverrides: [{ date: "2026-10-10", isAvailable: false, reason: "secret" }],
        },
      })
    ).json().data as AvailabilitySchedule;
    const before = (await get(a.token, "/availability")).data;
    const id = extra._id;
    const overrideId = extra.dateOverrides[0]._id;

    const attempts = [
      { method: "GET", url: `/availability/${id}` },
      { method: "PUT", url: `/availability/${id}`, payload: { name: "Hijacked" } },
      { method: "DELETE", url: `/availability/${id}` },
      { method: "PUT", url: `/availability/${id}/set-default` },
      {
        method: "POST",
        url: `/availability/${id}/date-override`,
        payload: { date: "2026-10-11", isAvailable: false },
      },
      { method: "DELETE", url: `/availability/${id}/date-override/${overrideId}` },
    ] as const;
    for (const { method, url, ...rest } of attempts) {
      const res = await t.app.inject({ method, url: `/api${url}`, headers: bearer(b.token), ...rest });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ success: false, errorCode: "NOT_FOUND" });
    }
    // B's own default cannot take A's override either.
    const bSchedule = (await get(b.token, "/availability")).data[0] as AvailabilitySchedule;
    const cross = await t.app.inject({
      method: "DELETE",
      url: `/api/availability/${bSchedule._id}/date-override/${overrideId}`,
      headers: bearer(b.token),
    });
    expect(cross.statusCode).toBe(404);

    expect((await get(a.token, "/availability")).data).toEqual(before);
    const bList = (await get(b.token, "/availability")).data as AvailabilitySchedule[];
    expect(bList.map((s) => s._id)).toEqual([bSchedule._id]);
    expect(JSON.stringify(bList)).not.toContain("secret");
  });
});
