import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { busyFromICalendar } from "../../calendar-providers/ical-busy.js";
import { attendee, bookingSettings, eventType, type Host, hostIn } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";
import { type GoogleCalendarApp, startGoogleCalendarApp } from "../../testing/google-test-app.js";
import { type RadicaleServer, startRadicale } from "../../testing/radicale.js";

// Issue 28 item 3: "this and following" moved, in the host's calendar: the old series' recurring event
// ends earlier (or goes), the new series is one recurring event, and an occurrence that had its own
// event (moved on its own before) is folded into it. (The series' event itself: series-events.test.ts.)
// Tuesdays 10:00 London from 9 March 2027; the clocks go forward on 28 March.
const STARTS = [
  "2027-03-09T10:00:00.000Z",
  "2027-03-16T10:00:00.000Z",
  "2027-03-23T10:00:00.000Z",
  "2027-03-30T09:00:00.000Z",
];
/** Thursdays 10:00 London from 18 March: the 2nd and following moved there. */
const THURSDAYS = ["2027-03-18T10:00:00.000Z", "2027-03-25T10:00:00.000Z", "2027-04-01T09:00:00.000Z"];

describe.each(dbKinds)("'this and following' moved in the host's calendar on %s", (kind) => {
  let g: GoogleCalendarApp;
  let radicale: RadicaleServer;

  beforeAll(async () => {
    radicale = await startRadicale();
    g = await startGoogleCalendarApp(kind, {
      publicUrl: "http://127.0.0.1:3999",
      config: { allowPrivateTargets: true },
      calendars: { busyOptions: { ttlMs: 0, sourcesTtlMs: 0, timeoutMs: 5000 } },
    });
  }, 120_000);
  afterAll(async () => {
    await g?.close();
    await radicale?.close();
  });

  type Occurrence = { uid: string; startTime: string };
  /** A weekly series of 4 booked, its 4th moved on its own to Wednesday, the calendar jobs run. */
  async function bookAndMove(host: Host) {
    const et = await eventType(g.app, host, {
      recurrence: { frequency: "weekly", maxOccurrences: 10 },
      bookingSettings: bookingSettings({ daysAhead: 90 }),
    });
    const made = await g.call(null, "POST", "/bookings/series", {
      eventTypeId: et._id,
      startTime: STARTS[0],
      occurrences: 4,
      attendee: attendee({ timezone: "Europe/London", email: "rae.series@example.com" }),
    });
    expect(made.status, made.raw).toBe(201);
    await g.app.jobs.flush();
    const { uid, manageToken } = made.body.data.booking;
    const page = await g.call(null, "GET", `/bookings/public/${uid}?token=${manageToken}`);
    const occurrences = page.body.data.series.occurrences as Occurrence[];
    await move(occurrences[3], manageToken, "2027-03-31T09:00:00.000Z", "this");
    return { occurrences, token: manageToken as string };
  }
  async function move(o: Occurrence, token: string, startTime: string, scope: "this" | "following") {
    const res = await g.call(null, "POST", `/bookings/public/${o.uid}/reschedule`, {
      token,
      startTime,
      scope,
    });
    expect(res.status, res.raw).toBe(200);
    await g.app.jobs.flush();
  }

  it("Google: the old series' event ends after the 1st, the new one repeats on Thursdays, the moved 4th's own event goes", async () => {
    const host = await hostIn(g.app, "Europe/London");
    await g.connectGoogle(host, "series-mover@example.com");
    const live = () => g.gcal.events("series-mover@example.com").filter((e) => e.status !== "cancelled");
    const { occurrences, token } = await bookAndMove(host);
    expect(live()).toHaveLength(2); // the series and the 4th's own event

    await move(occurrences[1], token, THURSDAYS[0], "following");
    const events = live();
    expect(events).toHaveLength(2);
    expect(events.every((e) => e.recurrence)).toBe(true);
    const old = events.find((e) => e.start.dateTime?.startsWith("2027-03-09"));
    const moved = events.find((e) => e.start.dateTime?.startsWith("2027-03-18"));
    expect(old?.recurrence?.[0]).toContain("COUNT=1");
    expect(moved?.recurrence?.[0]).toContain("COUNT=3");
    expect(moved?.recurrence?.slice(1)).toEqual([]);
    expect(moved?.iCalUID).not.toBe(old?.iCalUID);
  });

  it("CalDAV (Radicale): expanded, the calendar holds exactly the dates booked after each move", async () => {
    const host = await hostIn(g.app, "Europe/London");
    const calendarUrl = await radicale.makeCalendar(`moves-${Date.now()}`, "Moves");
    const connected = await g.call(host.token, "POST", "/calendar-accounts/caldav", {
      serverUrl: radicale.url,
      username: radicale.username,
      password: radicale.password,
    });
    expect(connected.status, connected.raw).toBe(201);
    const target = connected.body.data.calendars.find((c: { name: string }) => c.name === "Moves");
    const chosen = await g.call(
      host.token,
      "PUT",
      `/calendar-accounts/${connected.body.data._id}/calendars/${target._id}`,
      { receivesBookings: true },
    );
    expect(chosen.status, chosen.raw).toBe(200);
    const texts = async () =>
      [...(await radicale.objects(calendarUrl)).values()].map((t) => t.replace(/\r?\n[ \t]/g, ""));
    const dates = async () =>
      busyFromICalendar(
        await texts(),
        { from: 0, to: Date.parse("2028-01-01") },
        { floatingZone: "UTC", allDayBusy: false },
      )
        .map((b) => new Date(b.start).toISOString())
        .sort();

    const { occurrences, token } = await bookAndMove(host);
    expect(await dates()).toEqual([...STARTS.slice(0, 3), "2027-03-31T09:00:00.000Z"]);

    await move(occurrences[1], token, THURSDAYS[0], "following");
    expect(await texts()).toHaveLength(2);
    expect(await dates()).toEqual([STARTS[0], ...THURSDAYS]);

    // From the first: nothing is left of the old series, whose object goes.
    await move(occurrences[0], token, "2027-03-10T10:00:00.000Z", "following");
    expect(await texts()).toHaveLength(2);
    expect(await dates()).toEqual(["2027-03-10T10:00:00.000Z", ...THURSDAYS]);
  });
});
