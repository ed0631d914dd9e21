import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECURRENCE_KIND_MESSAGE, SERIES_OFF_MESSAGE } from "../../../contract/recurrence.js";
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
  NOW,
} from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";
import { startSmtpCatcher } from "../../testing/smtp.js";

// Thursday 29 October 2026, 9:00 in New York (EDT); New York falls back to EST on Sunday 1 November,
// so from the second occurrence on 9:00 is 14:00Z. The 6th occurrence is Thursday 3 December.
const FIRST = "2026-10-29T13:00:00.000Z";
const SIXTH = "2026-12-03T14:00:00.000Z";
const weekly = { frequency: "weekly", maxOccurrences: 10 };

// Issue 28 item 3: recurring bookings.
describe.each(dbKinds)("recurring bookings on %s", (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  /** Runs once, while a series' occurrences are being prepared (after its checks, before its write). */
  let interloper: (() => Promise<unknown>) | null = null;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp(kind, {
      now: () => NOW,
      bookingListeners: [
        async (_reader, change) => {
          if (change.kind !== "created" || change.booking.booking.seriesIndex !== 0 || !interloper) return;
          const run = interloper;
          interloper = null;
          await run();
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
  const weeklyType = async (zone = "America/New_York") => {
    const host = await hostIn(t.app, zone, "Rena Recurring");
    const et = await eventType(t.app, host, {
      title: "Coaching",
      recurrence: weekly,
      bookingSettings: bookingSettings({ daysAhead: 90 }),
    });
    return { host, et };
  };
  const series = (etId: string, extra: object = {}) =>
    post("/api/bookings/series", {
      eventTypeId: etId,
      startTime: FIRST,
      occurrences: 10,
      attendee: attendee({
        timezone: "America/New_York",
        email: "sam.series@example.com",
        phone: "+14155550134",
      }),
      ...extra,
    });

  it("a weekly series of 10 across the clock change with the 6th taken names the 6th; the rest books", async () => {
    const { host, et } = await weeklyType();
    expect((await book(t.app, et._id, SIXTH)).statusCode).toBe(201);

    // The preview lists the ten dates, 9:00 New York each, the 6th taken.
    const preview = await post("/api/bookings/series/preview", {
      eventTypeId: et._id,
      startTime: FIRST,
      occurrences: 10,
      timezone: "America/New_York",
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const listed = preview.json().data;
    expect(listed.description).toBe("Every week for 10 occurrences");
    expect(listed.occurrences.map((o: { startTime: string }) => o.startTime)).toEqual([
      "2026-10-29T13:00:00.000Z",
      "2026-11-05T14:00:00.000Z",
      "2026-11-12T14:00:00.000Z",
      "2026-11-19T14:00:00.000Z",
      "2026-11-26T14:00:00.000Z",
      SIXTH,
      "2026-12-10T14:00:00.000Z",
      "2026-12-17T14:00:00.000Z",
      "2026-12-24T14:00:00.000Z",
      "2026-12-31T14:00:00.000Z",
    ]);
    expect(listed.occurrences.filter((o: { problem: string | null }) => o.problem)).toEqual([
      { index: 5, startTime: SIXTH, problem: "Already booked" },
    ]);

    const refused = await series(et._id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      errorCode: "SERIES_CONFLICT",
      message: "Some occurrences are not available: Thursday, December 3, 2026 9:00am.",
      errors: { [SIXTH]: "Already booked" },
    });
    expect((await hostBookings(t.app, host)).pagination.total).toBe(1); // nothing written

    const res = await series(et._id, { skip: [SIXTH] });
    expect(res.statusCode, res.body).toBe(201);
    const { booking, series: made } = res.json().data;
    expect(booking.startTime).toBe(FIRST);
    expect(made.count).toBe(10);
    expect(made.occurrences.filter((o: { problem: string | null }) => o.problem)).toEqual([
      { index: 5, startTime: SIXTH, problem: "Skipped" },
    ]);
    const all = await hostBookings(t.app, host, "&status=confirmed");
    expect(all.pagination.total).toBe(10);
    // One confirmation for the series, not one per occurrence.
    await t.app.jobs.flush(MAIL_JOB);
    const toInvitee = smtp.mails.splice(0).filter((m) => m.to.includes("sam.series@example.com"));
    expect(toInvitee).toHaveLength(1);
    // It lists the dates, and its invite is one VEVENT repeating 9:00 New York with the 6th excluded:
    // expanded by ical.js (as calendar apps do), it gives exactly the nine booked instants.
    const text = toInvitee[0].parsed.text ?? "";
    expect(text).toContain("Every week for 10 occurrences");
    expect(text).toContain("Thursday, December 31, 2026, 9:00am");
    expect(text).not.toContain("Thursday, December 3, 2026, 9:00am");
    const ics = toInvitee[0].parsed.attachments
      .map((a) => a.content.toString("utf8"))
      .find((c) => c.includes("VEVENT"));
    expect(ics).toContain("RRULE:FREQ=WEEKLY;COUNT=10;INTERVAL=1");
    expect(ics).toContain("DTSTART;TZID=America/New_York:20261029T090000");
    expect(ics).toContain("EXDATE;TZID=America/New_York:20261203T090000");
    const expanded = busyFromICalendar(
      [ics ?? ""],
      { from: 0, to: Date.parse("2028-01-01") },
      {
        floatingZone: "UTC",
        allDayBusy: false,
      },
    ).map((b) => new Date(b.start).toISOString());
    // (The host's ten confirmed bookings are the nine occurrences and the other invitee's 6th.)
    expect(expanded).toEqual(
      all.data
        .map((b) => b.startTime)
        .filter((start) => start !== SIXTH)
        .sort(),
    );
    // The one manage link opens the series' occurrences.
    const page = await t.app.inject({
      method: "GET",
      url: `/api/bookings/public/${booking.uid}?token=${booking.manageToken}`,
    });
    expect(page.statusCode).toBe(200);
    const seen = page.json().data.series;
    expect(seen).toMatchObject({ index: 0, count: 10, description: "Every week for 10 occurrences" });
    expect(seen.occurrences.map((o: { index: number }) => o.index)).toEqual([0, 1, 2, 3, 4, 6, 7, 8, 9]);
    // The host's Meetings list says which occurrence each is.
    const listed3 = (await hostBookings(t.app, host, "&status=confirmed")).data as unknown as {
      startTime: string;
      series?: { index: number; count: number };
    }[];
    expect(listed3.find((b) => b.startTime === "2026-11-12T14:00:00.000Z")?.series).toMatchObject({
      index: 2,
      count: 10,
    });
  });

  it("a booking racing the series for one occurrence: exactly one of them holds it", async () => {
    const { host, et } = await weeklyType();
    const [whole, single] = await Promise.all([
      series(et._id),
      book(t.app, et._id, SIXTH, { attendee: attendee({ email: "racer@example.com" }) }),
    ]);
    const codes = [whole.statusCode, single.statusCode].sort();
    expect(codes, `${whole.body} ${single.body}`).toEqual([201, 409]);
    if (whole.statusCode === 409) {
      expect(whole.json().errorCode).toBe("SERIES_CONFLICT");
      expect(whole.json().errors).toEqual({ [SIXTH]: "Already booked" });
    }
    const atSixth = (await hostBookings(t.app, host, "&status=confirmed")).data.filter(
      (b) => b.startTime === SIXTH,
    );
    expect(atSixth).toHaveLength(1);
    const total = (await hostBookings(t.app, host, "&status=confirmed")).pagination.total;
    expect(total).toBe(whole.statusCode === 201 ? 10 : 1);
  });

  it("an occurrence taken between the checks and the write: the constraint refuses the series, naming it", async () => {
    const { host, et } = await weeklyType();
    let racer = 0;
    interloper = async () => {
      racer = (await book(t.app, et._id, SIXTH, { attendee: attendee({ email: "late@example.com" }) }))
        .statusCode;
    };
    const whole = await series(et._id);
    expect(racer).toBe(201);
    expect(whole.statusCode, whole.body).toBe(409);
    expect(whole.json()).toMatchObject({
      errorCode: "SERIES_CONFLICT",
      errors: { [SIXTH]: "Already booked" },
    });
    // All or nothing: only the interloper's booking is there.
    expect((await hostBookings(t.app, host)).pagination.total).toBe(1);
  });

  it("cancels one occurrence, or it and the following ones; another host cannot", async () => {
    const { host, et } = await weeklyType();
    const made = (await series(et._id, { occurrences: 5 })).json().data;
    const { uid, manageToken } = made.booking;
    const page = async () =>
      (await t.app.inject({ method: "GET", url: `/api/bookings/public/${uid}?token=${manageToken}` })).json()
        .data.series.occurrences as { index: number; status: string; uid: string; startTime: string }[];
    const [, second, third] = await page();
    // The invitee cancels only the 2nd (its own uid, the series' one token).
    const one = await post(`/api/bookings/public/${second.uid}/cancel`, {
      token: manageToken,
      reason: "Changed plans",
      scope: "this",
    });
    expect(one.statusCode, one.body).toBe(200);
    // Its mail's invite keeps the series on the calendar (same UID as the booked one), the 2nd excluded.
    await t.app.jobs.flush(MAIL_JOB);
    const mails = smtp.mails.splice(0).filter((m) => m.to.includes("sam.series@example.com"));
    const icsOf = (subject: string) =>
      mails
        .find((m) => m.parsed.subject?.startsWith(subject))
        ?.parsed.attachments.map((a) => a.content.toString("utf8"))
        .find((c) => c.includes("VEVENT")) ?? "";
    const [booked, cancelled] = [icsOf("Confirmed"), icsOf("Cancelled")];
    const uidOf = (ics: string) => /UID:(\S+)/.exec(ics)?.[1];
    expect(uidOf(cancelled)).toBe(uidOf(booked));
    expect(cancelled).toContain("METHOD:REQUEST");
    const left = busyFromICalendar(
      [cancelled],
      { from: 0, to: Date.parse("2028-01-01") },
      {
        floatingZone: "UTC",
        allDayBusy: false,
      },
    ).map((b) => new Date(b.start).toISOString());
    expect(left).toEqual((await page()).filter((o) => o.status === "confirmed").map((o) => o.startTime));
    expect((await page()).map((o) => o.status)).toEqual([
      "confirmed",
      "cancelled",
      "confirmed",
      "confirmed",
      "confirmed",
    ]);
    // The host cancels the 3rd and following; another host cannot touch them.
    const ids = (await hostBookings(t.app, host, "&status=confirmed")).data;
    const thirdId = ids.find((b) => b.startTime === "2026-11-12T14:00:00.000Z")?._id;
    const stranger = await hostIn(t.app, "UTC");
    const denied = await t.app.inject({
      method: "PUT",
      url: `/api/bookings/${thirdId}/cancel`,
      headers: bearer(stranger.token),
      payload: { reason: "Scheduling conflict", scope: "following" },
    });
    expect(denied.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: "PUT",
      url: `/api/bookings/${thirdId}/cancel`,
      headers: bearer(host.token),
      payload: { reason: "Scheduling conflict", scope: "all" },
    });
    expect(bad.statusCode).toBe(400);
    const following = await t.app.inject({
      method: "PUT",
      url: `/api/bookings/${thirdId}/cancel`,
      headers: bearer(host.token),
      payload: { reason: "Scheduling conflict", scope: "following" },
    });
    expect(following.statusCode, following.body).toBe(200);
    expect(third.index).toBe(2);
    expect((await page()).map((o) => o.status)).toEqual([
      "confirmed",
      "cancelled",
      "cancelled",
      "cancelled",
      "cancelled",
    ]);
  });

  it("refuses bad input with a clear error and writes nothing", async () => {
    const { host, et } = await weeklyType();
    const tooMany = await series(et._id, { occurrences: 11 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual({ occurrences: "At most 10 occurrences" });
    const notAnOccurrence = await series(et._id, { skip: ["2026-12-04T14:00:00.000Z"] });
    expect(notAnOccurrence.statusCode).toBe(400);
    const everything = await post("/api/bookings/series", {
      eventTypeId: et._id,
      startTime: FIRST,
      occurrences: 1,
      skip: [FIRST],
      attendee: attendee(),
    });
    expect(everything.statusCode).toBe(400);
    expect((await hostBookings(t.app, host)).pagination.total).toBe(0);

    const plain = await eventType(t.app, host);
    const off = await series(plain._id);
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe(SERIES_OFF_MESSAGE);

    // The setting: one-on-one only, never with confirmation required.
    const group = await t.app.inject({
      method: "POST",
      url: "/api/event-types",
      headers: bearer(host.token),
      payload: { type: "group", recurrence: weekly },
    });
    expect(group.statusCode).toBe(400);
    expect(group.json().errors).toEqual({ recurrence: RECURRENCE_KIND_MESSAGE });
    const turnOn = await t.app.inject({
      method: "PUT",
      url: `/api/event-types/${et._id}`,
      headers: bearer(host.token),
      payload: { confirmation: { required: true, noticeHours: null, expiryHours: 24 } },
    });
    expect(turnOn.statusCode).toBe(400);
    const kept = await t.app.inject({
      method: "GET",
      url: `/api/event-types/${et._id}`,
      headers: bearer(host.token),
    });
    expect(kept.json().data).toMatchObject({ recurrence: weekly, confirmation: { required: false } });
  });
});
