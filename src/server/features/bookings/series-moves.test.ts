import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { busyFromICalendar } from "../../calendar-providers/ical-busy.js";
import { MAIL_JOB } from "../../mail/outbox.js";
import { bearer, createTestApp, type TestApp } from "../../testing/app.js";
import {
  attendee,
  book,
  bookingSettings,
  eventType,
  hostBookings,
  hostIn,
  icsProp,
  NOW,
} from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";
import { startSmtpCatcher } from "../../testing/smtp.js";

// Issue 28 item 3: rescheduling "this and following" occurrences of a series, and the invites a move
// mails (the series' with the old date excluded, the moved occurrence's own). Booking: series.test.ts.
const FIRST = "2026-10-29T13:00:00.000Z"; // Thursday 9:00 New York (EDT); from 1 November 9:00 is 14:00Z
const week = (n: number, hourZ = 14) =>
  new Date(Date.UTC(2026, 9, 29 + 7 * n, n === 0 ? 13 : hourZ)).toISOString();
const INVITEE = "sam.series@example.com";

/** The instants an invite's events happen at, expanded as calendar apps do (ical.js). */
const expand = (ics: string) =>
  busyFromICalendar(
    [ics],
    { from: 0, to: Date.parse("2028-01-01") },
    { floatingZone: "UTC", allDayBusy: false },
  )
    .map((b) => new Date(b.start).toISOString())
    .sort();

