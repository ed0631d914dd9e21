import { expect } from "vitest";
import { busyFromICalendar } from "../calendar-providers/ical-busy.js";
import { attendee, bookingSettings, eventType, type Host } from "./booking-fixtures.js";
import type { DbKind } from "./database.js";
import { type GoogleCalendarApp, startGoogleCalendarApp } from "./google-test-app.js";
import { type RadicaleServer, startRadicale } from "./radicale.js";

/**
 * The set-up the calendar write tests share (calendars/writes, seat-events, series-events,
 * series-moves-events): the app with a fake Google and a real Radicale, a host's CalDAV calendar that
 * receives bookings, and a weekly series booked in London.
 */
export type CalendarWritesApp = GoogleCalendarApp & { radicale: RadicaleServer };

/** The app on a fresh database with a fake Google and a Radicale; `close` stops all three. */
export async function startCalendarWritesApp(kind: DbKind): Promise<CalendarWritesApp> {
  const radicale = await startRadicale();
  try {
    const g = await startGoogleCalendarApp(kind, {
      publicUrl: "http://127.0.0.1:3999",
      // Radicale listens on loopback.
      config: { allowPrivateTargets: true },
      // Every lookup asks the calendars again, so each write shows at once.
      calendars: { busyOptions: { ttlMs: 0, sourcesTtlMs: 0, timeoutMs: 5000 } },
    });
    return {
      ...g,
      radicale,
      async close() {
        await g.close();
        await radicale.close();
      },
    };
  } catch (error) {
    await radicale.close();
    throw error;
  }
}

/** Long iCalendar lines wrap at 75 octets; unfolded, a property is one line again. */
const unfold = (ics: string) => ics.replace(/\r?\n[ \t]/g, "");

/**
 * `host` connects the Radicale over CalDAV and has a new calendar named `name` receive bookings: the
 * account as that answer gave it, the calendar's id, and its objects' texts (unfolded).
 */
export async function caldavBookingCalendar(g: CalendarWritesApp, host: Host, name: string) {
  const calendarUrl = await g.radicale.makeCalendar(`${name.toLowerCase()}-${Date.now()}`, name);
  const connected = await g.call(host.token, "POST", "/calendar-accounts/caldav", {
    serverUrl: g.radicale.url,
    username: g.radicale.username,
    password: g.radicale.password,
  });
  expect(connected.status, connected.raw).toBe(201);
  const target = connected.body.data.calendars.find((c: { name: string }) => c.name === name);
  const chosen = await g.call(
    host.token,
    "PUT",
    `/calendar-accounts/${connected.body.data._id}/calendars/${target._id}`,
    { receivesBookings: true },
  );
  expect(chosen.status, chosen.raw).toBe(200);
  return {
    account: chosen.body.data as { calendars: { _id: string; receivesBookings: boolean }[] },
    calendarId: target._id as string,
    texts: async () => [...(await g.radicale.objects(calendarUrl)).values()].map(unfold),
  };
}

/** The starts of the events in `texts`, recurring ones expanded, in order (ISO, UTC). */
export const expandedStarts = (texts: string[]) =>
  busyFromICalendar(
    texts,
    { from: 0, to: Date.parse("2028-01-01") },
    { floatingZone: "UTC", allDayBusy: false },
  )
    .map((b) => new Date(b.start).toISOString())
    .sort();

/** Tuesdays 10:00 London from 9 March 2027; the clocks go forward on 28 March, so the 4th is 09:00 UTC. */
export const SERIES_STARTS = [
  "2027-03-09T10:00:00.000Z",
  "2027-03-16T10:00:00.000Z",
  "2027-03-23T10:00:00.000Z",
  "2027-03-30T09:00:00.000Z",
];

export type SeriesOccurrence = { uid: string; startTime: string; status: string };

/**
 * A weekly series of the 4 SERIES_STARTS booked by an invitee in London (with Google Meet when `meet`),
 * its calendar jobs run: its occurrences and the series' one manage token.
 */
export async function bookLondonSeries(g: GoogleCalendarApp, host: Host, { meet = false } = {}) {
  const et = await eventType(g.app, host, {
    recurrence: { frequency: "weekly", maxOccurrences: 10 },
    bookingSettings: bookingSettings({ daysAhead: 90 }),
    ...(meet ? { locations: [{ type: "google_meet", value: "" }] } : {}),
  });
  const made = await g.call(null, "POST", "/bookings/series", {
    eventTypeId: et._id,
    startTime: SERIES_STARTS[0],
    occurrences: SERIES_STARTS.length,
    attendee: attendee({ timezone: "Europe/London", email: "rae.series@example.com" }),
    ...(meet ? { location: { type: "google_meet" } } : {}),
  });
  expect(made.status, made.raw).toBe(201);
  await g.app.jobs.flush();
  const { uid, manageToken } = made.body.data.booking;
  const page = await g.call(null, "GET", `/bookings/public/${uid}?token=${manageToken}`);
  const occurrences = page.body.data.series.occurrences as SeriesOccurrence[];
  expect(occurrences.map((o) => o.startTime)).toEqual(SERIES_STARTS);
  return { occurrences, token: manageToken as string };
}
