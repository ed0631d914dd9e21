import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attendee, eventType, type Host, hostIn } from "../../testing/booking-fixtures.js";
import {
  type CalendarWritesApp,
  caldavBookingCalendar,
  startCalendarWritesApp,
} from "../../testing/calendar-writes.js";
import { dbKinds } from "../../testing/database.js";

// Issue 28 item 2: the host gets one calendar event for a group slot, with every seat as an attendee.
describe.each(dbKinds)("a group slot's one calendar event on %s", (kind) => {
  let g: CalendarWritesApp;
  beforeAll(async () => {
    g = await startCalendarWritesApp(kind);
  }, 120_000);
  afterAll(() => g?.close());

  const people = [attendee({ name: "Ada Seat" }), attendee({ name: "Ben Seat" })];
  /** Both seats of one slot booked, each followed by the calendar job. */
  async function seatBoth(host: Host, startTime: string, after: () => Promise<void>) {
    const et = await eventType(g.app, host, { type: "group", maxInvitees: 5 });
    const ids: string[] = [];
    for (const person of people) {
      const res = await g.call(null, "POST", "/bookings", {
        eventTypeId: et._id,
        startTime,
        attendee: person,
      });
      expect(res.status, res.raw).toBe(201);
      ids.push(res.body.data._id);
      await g.app.jobs.flush();
      await after();
    }
    return ids;
  }
  const cancel = async (host: Host, id: string) => {
    const res = await g.call(host.token, "PUT", `/bookings/${id}/cancel`, { reason: "Other" });
    expect(res.status, res.raw).toBe(200);
    await g.app.jobs.flush();
  };

  it("Google: the first seat creates it, the second joins it, a cancelled seat leaves, the last deletes it", async () => {
    const host = await hostIn(g.app, "Europe/London");
    await g.connectGoogle(host, "group-host@example.com");
    const live = () => g.gcal.events("group-host@example.com").filter((e) => e.status !== "cancelled");
    const emails = () => live().flatMap((e) => (e.attendees ?? []).map((a) => a.email));
    const seen: string[][] = [];
    const ids = await seatBoth(host, "2027-03-09T10:00:00.000Z", async () => {
      expect(live()).toHaveLength(1);
      seen.push(emails());
    });
    expect(seen).toEqual([[people[0].email], [people[0].email, people[1].email]]);
    expect(live()[0]?.summary).toMatch(/\(2 attendees\)$/);
    await cancel(host, ids[0]);
    expect(live()).toHaveLength(1);
    expect(emails()).toEqual([people[1].email]);
    await cancel(host, ids[1]);
    expect(live()).toHaveLength(0);
    expect(g.gcal.events("group-host@example.com")).toHaveLength(1);
  });

  it("CalDAV (Radicale): one object for the slot with both attendees; the last cancel removes it", async () => {
    const host = await hostIn(g.app, "Europe/London");
    const { texts } = await caldavBookingCalendar(g, host, "Seats");
    const ids = await seatBoth(host, "2027-03-10T10:00:00.000Z", async () => {
      expect(await texts()).toHaveLength(1);
    });
    const [both] = await texts();
    expect(both).toContain(people[0].email);
    expect(both).toContain(people[1].email);
    await cancel(host, ids[1]);
    const [one] = await texts();
    expect(one).toContain(people[0].email);
    expect(one).not.toContain(people[1].email);
    await cancel(host, ids[0]);
    expect(await texts()).toHaveLength(0);
  });
});
