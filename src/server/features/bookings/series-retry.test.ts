import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAIL_JOB } from "../../mail/outbox.js";
import { createTestApp, type TestApp } from "../../testing/app.js";
import {
  attendee,
  bookingSettings,
  eventType,
  hostBookings,
  hostIn,
  NOW,
} from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";
import { startSmtpCatcher } from "../../testing/smtp.js";

// Issue 28 item 3: a retried series answers the series it made; "this and following" cancels racing
// each other cancel, mail and announce every occurrence once. (Booking a series: series.test.ts.)
const FIRST = "2026-10-29T13:00:00.000Z"; // Thursday 9:00 New York
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(dbKinds)("retried series and racing cancels on %s", (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  /** Every "cancelled" announcement, by booking id. */
  const cancelled: string[] = [];
  /** Interleaves two cancels: runs at each announcement inside its transaction. */
  let gate: ((bookingId: string) => Promise<void>) | null = null;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp(kind, {
      now: () => NOW,
      bookingListeners: [
        async (_reader, change) => {
          if (change.kind !== "cancelled") return;
          cancelled.push(change.booking.booking.id);
          await gate?.(change.booking.booking.id);
        },
      ],
      config: { smtpUrl: smtp.url, publicUrl: "https://kairos.test" },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const weeklyType = async (name: string) => {
    const host = await hostIn(t.app, "America/New_York", name);
    const et = await eventType(t.app, host, {
      title: "Coaching",
      recurrence: { frequency: "weekly", maxOccurrences: 10 },
      bookingSettings: bookingSettings({ daysAhead: 90 }),
    });
    return { host, et };
  };
  const series = (etId: string, extra: { key?: string; name?: string; occurrences?: number } = {}) =>
    t.app.inject({
      method: "POST",
      url: "/api/bookings/series",
      headers: extra.key ? { "idempotency-key": extra.key } : {},
      payload: {
        eventTypeId: etId,
        startTime: FIRST,
        occurrences: extra.occurrences ?? 5,
        attendee: attendee({
          name: extra.name ?? "Sam Series",
          timezone: "America/New_York",
          email: "sam.series@example.com",
          phone: "+14155550134",
        }),
      },
    });

  it("a retried series with its idempotency key answers the same series and token; nothing is written twice", async () => {
    const { host, et } = await weeklyType("Rita Retry");
    const key = `series-${crypto.randomUUID()}`;
    const first = await series(et._id, { key });
    expect(first.statusCode, first.body).toBe(201);
    const made = first.json().data;

    const again = await series(et._id, { key });
    expect(again.statusCode, again.body).toBe(200);
    const retried = again.json().data;
    expect(retried.booking.manageToken).toBe(made.booking.manageToken);
    expect(retried.booking.uid).toBe(made.booking.uid);
    expect(retried.series).toEqual(made.series);

    // Without the key: the series, but no token and nothing private.
    const bare = await series(et._id);
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json().data.booking.manageToken).toBeUndefined();
    expect(bare.json().data.booking.answers).toBeUndefined();
    expect(bare.json().data.series.id).toBe(made.series.id);

    // Two clicks at once: one series, both answered with it.
    const { et: other } = await weeklyType("Rita Twice");
    const both = await Promise.all([series(other._id, { key }), series(other._id, { key })]);
    expect(both.map((r) => r.statusCode).sort(), both.map((r) => r.body).join(" ")).toEqual([200, 201]);
    expect(both[0].json().data.series.id).toBe(both[1].json().data.series.id);
    expect(both[0].json().data.booking.manageToken).toBe(both[1].json().data.booking.manageToken);

    // The same invitee with other details: the single booking's clear error, nothing written.
    const renamed = await series(et._id, { key, name: "Someone Else" });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toMatchObject({
      errorCode: "ALREADY_BOOKED",
      message: "You already have a booking at this time.",
    });
    // Another series over the same dates (a different length) is no retry: it collides.
    const longer = await series(et._id, { key, occurrences: 6 });
    expect(longer.statusCode).toBe(409);
    expect(longer.json().errorCode).toBe("SERIES_CONFLICT");
    expect((await hostBookings(t.app, host)).pagination.total).toBe(5);
  });

  /** A five-week series, its occurrences' uids and ids, and a cancel of one by the invitee's token. */
  async function fiveWeeks(name: string) {
    const { host, et } = await weeklyType(name);
    const made = (await series(et._id)).json().data;
    const { uid, manageToken } = made.booking;
    const page = await t.app.inject({
      method: "GET",
      url: `/api/bookings/public/${uid}?token=${manageToken}`,
    });
    const occurrences = page.json().data.series.occurrences as { uid: string; status: string }[];
    const ids = (await hostBookings(t.app, host)).data
      .sort((a, b) => a.startTime.localeCompare(b.startTime))
      .map((b) => b._id);
    const cancel = (i: number, scope: "this" | "following") =>
      t.app.inject({
        method: "POST",
        url: `/api/bookings/public/${occurrences[i].uid}/cancel`,
        payload: { token: manageToken, reason: "Changed plans", scope },
      });
    const statuses = async () =>
      (await t.app.inject({ method: "GET", url: `/api/bookings/public/${uid}?token=${manageToken}` }))
        .json()
        .data.series.occurrences.map((o: { status: string }) => o.status);
    await t.app.jobs.flush(MAIL_JOB);
    smtp.mails.splice(0);
    cancelled.splice(0);
    return { ids, cancel, statuses };
  }

  async function cancelMails() {
    await t.app.jobs.flush(MAIL_JOB);
    return smtp.mails
      .splice(0)
      .filter((m) => m.to.includes("sam.series@example.com") && m.parsed.subject?.startsWith("Cancelled"));
  }

  const counts = (ids: string[]) => ids.map((id) => cancelled.filter((c) => c === id).length);

  it("two 'this and following' cancels racing: every occurrence cancelled, mailed and announced once", async () => {
    const { ids, cancel, statuses } = await fiveWeeks("Rhea Race");
    // The 3rd's cancel takes its row and waits inside its transaction while the 2nd's reads the later
    // occurrences: without the lock on them, the 2nd would read them held and cancel them again.
    let thirdLocked: () => void = () => {};
    const thirdHasIt = new Promise<void>((resolve) => {
      thirdLocked = resolve;
    });
    gate = async (id) => {
      if (id === ids[2]) {
        thirdLocked();
        await sleep(300);
      }
      // (On PGlite one transaction runs at a time: the 3rd's never starts while the 2nd's waits here.)
      if (id === ids[1]) await Promise.race([thirdHasIt, sleep(300)]);
    };
    const [fromSecond, fromThird] = await Promise.all([
      cancel(1, "following"),
      sleep(50).then(() => cancel(2, "following")),
    ]);
    gate = null;
    const ok = [fromSecond, fromThird].filter((r) => r.statusCode === 200);
    for (const r of [fromSecond, fromThird].filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().errorCode).toBe("BOOKING_CLOSED");
    }
    expect(await statuses()).toEqual(["confirmed", "cancelled", "cancelled", "cancelled", "cancelled"]);
    expect(counts(ids)).toEqual([0, 1, 1, 1, 1]);
    // One mail per cancel that cancelled something; together they drop each date once.
    expect(await cancelMails()).toHaveLength(ok.length);
  });

  it("'this one' racing 'this and following': each occurrence cancelled, mailed and announced once", async () => {
    const { ids, cancel, statuses } = await fiveWeeks("Rory Race");
    const answers = await Promise.all([cancel(1, "following"), cancel(3, "this"), cancel(2, "following")]);
    const ok = answers.filter((r) => r.statusCode === 200);
    for (const r of answers.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().errorCode).toBe("BOOKING_CLOSED");
    }
    expect(await statuses()).toEqual(["confirmed", "cancelled", "cancelled", "cancelled", "cancelled"]);
    expect(counts(ids)).toEqual([0, 1, 1, 1, 1]);
    expect(await cancelMails()).toHaveLength(ok.length);
  });
});