describe.each(dbKinds)("moving occurrences of a recurring booking on %s", (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  const moved: { id: string; previousStart: string }[] = [];
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp(kind, {
      now: () => NOW,
      bookingListeners: [
        async (_reader, change) => {
          if (change.kind === "moved")
            moved.push({ id: change.booking.booking.id, previousStart: change.previousStart.toISOString() });
        },
      ],
      config: { smtpUrl: smtp.url, publicUrl: "https://kairos.test" },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const post = (url: string, payload: object) => t.app.inject({ method: "POST", url, payload });
  async function madeSeries(name: string, count: number) {
    const host = await hostIn(t.app, "America/New_York", name);
    const et = await eventType(t.app, host, {
      title: "Coaching",
      recurrence: { frequency: "weekly", maxOccurrences: 10 },
      bookingSettings: bookingSettings({ daysAhead: 90 }),
    });
    const res = await post("/api/bookings/series", {
      eventTypeId: et._id,
      startTime: FIRST,
      occurrences: count,
      attendee: attendee({ timezone: "America/New_York", email: INVITEE, phone: "+14155550134" }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { uid, manageToken } = res.json().data.booking;
    const page = async (of = uid) =>
      (await t.app.inject({ method: "GET", url: `/api/bookings/public/${of}?token=${manageToken}` })).json()
        .data.series as {
        id: string;
        count: number;
        occurrences: { index: number; uid: string; status: string; startTime: string }[];
      };
    const occurrences = (await page()).occurrences;
    const move = (i: number, startTime: string, scope?: "this" | "following") =>
      post(`/api/bookings/public/${occurrences[i].uid}/reschedule`, { token: manageToken, startTime, scope });
    await t.app.jobs.flush(MAIL_JOB);
    smtp.mails.splice(0);
    moved.splice(0);
    return { host, et, occurrences, page, move, manageToken };
  }

  /** The invitee's mails since the last call: subject and each attached invite by its UID. */
  async function inviteeMails() {
    await t.app.jobs.flush(MAIL_JOB);
    return smtp.mails
      .splice(0)
      .filter((m) => m.to.includes(INVITEE))
      .map((m) => {
        const invites = new Map<string, string>();
        for (const a of m.parsed.attachments) {
          const ics = a.content.toString("utf8");
          const uid = icsProp(ics, "UID")?.slice(4);
          if (ics.includes("BEGIN:VEVENT") && uid) invites.set(uid, ics);
        }
        return { subject: m.parsed.subject ?? "", text: m.parsed.text ?? "", invites };
      });
  }

  const confirmedStarts = async (host: Awaited<ReturnType<typeof hostIn>>) =>
    (await hostBookings(t.app, host, "&status=confirmed")).data.map((b) => b.startTime).sort();

  it("moves an occurrence and the following ones to a new cadence; a collision names its date and changes nothing", async () => {
    const { host, et, occurrences, page, move, manageToken } = await madeSeries("Mona Move", 5);
    const original = (await page()).id;
    // The 4th is cancelled first: its place stays empty in the moved series.
    const hole = await post(`/api/bookings/public/${occurrences[3].uid}/cancel`, {
      token: manageToken,
      reason: "Changed plans",
    });
    expect(hole.statusCode, hole.body).toBe(200);
    await inviteeMails();

    // The 3rd and following to Fridays 10:00 New York (15:00Z) from 13 November: the 5th's new date
    // (27 November) is taken by someone else.
    const other = await book(t.app, et._id, "2026-11-27T15:00:00.000Z", {
      attendee: attendee({ email: "other@example.com" }),
    });
    expect(other.statusCode, other.body).toBe(201);
    const before = await confirmedStarts(host);
    const refused = await move(2, "2026-11-13T15:00:00.000Z", "following");
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      errorCode: "SERIES_CONFLICT",
      message: "Some occurrences are not available: Friday, November 27, 2026 10:00am.",
      errors: { "2026-11-27T15:00:00.000Z": "Already booked" },
    });
    expect(await confirmedStarts(host)).toEqual(before);
    expect(moved).toEqual([]);
    expect(await inviteeMails()).toEqual([]);

    // Bad input: a clear error, nothing changed.
    const bad = await move(2, "2026-11-13T15:00:00.000Z", "all" as "this");
    expect(bad.statusCode).toBe(400);
    const cancelOther = await t.app.inject({
      method: "PUT",
      url: `/api/bookings/${other.json().data._id}/cancel`,
      headers: bearer(host.token),
      payload: { reason: "Scheduling conflict" },
    });
    expect(cancelOther.statusCode).toBe(200);
    await inviteeMails();

    const ok = await move(2, "2026-11-13T15:00:00.000Z", "following");
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.startTime).toBe("2026-11-13T15:00:00.000Z");
    expect(await confirmedStarts(host)).toEqual([
      week(0),
      week(1),
      "2026-11-13T15:00:00.000Z",
      "2026-11-27T15:00:00.000Z",
    ]);
    // The old series ends after the 2nd; a new one, linked to it, holds the moved three.
    const old = await page();
    expect(old.count).toBe(2);
    expect(old.occurrences.map((o) => o.status)).toEqual(["confirmed", "confirmed"]);
    const moving = await page(occurrences[2].uid);
    expect(moving.id).not.toBe(original);
    expect(moving.count).toBe(3);
    expect(moving.occurrences.map((o) => [o.index, o.uid, o.status, o.startTime])).toEqual([
      [0, occurrences[2].uid, "confirmed", "2026-11-13T15:00:00.000Z"],
      [1, occurrences[3].uid, "cancelled", week(3)],
      [2, occurrences[4].uid, "confirmed", "2026-11-27T15:00:00.000Z"],
    ]);
    // Each moved occurrence is announced as a reschedule (webhooks, workflows, calendars), once.
    expect(moved.map((m) => m.previousStart).sort()).toEqual([week(2), week(4)]);

    // One mail: the new series' invite, and the old series' update (same UID, higher SEQUENCE, two dates).
    const mails = await inviteeMails();
    expect(mails.map((m) => m.subject.split(":")[0])).toEqual(["Rescheduled"]);
    const [mail] = mails;
    expect(mail.text).toContain("Friday, November 27, 2026, 10:00am");
    const newInvite = mail.invites.get(`series-${moving.id}@kairos`) ?? "";
    const oldInvite = mail.invites.get(`series-${original}@kairos`) ?? "";
    expect(expand(newInvite)).toEqual(["2026-11-13T15:00:00.000Z", "2026-11-27T15:00:00.000Z"]);
    expect(icsProp(newInvite, "EXDATE")).toBe("EXDATE;TZID=America/New_York:20261120T100000");
    expect(icsProp(newInvite, "RRULE")).toBe("RRULE:FREQ=WEEKLY;COUNT=3;INTERVAL=1");
    expect(expand(oldInvite)).toEqual([week(0), week(1)]);
    expect(icsProp(oldInvite, "METHOD")).toBe("METHOD:REQUEST");
    expect(Number(icsProp(oldInvite, "SEQUENCE")?.slice(9))).toBeGreaterThan(0);
  });

  it("the host moves 'this and following' a week on, over the series' own old times; another host cannot", async () => {
    const { host, occurrences } = await madeSeries("Hugo Host", 4);
    const ids = (await hostBookings(t.app, host, "&status=confirmed")).data
      .sort((a, b) => a.startTime.localeCompare(b.startTime))
      .map((b) => b._id);
    const put = (token: string, payload: object) =>
      t.app.inject({
        method: "PUT",
        url: `/api/bookings/${ids[1]}/reschedule`,
        headers: bearer(token),
        payload,
      });
    const stranger = await hostIn(t.app, "UTC");
    const denied = await put(stranger.token, { startTime: week(2), scope: "following" });
    expect(denied.statusCode).toBe(404);
    // The 2nd onto the 3rd's time, the 3rd onto the 4th's, the 4th a week past the end.
    const res = await put(host.token, { startTime: week(2), scope: "following" });
    expect(res.statusCode, res.body).toBe(200);
    expect(await confirmedStarts(host)).toEqual([week(0), week(2), week(3), week(4)]);
    expect(moved.map((m) => m.id).sort()).toEqual(ids.slice(1).sort());
    // The uids stay: the invitee's links keep working.
    expect(occurrences).toHaveLength(4);
    const mails = await inviteeMails();
    expect(mails).toHaveLength(1);
    const all = [...mails[0].invites.values()].flatMap(expand).sort();
    expect(all).toEqual([week(0), week(2), week(3), week(4)]);
  });

  it("'this one' moved: the mail's invite is its own event, and the series' invite drops its old date", async () => {
    const { occurrences, page, move, manageToken } = await madeSeries("Theo This", 4);
    const seriesId = (await page()).id;
    const res = await move(2, "2026-11-13T14:00:00.000Z", "this");
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await inviteeMails();
    const own = [...mail.invites.entries()].find(([uid]) => !uid.startsWith("series-"));
    const series = mail.invites.get(`series-${seriesId}@kairos`) ?? "";
    expect(own).toBeDefined();
    expect(expand(own?.[1] ?? "")).toEqual(["2026-11-13T14:00:00.000Z"]);
    // Same UID as the booked series, a higher SEQUENCE, the old date excluded.
    expect(expand(series)).toEqual([week(0), week(1), week(3)]);
    expect(icsProp(series, "METHOD")).toBe("METHOD:REQUEST");
    expect(Number(icsProp(series, "SEQUENCE")?.slice(9))).toBeGreaterThan(0);
    expect((await page()).occurrences.map((o) => o.startTime)).toEqual([
      week(0),
      week(1),
      "2026-11-13T14:00:00.000Z",
      week(3),
    ]);

    // Its .ics download is its own event too.
    const download = await t.app.inject({
      method: "GET",
      url: `/api/bookings/public/${occurrences[2].uid}/ics?token=${manageToken}`,
    });
    expect(icsProp(download.body, "UID")).toBe(`UID:${occurrences[2].uid}@kairos`);
    expect(expand(download.body)).toEqual(["2026-11-13T14:00:00.000Z"]);

    // Moved back onto its date: the series' invite has it again, and its own event is cancelled.
    const back = await move(2, week(2), "this");
    expect(back.statusCode, back.body).toBe(200);
    const [again] = await inviteeMails();
    const seriesAgain = again.invites.get(`series-${seriesId}@kairos`) ?? "";
    expect(expand(seriesAgain)).toEqual([week(0), week(1), week(2), week(3)]);
    expect(Number(icsProp(seriesAgain, "SEQUENCE")?.slice(9))).toBeGreaterThan(
      Number(icsProp(series, "SEQUENCE")?.slice(9)),
    );
    const ownAgain = again.invites.get(own?.[0] ?? "") ?? "";
    expect(icsProp(ownAgain, "METHOD")).toBe("METHOD:CANCEL");

    // A moved occurrence cancelled: the mail cancels its own event; the series' invite is not touched.
    expect((await move(1, "2026-11-06T14:00:00.000Z", "this")).statusCode).toBe(200);
    await inviteeMails();
    const cancel = await post(`/api/bookings/public/${occurrences[1].uid}/cancel`, {
      token: manageToken,
      reason: "Changed plans",
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [cancelMail] = await inviteeMails();
    expect([...cancelMail.invites.keys()]).toEqual([`${occurrences[1].uid}@kairos`]);
    expect(icsProp([...cancelMail.invites.values()][0], "METHOD")).toBe("METHOD:CANCEL");
  });
});
