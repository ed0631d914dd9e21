import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCaller, createTestApp, type TestApp } from "../../testing/app.js";
import { eventType, type Host, hostIn } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";
import { type RadicaleServer, startRadicale } from "../../testing/radicale.js";

// Monday 2027-03-01, before both DST changes: New York moves on 2027-03-14, London on 2027-03-28.
const NOW = new Date("2027-03-01T08:00:00Z");
const CRLF = "\r\n";
const vcalendar = (...lines: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", ...lines, "END:VCALENDAR", ""].join(CRLF);

/** 10:00-11:00 New York time every Monday: 15:00 London before 2027-03-14, 14:00 London after. */
const weeklyNewYork = vcalendar(
  "BEGIN:VEVENT",
  "UID:weekly-ny",
  "DTSTAMP:20270101T000000Z",
  "DTSTART;TZID=America/New_York:20270301T100000",
  "DTEND;TZID=America/New_York:20270301T110000",
  "RRULE:FREQ=WEEKLY;BYDAY=MO",
  "SUMMARY:Weekly sync",
  "END:VEVENT",
);
/** Tuesday 2027-03-16 08:00 in Los Angeles (PDT since the 14th, -7): 15:00 UTC and London. */
const laTuesday = vcalendar(
  "BEGIN:VEVENT",
  "UID:la-tuesday",
  "DTSTAMP:20270101T000000Z",
  "DTSTART;TZID=America/Los_Angeles:20270316T080000",
  "DTEND;TZID=America/Los_Angeles:20270316T090000",
  "SUMMARY:Call with LA",
  "END:VEVENT",
);
const allDayWednesday = vcalendar(
  "BEGIN:VEVENT",
  "UID:offsite",
  "DTSTAMP:20270101T000000Z",
  "DTSTART;VALUE=DATE:20270317",
  "DTEND;VALUE=DATE:20270318",
  "SUMMARY:Offsite",
  "END:VEVENT",
);
/** Free time: a transparent event blocks nothing. */
const transparentThursday = vcalendar(
  "BEGIN:VEVENT",
  "UID:focus",
  "DTSTAMP:20270101T000000Z",
  "DTSTART:20270318T100000Z",
  "DTEND:20270318T120000Z",
  "TRANSP:TRANSPARENT",
  "SUMMARY:Focus (free)",
  "END:VEVENT",
);

describe.each(dbKinds)("CalDAV calendars on %s", (kind) => {
  let t: TestApp;
  let radicale: RadicaleServer;
  let calendarUrl: string;
  let host: Host;
  let et: { _id: string };

  beforeAll(async () => {
    radicale = await startRadicale();
    calendarUrl = await radicale.makeCalendar("work", "Work");
    await radicale.makeCalendar("birthdays", "Birthdays");
    await radicale.put(calendarUrl, "weekly.ics", weeklyNewYork);
    await radicale.put(calendarUrl, "la.ics", laTuesday);
    await radicale.put(calendarUrl, "offsite.ics", allDayWednesday);
    await radicale.put(calendarUrl, "focus.ics", transparentThursday);
    t = await createTestApp(kind, {
      now: () => NOW,
      // Radicale listens on loopback: a self-hoster's setting (CI's Radicale tests run with it).
      config: { allowPrivateTargets: true },
      calendars: {
        caldavTimeoutMs: 3000,
        // Every lookup asks the server again, so each setting's effect shows at once. The timeout is
        // generous: on a loaded machine a late answer would stand in last known busy times.
        busyOptions: { ttlMs: 0, timeoutMs: 4000, sourcesTtlMs: 0 },
      },
    });
    host = await hostIn(t.app, "Europe/London");
    et = await eventType(t.app, host, {
      bookingSettings: { leadHours: 0, noticeUnit: "minutes", daysAhead: 60, unit: "days", mode: "rolling" },
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await radicale?.close();
  });

  const call = apiCaller(() => t.app);
  const slotTimes = async (date: string) => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/bookings/availability/${et._id}?date=${date}&timezone=Europe/London`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { startTime: string }[]).map((s) => s.startTime);
  };
  const connect = (token: string, body: object) => call(token, "POST", "/calendar-accounts/caldav", body);

  it("refuses what is not a CalDAV server, wrong credentials and bad addresses, saving nothing", async () => {
    const plain = http.createServer((_req, res) => res.end("<html>hello</html>"));
    await new Promise<void>((resolve) => plain.listen(0, "127.0.0.1", resolve));
    const port = (plain.address() as { port: number }).port;
    try {
      const notDav = await connect(host.token, {
        serverUrl: `http://127.0.0.1:${port}/`,
        username: radicale.username,
        password: radicale.password,
      });
      expect(notDav.status).toBe(400);
      expect(notDav.body.errors.serverUrl).toMatch(/not a CalDAV server/);
    } finally {
      plain.close();
    }
    const wrong = await connect(host.token, {
      serverUrl: radicale.url,
      username: radicale.username,
      password: "nope",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      errorCode: "CALDAV_AUTH_FAILED",
      errors: { password: expect.any(String) },
    });
    const bad = await connect(host.token, { serverUrl: "ftp://example.com", username: "", password: "" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["password", "serverUrl", "username"]);
    expect((await call(host.token, "GET", "/calendar-accounts")).body.data).toEqual([]);
  });

  it("connects, lists the calendars, and never shows or stores the password in the clear", async () => {
    const res = await connect(host.token, {
      serverUrl: radicale.url,
      username: radicale.username,
      password: radicale.password,
    });
    expect(res.status, res.raw).toBe(201);
    expect(res.body.data).toMatchObject({
      provider: "caldav",
      email: radicale.username,
      isActive: true,
      isPrimary: true,
      tokenExpiry: null,
    });
    const names = res.body.data.calendars.map((c: { name: string }) => c.name).sort();
    expect(names).toEqual(["Birthdays", "Work"]);
    expect(
      res.body.data.calendars.filter((c: { receivesBookings: boolean }) => c.receivesBookings),
    ).toHaveLength(1);
    expect(res.raw).not.toContain(radicale.password);
    const list = await call(host.token, "GET", "/calendar-accounts");
    expect(list.raw).not.toContain(radicale.password);
    const stored = await t.database.db.execute("select secret from calendar_accounts");
    const rows =
      (stored as unknown as { rows?: { secret: string }[] }).rows ??
      (stored as unknown as { secret: string }[]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.secret).toMatch(/^v1\./);
    expect(rows[0]?.secret).not.toContain(radicale.password);
  });

  it("blocks slots with a weekly event in New York across its DST change, and another zone's event", async () => {
    const monday = await slotTimes("2027-03-08");
    expect(monday).toContain("2:30pm");
    expect(monday).not.toContain("3:00pm");
    expect(monday).not.toContain("3:30pm");
    expect(monday).toContain("4:00pm");
    // New York is on EDT from the 14th, London not yet: the same 10:00 is 14:00 in London.
    const nextMonday = await slotTimes("2027-03-15");
    expect(nextMonday).not.toContain("2:00pm");
    expect(nextMonday).not.toContain("2:30pm");
    expect(nextMonday).toContain("3:00pm");
    const tuesday = await slotTimes("2027-03-16");
    expect(tuesday).not.toContain("3:00pm");
    expect(tuesday).not.toContain("3:30pm");
    expect(tuesday).toContain("4:00pm");
    // A transparent event leaves the time free.
    expect(await slotTimes("2027-03-18")).toHaveLength(16);
  });

  it("treats all-day events as busy unless the calendar says otherwise", async () => {
    expect(await slotTimes("2027-03-17")).toEqual([]);
    const account = (await call(host.token, "GET", "/calendar-accounts")).body.data[0];
    const work = account.calendars.find((c: { name: string }) => c.name === "Work");
    const off = await call(host.token, "PUT", `/calendar-accounts/${account._id}/calendars/${work._id}`, {
      allDayBusy: false,
    });
    expect(off.status).toBe(200);
    expect(await slotTimes("2027-03-17")).toHaveLength(16);
    await call(host.token, "PUT", `/calendar-accounts/${account._id}/calendars/${work._id}`, {
      allDayBusy: true,
    });
    expect(await slotTimes("2027-03-17")).toEqual([]);
  });

  it("changes one setting of a calendar at a time, keeps it, and refuses an empty change", async () => {
    const account = (await call(host.token, "GET", "/calendar-accounts")).body.data[0];
    const url = (id: string) => `/calendar-accounts/${account._id}/calendars/${id}`;
    const byName = (data: typeof account, name: string) =>
      data.calendars.find((c: { name: string }) => c.name === name);
    const birthdays = byName(account, "Birthdays");
    const work = byName(account, "Work");
    // The body Calendar Settings sends when the host picks the calendar that receives bookings.
    const moved = await call(host.token, "PUT", url(birthdays._id), { receivesBookings: true });
    expect(moved.status, moved.raw).toBe(200);
    expect(byName(moved.body.data, "Birthdays").receivesBookings).toBe(true);
    expect(byName(moved.body.data, "Work").receivesBookings).toBe(false);
    for (const [field, value] of [
      ["checkConflicts", false],
      ["allDayBusy", false],
      ["checkConflicts", true],
      ["allDayBusy", true],
    ] as const) {
      const res = await call(host.token, "PUT", url(birthdays._id), { [field]: value });
      expect(res.status, `${field} ${res.raw}`).toBe(200);
      expect(byName(res.body.data, "Birthdays")[field]).toBe(value);
    }
    const kept = (await call(host.token, "GET", "/calendar-accounts")).body.data[0];
    expect(byName(kept, "Birthdays")).toMatchObject({ receivesBookings: true, checkConflicts: true });
    const empty = await call(host.token, "PUT", url(work._id), {});
    expect(empty.status, empty.raw).toBe(400);
    expect(empty.body.errorCode).toBe("VALIDATION_ERROR");
    expect(empty.body.message).toMatch(/Choose a setting to change/);
    const back = await call(host.token, "PUT", url(work._id), { receivesBookings: true });
    expect(back.status, back.raw).toBe(200);
  });

  it("lets the sync setting and each calendar's check turn busy times off", async () => {
    await call(host.token, "PUT", "/calendar-settings/sync", { checkForConflicts: false });
    expect(await slotTimes("2027-03-08")).toContain("3:00pm");
    await call(host.token, "PUT", "/calendar-settings/sync", { checkForConflicts: true });
    expect(await slotTimes("2027-03-08")).not.toContain("3:00pm");
    const account = (await call(host.token, "GET", "/calendar-accounts")).body.data[0];
    const work = account.calendars.find((c: { name: string }) => c.name === "Work");
    await call(host.token, "PUT", `/calendar-accounts/${account._id}/calendars/${work._id}`, {
      checkConflicts: false,
    });
    expect(await slotTimes("2027-03-08")).toContain("3:00pm");
    await call(host.token, "PUT", `/calendar-accounts/${account._id}/calendars/${work._id}`, {
      checkConflicts: true,
    });
    expect(await slotTimes("2027-03-08")).not.toContain("3:00pm");
  });

  it("answers from the last known busy times when the server hangs, and says so", async () => {
    expect(await slotTimes("2027-03-08")).not.toContain("3:00pm");
    radicale.pause();
    try {
      const started = Date.now();
      const res = await t.app.inject({
        method: "GET",
        url: `/api/bookings/availability/${et._id}?date=2027-03-08&timezone=Europe/London`,
      });
      expect(Date.now() - started).toBeLessThan(8000);
      expect(res.statusCode).toBe(200);
      expect(res.json().busyTimesStale).toBe(true);
      expect(res.json().data.map((s: { startTime: string }) => s.startTime)).not.toContain("3:00pm");
    } finally {
      radicale.resume();
    }
  });

  it("keeps accounts to their host: another host can neither list nor touch them", async () => {
    const other = await hostIn(t.app, "Europe/London");
    const account = (await call(host.token, "GET", "/calendar-accounts")).body.data[0];
    const calendar = account.calendars[0];
    expect((await call(other.token, "GET", "/calendar-accounts")).body.data).toEqual([]);
    for (const [method, url, body] of [
      ["PUT", `/calendar-accounts/${account._id}/set-primary`, undefined],
      ["PUT", `/calendar-accounts/${account._id}/calendars/${calendar._id}`, { checkConflicts: false }],
      ["POST", `/calendar-accounts/${account._id}/refresh`, undefined],
      ["DELETE", `/calendar-accounts/${account._id}`, undefined],
    ] as const) {
      expect((await call(other.token, method, url, body)).status, `${method} ${url}`).toBe(404);
    }
    for (const url of ["/api/calendar-accounts", `/api/calendar-accounts/${account._id}`]) {
      const res = await t.app.inject({ method: url.endsWith("accounts") ? "GET" : "DELETE", url });
      expect(res.statusCode).toBe(401);
    }
    expect((await call(host.token, "GET", "/calendar-accounts")).body.data).toHaveLength(1);
  });

  it("disconnects: the calendar stops blocking slots", async () => {
    const account = (await call(host.token, "GET", "/calendar-accounts")).body.data[0];
    expect((await call(host.token, "DELETE", `/calendar-accounts/${account._id}`)).status).toBe(200);
    expect((await call(host.token, "GET", "/calendar-accounts")).body.data).toEqual([]);
    expect(await slotTimes("2027-03-08")).toContain("3:00pm");
  });
});
