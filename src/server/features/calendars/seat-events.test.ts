import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attendee, eventType, type Host, hostIn } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";
import { type GoogleCalendarApp, startGoogleCalendarApp } from "../../testing/google-test-app.js";
import { type RadicaleServer, startRadicale } from "../../testing/radicale.js";

// Issue 28 item 2: the host gets one calendar event for a group slot, with every seat as an attendee.
describe.each(dbKinds)("a group slot's one calendar event on %s", (kind) => {
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
    const calendarUrl = await radicale.makeCalendar(`seats-${Date.now()}`, "Seats");
    const connected = await g.call(host.token, "POST", "/calendar-accounts/caldav", {
      serverUrl: radicale.url,
      username: radicale.username,
      password: radicale.password,
    });
    expect(connected.status, connected.raw).toBe(201);
    const target = connected.body.data.calendars.find((c: { name: string }) => c.name === "Seats");
    const chosen = await g.call(
      host.token,
      "PUT",
      `/calendar-accounts/${connected.body.data._id}/calendars/${target._id}`,
      { receivesBookings: true },
    );
    expect(chosen.status, chosen.raw).toBe(200);
    const texts = async () =>
      [...(await radicale.objects(calendarUrl)).values()].map((t) => t.replace(/\r?\n[ \t]/g, ""));
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
