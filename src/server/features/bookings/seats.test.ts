import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAIL_JOB } from "../../mail/outbox.js";
import { bearer, createTestApp, type TestApp } from "../../testing/app.js";
import { attendee, book, bookingSettings, eventType, hostIn, NOW } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";
import { type CapturedMail, startSmtpCatcher } from "../../testing/smtp.js";

// Thursday 2026-10-29 10:00 in New York (EDT): one group slot, several seats.
const THU_10AM = "2026-10-29T14:00:00.000Z";

/** Everything a person reads of a mail: subject, text, HTML and every attachment (the invite). */
function wholeMail(mail: CapturedMail): string {
  const { parsed } = mail;
  return [
    parsed.subject ?? "",
    parsed.text ?? "",
    typeof parsed.html === "string" ? parsed.html : "",
    ...parsed.attachments.map((a) => a.content.toString("utf8")),
  ].join("\n");
}

// Issue 28 item 2: the seats of a group slot are private to each attendee, and each manages only theirs.
describe.each(dbKinds)("seats of a group event on %s", (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp(kind, {
      now: () => NOW,
      config: { smtpUrl: smtp.url, publicUrl: "https://kairos.test" },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("attendees never see each other; cancelling one seat leaves the others and frees only that seat", async () => {
    const host = await hostIn(t.app, "America/New_York", "Gina Group");
    const et = await eventType(t.app, host, { type: "group", maxInvitees: 3, title: "Workshop" });
    const people = [
      attendee({ name: "Ada Seatone", email: "ada.seat@example.com" }),
      attendee({ name: "Ben Seattwo", email: "ben.seat@example.com" }),
    ];
    const seats: { uid: string; manageToken: string }[] = [];
    for (const person of people) {
      const res = await book(t.app, et._id, THU_10AM, { attendee: person });
      expect(res.statusCode, res.body).toBe(201);
      seats.push(res.json().data);
    }
    // The booking page shows the seats left at each start: one at 10:00am, all three at the others.
    const day = await t.app.inject({
      method: "GET",
      url: `/api/bookings/availability/${et._id}?date=2026-10-29&timezone=America/New_York`,
    });
    const slots = day.json().data as { startTime: string; seatsLeft?: number }[];
    expect(slots.find((x) => x.startTime === "10:00am")?.seatsLeft).toBe(1);
    expect(slots.find((x) => x.startTime === "11:00am")?.seatsLeft).toBe(3);
    await t.app.jobs.flush(MAIL_JOB);
    const mails = smtp.mails.splice(0);

    for (const [i, person] of people.entries()) {
      const other = people[1 - i];
      const own = mails.filter((m) => m.to.includes(person.email));
      expect(own.length, `mails to ${person.email}`).toBeGreaterThan(0);
      for (const mail of own) {
        expect(wholeMail(mail)).not.toContain(other.email);
        expect(wholeMail(mail)).not.toContain(other.name);
      }
      const seat = seats[i];
      const page = await t.app.inject({
        method: "GET",
        url: `/api/bookings/public/${seat.uid}?token=${seat.manageToken}`,
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain(other.email);
      expect(page.body).not.toContain(other.name);
      const ics = await t.app.inject({
        method: "GET",
        url: `/api/bookings/public/${seat.uid}/ics?token=${seat.manageToken}`,
      });
      expect(ics.statusCode).toBe(200);
      expect(ics.body).toContain(person.email);
      expect(ics.body).not.toContain(other.email);
    }
    // One attendee's link opens only their own seat.
    const crossed = await t.app.inject({
      method: "GET",
      url: `/api/bookings/public/${seats[1].uid}?token=${seats[0].manageToken}`,
    });
    expect(crossed.statusCode).toBe(404);

    // Ada cancels her seat: Ben's stays confirmed, and the slot has two seats free again.
    const cancelled = await t.app.inject({
      method: "POST",
      url: `/api/bookings/public/${seats[0].uid}/cancel`,
      payload: { token: seats[0].manageToken, reason: "Changed plans" },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const ben = await t.app.inject({
      method: "GET",
      url: `/api/bookings/public/${seats[1].uid}?token=${seats[1].manageToken}`,
    });
    expect(ben.json().data.status).toBe("confirmed");
    for (const email of ["cara.seat@example.com", "dan.seat@example.com"]) {
      const res = await book(t.app, et._id, THU_10AM, { attendee: attendee({ email }) });
      expect(res.statusCode, res.body).toBe(201);
    }
    const full = await book(t.app, et._id, THU_10AM, {
      attendee: attendee({ email: "eve.seat@example.com" }),
    });
    expect(full.statusCode).toBe(409);
  });
  it("a host who shows attendees to each other: the second attendee's page and mail name the first, never by address", async () => {
    const host = await hostIn(t.app, "America/New_York", "Sol Shown");
    const shown = await eventType(t.app, host, { type: "group", maxInvitees: 3, title: "Open class" });
    const hidden = await eventType(t.app, host, { type: "group", maxInvitees: 3, title: "Quiet class" });
    // Turned on through the editor's save: the setting is off until then, and kept by saves that omit it.
    const on = await t.app.inject({
      method: "PUT",
      url: `/api/event-types/${shown._id}`,
      headers: bearer(host.token),
      payload: { bookingSettings: bookingSettings({ showAttendees: true }) },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.bookingSettings.showAttendees).toBe(true);
    const renamed = await t.app.inject({
      method: "PUT",
      url: `/api/event-types/${shown._id}`,
      headers: bearer(host.token),
      payload: { title: "Open class", bookingSettings: bookingSettings() },
    });
    expect(renamed.json().data.bookingSettings.showAttendees).toBe(true);

    // The two meetings at different hours: one host is in one meeting at a time.
    for (const [et, tag, at] of [
      [shown, "on", THU_10AM],
      [hidden, "off", "2026-10-29T16:00:00.000Z"],
    ] as const) {
      const first = attendee({ name: `Fay First${tag}`, email: `fay.${tag}@example.com` });
      const second = attendee({ name: `Gus Second${tag}`, email: `gus.${tag}@example.com` });
      expect((await book(t.app, et._id, at, { attendee: first })).statusCode).toBe(201);
      const res = await book(t.app, et._id, at, { attendee: second });
      expect(res.statusCode, res.body).toBe(201);
      const seat = res.json().data as { uid: string; manageToken: string };
      await t.app.jobs.flush(MAIL_JOB);
      const mails = smtp.mails.splice(0).filter((m) => m.to.includes(second.email));
      expect(mails.length).toBeGreaterThan(0);
      const page = await t.app.inject({
        method: "GET",
        url: `/api/bookings/public/${seat.uid}?token=${seat.manageToken}`,
      });
      expect(page.statusCode).toBe(200);
      const text = [page.body, ...mails.map(wholeMail)].join("\n");
      expect(text).not.toContain(first.email);
      if (tag === "on") {
        expect(page.json().data.otherAttendees).toEqual([first.name]);
        expect(mails.map(wholeMail).join("\n")).toContain(`Other attendees`);
        for (const mail of mails) expect(wholeMail(mail)).toContain(first.name);
      } else {
        expect(page.json().data.otherAttendees).toBeUndefined();
        expect(text).not.toContain(first.name);
      }
    }
  });
});
