import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { busyFromICalendar } from "../../calendar-providers/ical-busy.js";
import { attendee, bookingSettings, eventType, type Host, hostIn } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";
import { type GoogleCalendarApp, startGoogleCalendarApp } from "../../testing/google-test-app.js";
import { type RadicaleServer, startRadicale } from "../../testing/radicale.js";

// Issue 28 item 3: a recurring booking is ONE recurring event (RRULE, EXDATE) in the host's calendar.
// Tuesdays 10:00 London from 9 March 2027; the clocks go forward on 28 March, so the 4th is 09:00 UTC.
const STARTS = [
  "2027-03-09T10:00:00.000Z",
  "2027-03-16T10:00:00.000Z",
  "2027-03-23T10:00:00.000Z",
  "2027-03-30T09:00:00.000Z",
];

describe.each(dbKinds)("a series' one recurring calendar event on %s", (kind) => {
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

  type Occurrence = { uid: string; startTime: string; status: string };
  /** A weekly series of 4 booked and its calendar jobs run; the occurrences and the series' one token. */
  async function bookSeries(host: Host, meet = false) {
    const et = await eventType(g.app, host, {
      recurrence: { frequency: "weekly", maxOccurrences: 10 },
      bookingSettings: bookingSettings({ daysAhead: 90 }),
      ...(meet ? { locations: [{ type: "google_meet", value: "" }] } : {}),
    });
    const made = await g.call(null, "POST", "/bookings/series", {
      eventTypeId: et._id,
      startTime: STARTS[0],
      occurrences: 4,
      attendee: attendee({ timezone: "Europe/London", email: "rae.series@example.com" }),
      ...(meet ? { location: { type: "google_meet" } } : {}),
    });
    expect(made.status, made.raw).toBe(201);
    await g.app.jobs.flush();
    const { uid, manageToken } = made.body.data.booking;
    const page = await g.call(null, "GET", `/bookings/public/${uid}?token=${manageToken}`);
    const occurrences = page.body.data.series.occurrences as Occurrence[];
    expect(occurrences.map((o) => o.startTime)).toEqual(STARTS);
    return { occurrences, token: manageToken as string };
  }
  const cancel = async (o: Occurrence, token: string, scope: "this" | "following" = "this") => {
    const res = await g.call(null, "POST", `/bookings/public/${o.uid}/cancel`, {
      token,
      reason: "Changed plans",
      scope,
    });
    expect(res.status, res.raw).toBe(200);
    await g.app.jobs.flush();
  };

  it("Google: one event with RRULE COUNT=4; a cancel adds its EXDATE, a move its own event, the last cancel deletes it", async () => {
    const host = await hostIn(g.app, "Europe/London");
    await g.connectGoogle(host, "series-host@example.com");
    const live = () => g.gcal.events("series-host@example.com").filter((e) => e.status !== "cancelled");
    const { occurrences, token } = await bookSeries(host);
    expect(live()).toHaveLength(1);
    const [event] = live();
    expect(event.iCalUID).toMatch(/^series-.+@kairos$/);
    expect(event.start).toMatchObject({ timeZone: "Europe/London" });
    expect(event.start.dateTime).toMatch(/^2027-03-09T10:00:00/);
    expect(event.recurrence).toHaveLength(1);
    expect(event.recurrence?.[0]).toMatch(/^RRULE:/);
    expect(event.recurrence?.[0]).toContain("FREQ=WEEKLY");
    expect(event.recurrence?.[0]).toContain("COUNT=4");

    await cancel(occurrences[1], token);
    expect(live()).toHaveLength(1);
    expect(live()[0].recurrence?.slice(1)).toEqual(["EXDATE;TZID=Europe/London:20270316T100000"]);

    // The 3rd moved to Wednesday: its date excluded too, and it is an event of its own.
    const moved = await g.call(null, "POST", `/bookings/public/${occurrences[2].uid}/reschedule`, {
      token,
      startTime: "2027-03-24T10:00:00.000Z",
    });
    expect(moved.status, moved.raw).toBe(200);
    await g.app.jobs.flush();
    expect(live()).toHaveLength(2);
    const series = live().find((e) => e.recurrence);
    expect(series?.recurrence?.join("\n")).toContain("20270323T100000");
    expect(live().find((e) => !e.recurrence)?.start.dateTime).toMatch(/^2027-03-24T10:00:00/);

    for (const o of [occurrences[0], occurrences[3]]) await cancel(o, token);
    expect(live().filter((e) => e.recurrence)).toHaveLength(0);
    await cancel(occurrences[2], token);
    expect(live()).toHaveLength(0);
  });

  it("Google Meet: the recurring event's one link is every occurrence's", async () => {
    const host = await hostIn(g.app, "Europe/London");
    await g.connectGoogle(host, "meet-series@example.com");
    await bookSeries(host, true);
    const events = g.gcal.events("meet-series@example.com");
    expect(events).toHaveLength(1);
    expect(events[0].hangoutLink).toMatch(/^https:\/\/meet\.google\.com\//);
    const listed = (await g.call(host.token, "GET", "/bookings")).body.data as {
      location: { value?: string } | null;
    }[];
    expect(listed.map((b) => b.location?.value)).toEqual(STARTS.map(() => events[0].hangoutLink));
  });

  it("CalDAV (Radicale): one object with RRULE and EXDATE; expanded it holds the dates still booked", async () => {
    const host = await hostIn(g.app, "Europe/London");
    const calendarUrl = await radicale.makeCalendar(`series-${Date.now()}`, "Series");
    const connected = await g.call(host.token, "POST", "/calendar-accounts/caldav", {
      serverUrl: radicale.url,
      username: radicale.username,
      password: radicale.password,
    });
    expect(connected.status, connected.raw).toBe(201);
    const target = connected.body.data.calendars.find((c: { name: string }) => c.name === "Series");
    const chosen = await g.call(
      host.token,
      "PUT",
      `/calendar-accounts/${connected.body.data._id}/calendars/${target._id}`,
      { receivesBookings: true },
    );
    expect(chosen.status, chosen.raw).toBe(200);
    const texts = async () =>
      [...(await radicale.objects(calendarUrl)).values()].map((t) => t.replace(/\r?\n[ \t]/g, ""));
    const dates = (ics: string[]) =>
      busyFromICalendar(
        ics,
        { from: 0, to: Date.parse("2028-01-01") },
        { floatingZone: "UTC", allDayBusy: false },
      ).map((b) => new Date(b.start).toISOString());
    const { occurrences, token } = await bookSeries(host);
    const first = await texts();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatch(/RRULE:FREQ=WEEKLY;.*COUNT=4/);
    expect(first[0]).not.toContain("EXDATE");
    expect(dates(first)).toEqual(STARTS);

    await cancel(occurrences[1], token);
    const after = await texts();
    expect(after).toHaveLength(1);
    expect(after[0]).toContain("EXDATE;TZID=Europe/London:20270316T100000");
    expect(dates(after)).toEqual([STARTS[0], STARTS[2], STARTS[3]]);

    // "This and following" from the 3rd: the series ends after the 1st; cancelling that deletes it.
    await cancel(occurrences[2], token, "following");
    const shortened = await texts();
    expect(shortened).toHaveLength(1);
    expect(dates(shortened)).toEqual([STARTS[0]]);
    await cancel(occurrences[0], token);
    expect(await texts()).toHaveLength(0);
  });
});
