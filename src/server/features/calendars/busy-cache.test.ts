import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { bearer, createTestApp, type TestApp } from "../../testing/app.js";
import { attendee, eventType, type Host, hostIn } from "../../testing/booking-fixtures.js";
import { createTestDatabase, dbKinds } from "../../testing/database.js";
import { type RadicaleServer, startRadicale } from "../../testing/radicale.js";

const START = new Date("2027-03-01T08:00:00Z");
const secretsKey = randomBytes(32).toString("hex");
const CRLF = "\r\n";
const event = (uid: string, start: string, end: string) =>
  [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//test//EN",
    "BEGIN:VEVENT",
    `UID:${uid}`,
    "DTSTAMP:20270101T000000Z",
    `DTSTART:${start}`,
    `DTEND:${end}`,
    "SUMMARY:Busy",
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join(CRLF);

/**
 * The usual host: one CalDAV calendar that both blocks slots and receives bookings. Busy times are
 * kept in the database, marked stale (not forgotten) by our own writes, and answer lookups during an
 * outage, across a restart and on every instance sharing the database.
 */
describe.each(dbKinds)("last known busy times on %s", (kind) => {
  let database: Database;
  let radicale: RadicaleServer;
  let host: Host;
  let et: { _id: string };
  const apps: TestApp[] = [];
  let clock = START;

  /** An instance of the app on the shared database; busy times stay fresh for a minute (the default). */
  const instance = async () => {
    const t = await createTestApp(kind, {
      database,
      now: () => clock,
      // One key for every instance, as servers sharing a database share SECRETS_KEY.
      config: { allowPrivateTargets: true, secretsKey },
      calendars: { caldavTimeoutMs: 3000, busyOptions: { timeoutMs: 1500, sourcesTtlMs: 0 } },
    });
    apps.push(t);
    return t;
  };
  const slotTimes = async (t: TestApp, date: string) => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/bookings/availability/${et._id}?date=${date}&timezone=UTC`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return {
      stale: res.json().busyTimesStale === true,
      times: (res.json().data as { startTime: string }[]).map((s) => s.startTime),
    };
  };

  beforeAll(async () => {
    radicale = await startRadicale();
    const calendarUrl = await radicale.makeCalendar("work", "Work");
    // Monday 2027-03-08 15:00-16:00 UTC and Tuesday 2027-03-09 11:00-12:00 UTC.
    await radicale.put(calendarUrl, "monday.ics", event("monday", "20270308T150000Z", "20270308T160000Z"));
    await radicale.put(calendarUrl, "tuesday.ics", event("tuesday", "20270309T110000Z", "20270309T120000Z"));
    database = await createTestDatabase(kind);
    const t = await instance();
    host = await hostIn(t.app, "UTC");
    et = await eventType(t.app, host);
    const connected = await t.app.inject({
      method: "POST",
      url: "/api/calendar-accounts/caldav",
      headers: bearer(host.token),
      payload: { serverUrl: radicale.url, username: radicale.username, password: radicale.password },
    });
    expect(connected.statusCode, connected.body).toBe(201);
    expect(connected.json().data.calendars).toEqual([
      expect.objectContaining({ name: "Work", checkConflicts: true, receivesBookings: true }),
    ]);
  }, 120_000);
  afterAll(async () => {
    radicale?.resume();
    for (const t of apps) await t.close();
    await database?.close();
    await radicale?.close();
  });

  it("keeps the busy times of a calendar we wrote a booking into, and answers from them when it hangs", async () => {
    const t = apps[0] as TestApp;
    const before = await slotTimes(t, "2027-03-08");
    expect(before).toMatchObject({ stale: false });
    expect(before.times).not.toContain("3:00pm");
    expect(before.times).toContain("10:00am");
    const booked = await t.app.inject({
      method: "POST",
      url: "/api/bookings",
      payload: { eventTypeId: et._id, startTime: "2027-03-08T10:00:00.000Z", attendee: attendee() },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    await t.app.jobs.flush();
    const state = await t.app.inject({
      method: "GET",
      url: `/api/calendar-sync?bookingIds=${booked.json().data._id}`,
      headers: bearer(host.token),
    });
    expect(state.json().data[booked.json().data._id].state).toBe("synced");

    radicale.pause();
    try {
      const started = Date.now();
      const during = await slotTimes(t, "2027-03-08");
      expect(Date.now() - started).toBeLessThan(6000);
      // Our write made the calendar's busy times stale: asked again, the server hung, the kept ones answered.
      expect(during.stale).toBe(true);
      expect(during.times).not.toContain("10:00am");
      expect(during.times).not.toContain("3:00pm");
      expect(during.times).not.toContain("3:30pm");
      expect(during.times).toContain("4:00pm");
    } finally {
      radicale.resume();
    }
  });

  it("keeps them across a restart: a new app on the same database answers from them during an outage", async () => {
    await (apps.shift() as TestApp).close();
    // Past their minute of freshness: the new app asks the server, which hangs.
    clock = new Date(START.getTime() + 5 * 60_000);
    const restarted = await instance();
    radicale.pause();
    try {
      const during = await slotTimes(restarted, "2027-03-08");
      expect(during.stale).toBe(true);
      expect(during.times).not.toContain("3:00pm");
      expect(during.times).not.toContain("10:00am");
      expect(during.times).toContain("4:00pm");
    } finally {
      radicale.resume();
    }
  });

  it("shares them between instances on one database: what one fetched, another answers from", async () => {
    const [first] = apps as [TestApp];
    const second = await instance();
    // A month no one asked for yet: the first instance fetches it (the server is up) ...
    const fetched = await slotTimes(first, "2027-03-09");
    expect(fetched).toMatchObject({ stale: false });
    expect(fetched.times).not.toContain("11:00am");
    radicale.pause();
    try {
      // ... and the second one answers from those fresh rows without asking the hung server.
      const started = Date.now();
      const shared = await slotTimes(second, "2027-03-09");
      expect(Date.now() - started).toBeLessThan(1500);
      expect(shared.stale).toBe(false);
      expect(shared.times).not.toContain("11:00am");
      expect(shared.times).toContain("12:00pm");
    } finally {
      radicale.resume();
    }
  });
});
