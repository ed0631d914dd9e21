import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Host, hostIn } from "../../testing/booking-fixtures.js";
import {
  bookLondonSeries,
  type CalendarWritesApp,
  caldavBookingCalendar,
  expandedStarts,
  SERIES_STARTS as STARTS,
  startCalendarWritesApp,
} from "../../testing/calendar-writes.js";
import { dbKinds } from "../../testing/database.js";

// Issue 28 item 3: "this and following" moved, in the host's calendar: the old series' recurring event
// ends earlier (or goes), the new series is one recurring event, and an occurrence that had its own
// event (moved on its own before) is folded into it. (The series' event itself: series-events.test.ts.)
// The series: SERIES_STARTS, Tuesdays in London across the change of clocks on 28 March.
/** Thursdays 10:00 London from 18 March: the 2nd and following moved there. */
const THURSDAYS = ["2027-03-18T10:00:00.000Z", "2027-03-25T10:00:00.000Z", "2027-04-01T09:00:00.000Z"];

describe.each(dbKinds)("'this and following' moved in the host's calendar on %s", (kind) => {
  let g: CalendarWritesApp;
  beforeAll(async () => {
    g = await startCalendarWritesApp(kind);
  }, 120_000);
  afterAll(() => g?.close());

  /** The weekly series of 4 booked, its 4th moved on its own to Wednesday, the calendar jobs run. */
  async function bookAndMove(host: Host) {
    const { occurrences, token } = await bookLondonSeries(g, host);
    await move(occurrences[3], token, "2027-03-31T09:00:00.000Z", "this");
    return { occurrences, token };
  }
  async function move(o: { uid: string }, token: string, startTime: string, scope: "this" | "following") {
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
    const { texts } = await caldavBookingCalendar(g, host, "Moves");
    const dates = async () => expandedStarts(await texts());
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
