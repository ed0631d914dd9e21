import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Host, hostIn } from "../../testing/booking-fixtures.js";
import {
  bookLondonSeries,
  type CalendarWritesApp,
  caldavBookingCalendar,
  expandedStarts,
  type SeriesOccurrence as Occurrence,
  SERIES_STARTS as STARTS,
  startCalendarWritesApp,
} from "../../testing/calendar-writes.js";
import { dbKinds } from "../../testing/database.js";

// Issue 28 item 3: a recurring booking is ONE recurring event (RRULE, EXDATE) in the host's calendar,
// for a weekly series of 4 that crosses London's change of clocks (SERIES_STARTS).
describe.each(dbKinds)("a series' one recurring calendar event on %s", (kind) => {
  let g: CalendarWritesApp;
  beforeAll(async () => {
    g = await startCalendarWritesApp(kind);
  }, 120_000);
  afterAll(() => g?.close());

  const bookSeries = (host: Host, meet = false) => bookLondonSeries(g, host, { meet });
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
    const { texts } = await caldavBookingCalendar(g, host, "Series");
    const { occurrences, token } = await bookSeries(host);
    const first = await texts();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatch(/RRULE:FREQ=WEEKLY;.*COUNT=4/);
    expect(first[0]).not.toContain("EXDATE");
    expect(expandedStarts(first)).toEqual(STARTS);

    await cancel(occurrences[1], token);
    const after = await texts();
    expect(after).toHaveLength(1);
    expect(after[0]).toContain("EXDATE;TZID=Europe/London:20270316T100000");
    expect(expandedStarts(after)).toEqual([STARTS[0], STARTS[2], STARTS[3]]);

    // "This and following" from the 3rd: the series ends after the 1st; cancelling that deletes it.
    await cancel(occurrences[2], token, "following");
    const shortened = await texts();
    expect(shortened).toHaveLength(1);
    expect(expandedStarts(shortened)).toEqual([STARTS[0]]);
    await cancel(occurrences[0], token);
    expect(await texts()).toHaveLength(0);
  });
});
