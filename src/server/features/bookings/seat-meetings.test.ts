import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ListedBooking } from "../../../contract/seats.js";
import { MAIL_JOB } from "../../mail/outbox.js";
import { bearer, createTestApp, type TestApp } from "../../testing/app.js";
import { attendee, book, eventType, type Host, hostIn, NOW } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";
import { startSmtpCatcher } from "../../testing/smtp.js";

// New York, EDT: Thursday 2026-10-29 10:00 and 11:00, Friday 10:00.
const THU_10AM = "2026-10-29T14:00:00.000Z";
const THU_11AM = "2026-10-29T15:00:00.000Z";
const FRI_10AM = "2026-10-30T14:00:00.000Z";

// Issue 28 item 2: the host's Meetings list shows a group slot as one meeting with its attendees.
describe.each(dbKinds)("a host's seated meetings on %s", (kind) => {
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

  const call = (method: "GET" | "PUT", url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), payload });
  const list = async (host: Host, query: string) => {
    const res = await call("GET", `/api/bookings?when=upcoming&${query}`, host.token);
    expect(res.statusCode, res.body).toBe(200);
    const json = res.json() as { data: ListedBooking[]; pagination: { total: number } };
    return { rows: json.data, total: json.pagination.total };
  };
  const seatPeople = ["ada", "ben", "cy"].map((n) =>
    attendee({ name: `${n[0].toUpperCase()}${n.slice(1)} Seated`, email: `${n}.seated@example.com` }),
  );

  it("lists one meeting per group slot with its seats; pages, counts, filters and searches meetings", async () => {
    const host = await hostIn(t.app, "America/New_York");
    const group = await eventType(t.app, host, { type: "group", maxInvitees: 10, duration: 60 });
    const single = await eventType(t.app, host, { duration: 30 });
    const seatIds: string[] = [];
    for (const person of seatPeople) {
      const res = await book(t.app, group._id, THU_10AM, { attendee: person });
      expect(res.statusCode, res.body).toBe(201);
      seatIds.push(res.json().data._id);
    }
    expect((await book(t.app, group._id, THU_11AM)).statusCode).toBe(201);
    // A cancelled one-on-one and the booking that took its time again stay two rows.
    const first = await book(t.app, single._id, FRI_10AM);
    await call("PUT", `/api/bookings/${first.json().data._id}/cancel`, host.token, { reason: "Other" });
    expect((await book(t.app, single._id, FRI_10AM)).statusCode).toBe(201);

    const all = await list(host, "limit=20");
    expect(all.total).toBe(4);
    expect(all.rows.map((r) => r.startTime)).toEqual([THU_10AM, THU_11AM, FRI_10AM, FRI_10AM]);
    expect(all.rows[0].seats).toEqual({
      taken: 3,
      capacity: 10,
      attendees: seatPeople.map((p, i) => ({
        _id: seatIds[i],
        name: p.name,
        email: p.email,
        status: "confirmed",
      })),
    });
    expect(all.rows[1].seats?.taken).toBe(1);
    expect(all.rows[2].seats).toBeUndefined();
    // Pages of one meeting each: four pages, never a seat twice.
    const pages = [];
    for (let page = 1; page <= 4; page++) {
      const one = await list(host, `limit=1&page=${page}`);
      expect(one.total).toBe(4);
      pages.push(one.rows[0]._id);
    }
    expect(pages).toEqual(all.rows.map((r) => r._id));

    // Ada's seat is cancelled: the meeting stays one confirmed meeting of two seats, and is also the
    // one cancelled seat under the Cancelled filter.
    const ada = await call("PUT", `/api/bookings/${seatIds[0]}/cancel`, host.token, { reason: "Other" });
    expect(ada.statusCode, ada.body).toBe(200);
    const confirmed = await list(host, "status=confirmed");
    expect(confirmed.total).toBe(3);
    // A seat that still holds the meeting stands for it.
    expect([seatIds[1], seatIds[2]]).toContain(confirmed.rows[0]._id);
    expect(confirmed.rows[0].seats?.taken).toBe(2);
    expect(confirmed.rows[0].seats?.attendees.map((a) => a.status)).toEqual([
      "cancelled",
      "confirmed",
      "confirmed",
    ]);
    const cancelled = await list(host, "status=cancelled");
    expect(cancelled.rows.map((r) => r._id)).toEqual([seatIds[0], first.json().data._id]);
    expect(cancelled.total).toBe(2);
    // A search finds the meeting by any attendee, once.
    const search = await list(host, "search=cy.seated");
    expect(search.rows.map((r) => r._id)).toEqual([seatIds[2]]);
    expect(search.rows[0].seats?.attendees).toHaveLength(3);
  });

  it("cancels a whole meeting: every seat, each attendee told; another host cannot", async () => {
    const host = await hostIn(t.app, "America/New_York", "Gwen Group");
    const other = await hostIn(t.app, "America/New_York");
    const group = await eventType(t.app, host, { type: "group", maxInvitees: 5, duration: 60 });
    const ids: string[] = [];
    for (const person of seatPeople) {
      const res = await book(t.app, group._id, THU_10AM, { attendee: person });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().data._id);
    }
    await t.app.jobs.flush(MAIL_JOB);
    smtp.mails.splice(0);
    const body = { reason: "Other", note: "The room flooded" };
    const foreign = await call("PUT", `/api/bookings/${ids[1]}/cancel-meeting`, other.token, body);
    expect(foreign.statusCode).toBe(404);
    const bad = await call("PUT", `/api/bookings/${ids[1]}/cancel-meeting`, host.token, { reason: "" });
    expect(bad.statusCode).toBe(400);
    expect((await list(host, "status=confirmed")).rows[0].seats?.taken).toBe(3);

    const res = await call("PUT", `/api/bookings/${ids[1]}/cancel-meeting`, host.token, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ _id: ids[1], status: "cancelled" });
    const after = await list(host, "");
    expect(after.total).toBe(1);
    expect(after.rows[0].seats?.taken).toBe(0);
    expect(after.rows[0].seats?.attendees.map((a) => a.status)).toEqual([
      "cancelled",
      "cancelled",
      "cancelled",
    ]);
    await t.app.jobs.flush(MAIL_JOB);
    const mails = smtp.mails.splice(0);
    for (const person of seatPeople) {
      const own = mails.filter((m) => m.to.includes(person.email));
      expect(own, person.email).toHaveLength(1);
      expect(own[0].parsed.subject).toMatch(/Cancelled/);
      expect(own[0].parsed.text).toContain("The room flooded");
    }
    // The host gets one copy, not one per seat.
    expect(mails.filter((m) => m.to.includes(host.email))).toHaveLength(1);
    // A second cancel answers that the meeting is closed; the slot is free again.
    const again = await call("PUT", `/api/bookings/${ids[0]}/cancel-meeting`, host.token, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe("BOOKING_CLOSED");
    expect((await book(t.app, group._id, THU_10AM)).statusCode).toBe(201);
  });
});
