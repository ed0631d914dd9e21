import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bookings } from "../../db/schema/index.js";
import { MAIL_JOB } from "../../mail/outbox.js";
import { bearer, createTestApp, type TestApp } from "../../testing/app.js";
import {
  attendee,
  book,
  eventType,
  type Host,
  hostIn,
  icsProp,
  NOW,
} from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";
import { type CapturedMail, startSmtpCatcher } from "../../testing/smtp.js";

// New York: Thursday 2026-10-29 is on EDT (UTC-4), Monday 2026-11-02 on EST (UTC-5).
const THU_10AM = "2026-10-29T14:00:00.000Z";
const THU_11AM = "2026-10-29T15:00:00.000Z";
const FRI_10AM = "2026-10-30T14:00:00.000Z";
const SAT_10AM = "2026-10-31T14:00:00.000Z";
const MON_10AM = "2026-11-02T15:00:00.000Z";

function inviteOf(mail: CapturedMail): string {
  const part = mail.parsed.attachments.find((a) => a.contentType.startsWith("text/calendar"));
  if (!part) throw new Error(`no invite in mail to ${mail.to}`);
  return part.content.toString("utf8");
}

describe.each(dbKinds)("the host's meetings on %s", (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  let clock = NOW;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp(kind, {
      now: () => clock,
      config: { smtpUrl: smtp.url, publicUrl: "https://kairos.test" },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => {
    clock = NOW;
  });

  const call = (method: "GET" | "PUT", url: string, token?: string, payload?: object) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });
  const deliver = async () => {
    await t.app.jobs.flush(MAIL_JOB);
    return smtp.mails.splice(0);
  };
  const labels = async (url: string, token?: string) => {
    const res = await call("GET", url, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.map((s: { startTime: string }) => s.startTime) as string[];
  };
  const list = async (host: Host, query: string) => {
    const res = await call("GET", `/api/bookings?${query}`, host.token);
    expect(res.statusCode, res.body).toBe(200);
    const json = res.json();
    return {
      starts: json.data.map((b: { startTime: string }) => b.startTime) as string[],
      pagination: json.pagination,
    };
  };

  it("moves a booking to another free slot: same booking, old slot freed, both sides mailed", async () => {
    const host = await hostIn(t.app, "America/New_York", "Grace Hopper");
    const stranger = await hostIn(t.app, "America/New_York");
    const et = await eventType(t.app, host, { title: "Intro" });
    const created = await book(t.app, et._id, THU_10AM, {
      attendee: attendee({ name: "Eve", email: "eve@example.com", timezone: "Asia/Kolkata" }),
    });
    const b = created.json().data;
    expect((await book(t.app, et._id, THU_11AM)).statusCode).toBe(201);
    await deliver();

    const path = `/api/bookings/${b._id}/reschedule`;
    const notYours = await call("PUT", path, stranger.token, { startTime: MON_10AM });
    expect(notYours.statusCode).toBe(404);
    expect((await call("PUT", path, undefined, { startTime: MON_10AM })).statusCode).toBe(401);
    const taken = await call("PUT", path, host.token, { startTime: THU_11AM });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errorCode).toBe("SLOT_TAKEN");
    const weekend = await call("PUT", path, host.token, { startTime: SAT_10AM });
    expect(weekend.statusCode).toBe(409);
    expect(weekend.json().errorCode).toBe("SLOT_UNAVAILABLE");
    const bad = await call("PUT", path, host.token, { startTime: "next monday" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty("startTime");
    expect(await deliver()).toEqual([]);

    const moved = await call("PUT", path, host.token, { startTime: "2026-11-02T10:00:00-05:00" });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({
      _id: b._id,
      uid: b.uid,
      startTime: MON_10AM,
      endTime: "2026-11-02T15:30:00.000Z",
      status: "confirmed",
      rescheduleCount: 1,
    });
    const thursday = `/api/bookings/availability/${et._id}?date=2026-10-29&timezone=America/New_York`;
    expect(await labels(thursday)).toContain("10:00am");
    expect(await labels(thursday)).not.toContain("11:00am");
    const monday = await labels(
      `/api/bookings/availability/${et._id}?date=2026-11-02&timezone=America/New_York`,
    );
    expect(monday).not.toContain("10:00am");

    const mails = await deliver();
    expect(mails.map((m) => m.to)).toEqual([["eve@example.com"], [host.email]]);
    for (const mail of mails) {
      expect(mail.parsed.subject).toMatch(/^Rescheduled: Intro with /);
      const ics = inviteOf(mail);
      expect(icsProp(ics, "METHOD")).toBe("METHOD:REQUEST");
      expect(icsProp(ics, "UID")).toBe(`UID:${b.uid}@kairos`);
      expect(icsProp(ics, "SEQUENCE")).toBe("SEQUENCE:1");
      expect(icsProp(ics, "DTSTART")).toBe("DTSTART;TZID=America/New_York:20261102T100000");
    }
    const [invitee, hostMail] = mails;
    expect(invitee.parsed.text).toContain("Grace Hopper moved your meeting to a new time.");
    // 10:00 EDT on Thursday was 7:30pm in Kolkata; Monday 10:00 EST is 8:30pm there.
    expect(invitee.parsed.text).toContain("Previously: Thursday, October 29, 2026, 7:30pm (Asia/Kolkata)");
    expect(invitee.parsed.text).toContain("Monday, November 2, 2026, 8:30pm - 9:00pm (Asia/Kolkata)");
    expect(hostMail.parsed.text).toContain("You moved Intro with Eve to a new time.");

    // The invitee's mail carries working manage links (a new token: the server keeps only hashes),
    // the host's mail none, and the links of the first mail still work.
    const token = /booking-confirmed\?uid=[^&\s]+&token=([A-Za-z0-9_-]+)/.exec(
      invitee.parsed.text ?? "",
    )?.[1];
    expect(token).toBeDefined();
    expect(token).not.toBe(b.manageToken);
    expect(hostMail.parsed.text).not.toContain("token=");
    for (const t of [token, b.manageToken]) {
      const view = await call("GET", `/api/bookings/public/${b.uid}?token=${t}`);
      expect(view.statusCode).toBe(200);
      expect(view.json().data.startTime).toBe(MON_10AM);
    }
    expect((await call("GET", `/api/bookings/public/${b.uid}?token=${"x".repeat(43)}`)).statusCode).toBe(404);

    // Moving it to its own time changes nothing; a cancelled booking cannot move.
    const same = await call("PUT", path, host.token, { startTime: MON_10AM });
    expect(same.json().data.rescheduleCount).toBe(1);
    expect(await deliver()).toEqual([]);
    await call("PUT", `/api/bookings/${b._id}/cancel`, host.token, { reason: "Other" });
    await deliver();
    const closed = await call("PUT", path, host.token, { startTime: FRI_10AM });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().errorCode).toBe("BOOKING_CLOSED");
    expect(await deliver()).toEqual([]);
  });

  it("shows the moved booking's own time as free to its host and to the invitee with the token", async () => {
    const host = await hostIn(t.app, "America/New_York");
    const stranger = await hostIn(t.app, "America/New_York");
    const et = await eventType(t.app, host);
    const b = (await book(t.app, et._id, THU_10AM)).json().data;
    const base = `/api/bookings/availability/${et._id}?date=2026-10-29&timezone=America/New_York`;

    expect(await labels(base)).not.toContain("10:00am");
    expect(await labels(`${base}&excludeBookingId=${b._id}`, host.token)).toContain("10:00am");
    // Anyone else naming the booking gets the public slots.
    expect(await labels(`${base}&excludeBookingId=${b._id}`)).not.toContain("10:00am");
    expect(await labels(`${base}&excludeBookingId=${b._id}`, stranger.token)).not.toContain("10:00am");
    expect(await labels(`${base}&reschedule=${b.uid}&token=${b.manageToken}`)).toContain("10:00am");
    expect(await labels(`${base}&reschedule=${b.uid}&token=${"x".repeat(43)}`)).not.toContain("10:00am");
    const noToken = await call("GET", `${base}&reschedule=${b.uid}`);
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().errors).toHaveProperty("token");
    const badId = await call("GET", `${base}&excludeBookingId=nope`, host.token);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors).toHaveProperty("excludeBookingId");
    const month = await call(
      "GET",
      `/api/bookings/availability/${et._id}?month=2026-10&timezone=America/New_York&excludeBookingId=${b._id}`,
      host.token,
    );
    expect(month.json().data.days).toContain("2026-10-29");
    // Through the exclusion the host moves it by 30 minutes, overlapping its old time.
    const nudged = await call("PUT", `/api/bookings/${b._id}/reschedule`, host.token, {
      startTime: "2026-10-29T14:30:00Z",
    });
    expect(nudged.statusCode, nudged.body).toBe(200);
    await deliver();
  });

  it("lists upcoming soonest first, past latest first, and pages across the two", async () => {
    const host = await hostIn(t.app, "America/New_York");
    const other = await hostIn(t.app, "America/New_York");
    const et = await eventType(t.app, host, { title: "Portfolio review" });
    // Booked a week earlier, for days that are over by now.
    clock = new Date("2026-10-19T12:00:00Z");
    const tue = "2026-10-20T14:00:00.000Z";
    const wed = "2026-10-21T14:00:00.000Z";
    expect((await book(t.app, et._id, tue)).statusCode).toBe(201);
    const pastNoShow = (await book(t.app, et._id, wed)).json().data;
    clock = NOW;
    await call("PUT", `/api/bookings/${pastNoShow._id}/no-show`, host.token, {});
    for (const at of [MON_10AM, THU_10AM, FRI_10AM])
      expect((await book(t.app, et._id, at)).statusCode).toBe(201);
    expect((await list(host, "when=upcoming")).starts).toEqual([THU_10AM, FRI_10AM, MON_10AM]);
    expect((await list(host, "when=past")).starts).toEqual([wed, tue]);
    const all = await list(host, "");
    expect(all.starts).toEqual([THU_10AM, FRI_10AM, MON_10AM, wed, tue]);
    expect(all.pagination).toEqual({ page: 1, limit: 20, total: 5, totalPages: 1, totalCapped: false });
    expect((await list(host, "limit=2&page=2")).starts).toEqual([MON_10AM, wed]);
    const last = await list(host, "limit=2&page=3");
    expect(last.starts).toEqual([tue]);
    expect(last.pagination).toEqual({ page: 3, limit: 2, total: 5, totalPages: 3, totalCapped: false });
    expect((await list(host, "limit=2&page=4")).starts).toEqual([]);
    expect((await list(host, "when=past&limit=1&page=2")).starts).toEqual([tue]);

    // Status and when combine; the status reads as the badge does.
    expect((await list(host, "status=completed")).starts).toEqual([tue]);
    expect((await list(host, "status=no_show")).starts).toEqual([wed]);
    expect((await list(host, "status=confirmed")).starts).toEqual([THU_10AM, FRI_10AM, MON_10AM]);
    expect((await list(host, "when=past&status=confirmed")).starts).toEqual([]);
    expect((await list(host, "when=upcoming&limit=2&page=2")).starts).toEqual([MON_10AM]);

    // A meeting in progress is still upcoming; once over it is past.
    clock = new Date("2026-10-29T14:15:00Z");
    expect((await list(host, "when=upcoming")).starts[0]).toBe(THU_10AM);
    clock = new Date("2026-10-29T14:30:00Z");
    expect((await list(host, "when=past")).starts[0]).toBe(THU_10AM);
    clock = NOW;

    // Search: any case, any part of name, email, phone or event title; wildcards are plain text.
    const found = (query: string) => list(host, `search=${encodeURIComponent(query)}`);
    await call("PUT", `/api/bookings/${pastNoShow._id}/no-show`, host.token, { noShow: false });
    expect((await found(pastNoShow.attendee.name.toUpperCase())).starts).toEqual([wed]);
    expect((await found(pastNoShow.attendee.email.slice(2, 12))).starts).toEqual([wed]);
    expect((await found("PORTFOLIO review")).pagination.total).toBe(5);
    // Few matches are collected before sorting (repo-list.ts pageOf): the same order and pages.
    expect((await found("PORTFOLIO review")).starts).toEqual([THU_10AM, FRI_10AM, MON_10AM, wed, tue]);
    expect((await list(host, "search=portfolio&limit=2&page=2")).starts).toEqual([MON_10AM, wed]);
    expect((await found("5551234")).pagination.total).toBe(5);
    expect((await found("_")).pagination.total).toBe(0);
    expect((await found("%")).pagination.total).toBe(0);

    // Search takes the event type's current title too, after a rename.
    await call("PUT", `/api/event-types/${et._id}`, host.token, { title: "Design critique" });
    expect((await list(host, "search=critique")).pagination.total).toBe(5);
    expect((await list(host, "search=portfolio")).pagination.total).toBe(5);
    expect((await list(host, "search=50%25")).pagination.total).toBe(0);
    expect((await list(other, "")).pagination.total).toBe(0);
    expect((await list(other, "search=critique")).pagination.total).toBe(0);
    const bad = await call("GET", "/api/bookings?when=later", host.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty("when");
    await deliver();
  });

  /**
   * `count` hourly bookings of "Person i", written straight into the table: the first starts
   * `firstHour` hours from NOW, each next one an hour later (step 1) or earlier (step -1).
   */
  async function insertHourly(
    host: Host,
    et: { _id: string; slug: string },
    count: number,
    firstHour: number,
  ) {
    const step = firstHour < 0 ? -1 : 1;
    const rows = Array.from({ length: count }, (_, i) => {
      const id = randomUUID();
      const start = new Date(NOW.getTime() + (firstHour + step * i) * 3_600_000);
      return {
        id,
        uid: id.replaceAll("-", ""),
        hostUserId: host.userId,
        eventTypeId: et._id,
        eventTitle: "Daily standup",
        eventColor: "#3B82F6",
        eventSlug: et.slug,
        startTime: start,
        endTime: new Date(start.getTime() + 30 * 60_000),
        slotKey: id,
        attendeeName: `Person ${i}`,
        attendeeEmail: `p${i}@example.com`,
        attendeePhone: "5550000000",
        attendeeTimezone: "UTC",
        hostTimezone: "UTC",
        manageTokenHash: "x".repeat(64),
      };
    });
    for (let i = 0; i < rows.length; i += 500)
      await t.database.db.insert(bookings).values(rows.slice(i, i + 500));
    return rows;
  }

  it("caps the count of both sides together, upcoming first, and pages across them", async () => {
    const host = await hostIn(t.app, "UTC");
    const et = await eventType(t.app, host, { title: "Daily standup" });
    const upcoming = await insertHourly(host, et, 250, 2);
    const past = await insertHourly(host, et, 150, -2);
    const startsOf = (rows: { startTime: Date }[]) => rows.map((r) => r.startTime.toISOString());
    // 400 matches, 250 of them upcoming: counting stops at 200 and never reaches the past side.
    const first = await list(host, "search=person");
    expect(first.pagination).toMatchObject({ total: 200, totalPages: 10, totalCapped: true });
    expect(first.starts).toEqual(startsOf(upcoming.slice(0, 20)));
    // Page 13 ends the upcoming side and begins the past one, latest first; it counts to its end.
    const across = await list(host, "search=person&page=13");
    expect(across.pagination).toMatchObject({ total: 260, totalCapped: true });
    expect(across.starts).toEqual(startsOf([...upcoming.slice(240), ...past.slice(0, 10)]));
    const last = await list(host, "search=person&page=20");
    expect(last.pagination).toMatchObject({ total: 400, totalPages: 20, totalCapped: false });
    expect(last.starts).toEqual(startsOf(past.slice(130)));
    // Without a search the cap is 1,000: all 400 counted.
    expect((await list(host, "limit=20")).pagination).toMatchObject({ total: 400, totalCapped: false });
    // A narrow search counts both sides exactly: Person 14 and 140-149 on each.
    const narrow = await list(host, "search=person 14");
    expect(narrow.pagination).toMatchObject({ total: 22, totalPages: 2, totalCapped: false });
    const mine = (rows: typeof past) => [rows[14], ...rows.slice(140, 150)];
    expect(narrow.starts).toEqual(startsOf([...mine(upcoming), ...mine(past)].slice(0, 20)));
  });

  it("stops counting at 1,000 matches and counts further for later pages", async () => {
    const host = await hostIn(t.app, "UTC");
    const et = await eventType(t.app, host, { title: "Daily standup" });
    // 1,030 past hourly bookings, written straight into the table.
    const rows = await insertHourly(host, et, 1030, -2);

    const first = await list(host, "limit=20");
    expect(first.pagination).toEqual({ page: 1, limit: 20, total: 1000, totalPages: 50, totalCapped: true });
    expect(first.starts[0]).toBe(rows[0].startTime.toISOString());
    const deep = await list(host, "limit=20&page=51");
    expect(deep.pagination).toMatchObject({ total: 1020, totalCapped: true });
    // A deep page is the same 20 bookings, in order, as the list read from the start.
    const startsOf = (from: number, to: number) => rows.slice(from, to).map((r) => r.startTime.toISOString());
    expect(deep.starts).toEqual(startsOf(1000, 1020));
    const last = await list(host, "limit=20&page=52");
    expect(last.pagination).toEqual({ page: 52, limit: 20, total: 1030, totalPages: 52, totalCapped: false });
    expect(last.starts).toHaveLength(10);
    expect(last.starts.at(-1)).toBe(rows[1029].startTime.toISOString());
    // A search counts to 200; a narrower one exactly.
    const many = await list(host, "search=person");
    expect(many.pagination).toMatchObject({ total: 200, totalPages: 10, totalCapped: true });
    const manyDeep = await list(host, "search=person&page=11");
    expect(manyDeep.pagination).toMatchObject({ total: 220, totalCapped: true });
    expect(manyDeep.starts).toEqual(startsOf(200, 220));
    const some = await list(host, "search=person 102");
    expect(some.pagination).toMatchObject({ total: 11, totalCapped: false });
    const latestFirst = [102, ...Array.from({ length: 10 }, (_, i) => 1020 + i)];
    expect(some.starts).toEqual(latestFirst.map((i) => rows[i].startTime.toISOString()));
    expect((await list(host, "search=person 102&limit=5&page=2")).starts).toEqual(
      latestFirst.slice(5, 10).map((i) => rows[i].startTime.toISOString()),
    );
  });
});
