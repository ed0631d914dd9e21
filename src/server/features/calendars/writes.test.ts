import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attendee, eventType, type Host, hostIn, teamEventType } from "../../testing/booking-fixtures.js";
import {
  type CalendarWritesApp,
  caldavBookingCalendar,
  startCalendarWritesApp,
} from "../../testing/calendar-writes.js";
import { dbKinds } from "../../testing/database.js";

describe.each(dbKinds)("bookings written to calendars on %s", (kind) => {
  let g: CalendarWritesApp;
  beforeAll(async () => {
    g = await startCalendarWritesApp(kind);
  }, 120_000);
  afterAll(() => g?.close());

  const syncState = async (host: Host, bookingId: string) =>
    (await g.call(host.token, "GET", `/calendar-sync?bookingIds=${bookingId}`)).body.data[bookingId];

  it("a Google Meet booking carries Google's Meet link in the answer, the mails and the invite; moves and cancels follow", async () => {
    const host = await hostIn(g.app, "Europe/London");
    await g.connectGoogle(host, "meet-host@example.com");
    const et = await eventType(g.app, host, { locations: [{ type: "google_meet", value: "" }] });
    const invitee = attendee();
    const res = await g.call(null, "POST", "/bookings", {
      eventTypeId: et._id,
      startTime: "2027-03-09T10:00:00.000Z",
      attendee: invitee,
      location: { type: "google_meet" },
    });
    expect(res.status, res.raw).toBe(201);
    const link = res.body.data.meetingLink as string;
    expect(link).toMatch(/^https:\/\/meet\.google\.com\/[a-z]{3}-[a-z]{4}-[a-z]{3}$/);
    expect(res.body.data.meetingIdFormatted).toBe(link.slice("https://meet.google.com/".length));
    const [event] = g.gcal.events("meet-host@example.com");
    expect(event).toMatchObject({
      hangoutLink: link,
      start: { dateTime: "2027-03-09T10:00:00+00:00", timeZone: "Europe/London" },
      attendees: [{ email: invitee.email, displayName: invitee.name }],
    });
    // The mails (and their invite) name the same link.
    const mails = await g.database.db.execute(
      `select text, ical_event from mail_outbox where "to" ilike '%${invitee.email}%'`,
    );
    const rows = ((mails as unknown as { rows?: unknown[] }).rows ?? mails) as {
      text: string;
      ical_event: { content: string };
    }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]?.text).toContain(link);
    expect(rows[0]?.ical_event.content).toContain(link);
    expect(await syncState(host, res.body.data._id)).toMatchObject({ state: "synced", meetLink: link });

    // The host moves it: the same Google event moves.
    const moved = await g.call(host.token, "PUT", `/bookings/${res.body.data._id}/reschedule`, {
      startTime: "2027-03-10T13:00:00.000Z",
    });
    expect(moved.status, moved.raw).toBe(200);
    await g.app.jobs.flush();
    const after = g.gcal.events("meet-host@example.com");
    expect(after).toHaveLength(1);
    expect(after[0]?.start.dateTime).toBe("2027-03-10T13:00:00+00:00");
    expect(after[0]?.hangoutLink).toBe(link);

    const cancelled = await g.call(host.token, "PUT", `/bookings/${res.body.data._id}/cancel`, {
      reason: "Other",
    });
    expect(cancelled.status, cancelled.raw).toBe(200);
    await g.app.jobs.flush();
    expect(g.gcal.events("meet-host@example.com")[0]?.status).toBe("cancelled");
  });

  it("a Google outage never loses the booking: the job retries, the meeting shows it, the link comes later", async () => {
    const host = await hostIn(g.app, "Europe/London");
    await g.connectGoogle(host, "outage@example.com");
    const et = await eventType(g.app, host, { locations: [{ type: "google_meet", value: "" }] });
    g.gcal.failWrites = true;
    let id: string;
    try {
      const res = await g.call(null, "POST", "/bookings", {
        eventTypeId: et._id,
        startTime: "2027-03-11T10:00:00.000Z",
        attendee: attendee(),
        location: { type: "google_meet" },
      });
      expect(res.status, res.raw).toBe(201);
      expect(res.body.data.meetingLink).toBeNull();
      id = res.body.data._id;
      await g.app.jobs.flush();
      expect(await syncState(host, id)).toMatchObject({ state: "failed", attempts: 1 });
      expect((await syncState(host, id)).lastError).toMatch(/Google/);
    } finally {
      g.gcal.failWrites = false;
    }
    g.advance(10 * 60_000); // past the retry's backoff
    await g.app.jobs.flush();
    const state = await syncState(host, id);
    expect(state.state).toBe("synced");
    const meeting = await g.call(host.token, "GET", `/bookings/${id}`);
    expect(meeting.body.data.meetingLink).toBe(state.meetLink);
    expect(g.gcal.events("outage@example.com")).toHaveLength(1);
  });

  it("CalDAV: a booking appears in the chosen calendar, moves with a reschedule and vanishes with a cancel", async () => {
    const host = await hostIn(g.app, "Europe/London");
    const { account, calendarId, texts } = await caldavBookingCalendar(g, host, "Bookings");
    expect(account.calendars.filter((c) => c.receivesBookings)).toEqual([
      expect.objectContaining({ _id: calendarId }),
    ]);
    const et = await eventType(g.app, host);
    const invitee = attendee();
    const res = await g.call(null, "POST", "/bookings", {
      eventTypeId: et._id,
      startTime: "2027-03-12T10:00:00.000Z",
      attendee: invitee,
    });
    expect(res.status, res.raw).toBe(201);
    await g.app.jobs.flush();
    const written = await texts();
    expect(written).toHaveLength(1);
    const [ics] = written;
    expect(ics).toContain("DTSTART;TZID=Europe/London:20270312T100000");
    expect(ics).toContain(invitee.email);
    expect(ics).not.toContain("METHOD:");
    // The invitee's pages may say it is on the host's calendar; this server sends no mail (no SMTP).
    const { uid, manageToken } = res.body.data;
    const seen = await g.call(null, "GET", `/bookings/public/${uid}?token=${manageToken}`);
    expect(seen.body.data.delivery).toEqual({ invitationMailed: false, onHostCalendar: true });
    const moved = await g.call(host.token, "PUT", `/bookings/${res.body.data._id}/reschedule`, {
      startTime: "2027-03-12T10:30:00.000Z",
    });
    expect(moved.status, moved.raw).toBe(200);
    await g.app.jobs.flush();
    const movedTexts = await texts();
    expect(movedTexts).toHaveLength(1);
    expect(movedTexts[0]).toContain("DTSTART;TZID=Europe/London:20270312T103000");
    await g.call(host.token, "PUT", `/bookings/${res.body.data._id}/cancel`, { reason: "Other" });
    await g.app.jobs.flush();
    expect(await texts()).toHaveLength(0);
    expect(await syncState(host, res.body.data._id)).toMatchObject({ state: "synced" });
  });

  it("round robin: a booking given to another host leaves the previous host's calendar for the new one's", async () => {
    const hosts = [
      await hostIn(g.app, "Europe/London", "Round Robin A"),
      await hostIn(g.app, "Europe/London", "Round Robin B"),
    ];
    const mailboxes = ["rr-a@example.com", "rr-b@example.com"];
    for (const [i, h] of hosts.entries()) await g.connectGoogle(h, mailboxes[i]);
    const [owner, member] = hosts;
    const { et } = await teamEventType(g.app, owner, [member], { type: "round-robin", duration: 30 });
    // The meeting's events still in a host's Google calendar (Google keeps deleted ones as cancelled).
    const teamEvents = (mailbox: string) =>
      g.gcal
        .events(mailbox)
        .filter((e) => e.summary?.startsWith(`${et.title} with`) && e.status !== "cancelled");

    const res = await g.call(null, "POST", "/bookings", {
      eventTypeId: et._id,
      startTime: "2027-03-11T10:00:00.000Z",
      attendee: attendee(),
    });
    expect(res.status, res.raw).toBe(201);
    await g.app.jobs.flush();
    const first = res.body.data.host.name === "Round Robin A" ? 0 : 1;
    expect(teamEvents(mailboxes[first])).toHaveLength(1);
    expect(teamEvents(mailboxes[1 - first])).toHaveLength(0);

    // The assigned host is busy at 11:00, so moving there hands the meeting to the other host.
    const own = await eventType(g.app, hosts[first]);
    const busy = await g.call(null, "POST", "/bookings", {
      eventTypeId: own._id,
      startTime: "2027-03-11T11:00:00.000Z",
      attendee: attendee(),
    });
    expect(busy.status, busy.raw).toBe(201);
    const moved = await g.call(null, "POST", `/bookings/public/${res.body.data.uid}/reschedule`, {
      token: res.body.data.manageToken,
      startTime: "2027-03-11T11:00:00.000Z",
    });
    expect(moved.status, moved.raw).toBe(200);
    expect(moved.body.data.host.name).toBe(hosts[1 - first] === owner ? "Round Robin A" : "Round Robin B");
    await g.app.jobs.flush();
    expect(teamEvents(mailboxes[first])).toHaveLength(0);
    const [handed] = teamEvents(mailboxes[1 - first]);
    expect(handed?.start).toMatchObject({ dateTime: "2027-03-11T11:00:00+00:00" });
    expect(await syncState(hosts[1 - first], res.body.data._id)).toMatchObject({ state: "synced" });
  });

  it("collective: the meeting is written to the holder's calendar with the other hosts invited", async () => {
    const owner = await hostIn(g.app, "Europe/London", "Collective A");
    const member = await hostIn(g.app, "Europe/London", "Collective B");
    await g.connectGoogle(owner, "col-a@example.com");
    const { et } = await teamEventType(g.app, owner, [member], { type: "collective", duration: 30 });
    const invitee = attendee();
    const res = await g.call(null, "POST", "/bookings", {
      eventTypeId: et._id,
      startTime: "2027-03-12T10:00:00.000Z",
      attendee: invitee,
    });
    expect(res.status, res.raw).toBe(201);
    await g.app.jobs.flush();
    const [event] = g.gcal
      .events("col-a@example.com")
      .filter((e) => e.summary?.startsWith(`${et.title} with`));
    expect(event?.attendees?.map((a) => a.email)).toEqual([invitee.email, member.email]);
  });

  it("writes nothing when the host turned adding bookings off, and shows no state to another host", async () => {
    const host = await hostIn(g.app, "Europe/London");
    await g.connectGoogle(host, "quiet@example.com");
    await g.call(host.token, "PUT", "/calendar-settings/sync", { addBookingsToCalendar: false });
    const et = await eventType(g.app, host);
    const res = await g.call(null, "POST", "/bookings", {
      eventTypeId: et._id,
      startTime: "2027-03-09T14:00:00.000Z",
      attendee: attendee(),
    });
    expect(res.status).toBe(201);
    await g.app.jobs.flush();
    expect(g.gcal.events("quiet@example.com")).toHaveLength(0);
    // Nothing on the host's calendar: the invitee's cancel page will not say it was removed from it.
    const { uid, manageToken } = res.body.data;
    const cancelled = await g.call(null, "POST", `/bookings/public/${uid}/cancel`, {
      token: manageToken,
      reason: "Other",
    });
    expect(cancelled.status, cancelled.raw).toBe(200);
    expect(cancelled.body.data.delivery).toEqual({ invitationMailed: false, onHostCalendar: false });
    const other = await hostIn(g.app, "Europe/London");
    const seen = await g.call(other.token, "GET", `/calendar-sync?bookingIds=${res.body.data._id}`);
    expect(seen.body.data).toEqual({});
  });
});
