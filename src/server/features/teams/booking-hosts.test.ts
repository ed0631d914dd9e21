import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CANCEL_REASONS } from "../../../contract/booking-constants.js";
import { bookingHosts } from "../../db/schema/index.js";
import { bearer, createTestApp, type TestApp } from "../../testing/app.js";
import { book, eventType, hostIn, NOW } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";

const THU_10AM = "2026-10-29T14:00:00.000Z";

describe.each(dbKinds)("booking_hosts on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
  }, 180_000);
  afterAll(() => t.close());

  const rowsOf = (bookingId: string) =>
    t.database.db.select().from(bookingHosts).where(eq(bookingHosts.bookingId, bookingId));

  it("follows its booking: created, moved and cancelled with it", async () => {
    const host = await hostIn(t.app, "America/New_York");
    const et = await eventType(t.app, host);
    const res = await book(t.app, et._id, THU_10AM);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data._id;
    expect(await rowsOf(id)).toMatchObject([
      { hostUserId: host.userId, status: "confirmed", startTime: new Date(THU_10AM) },
    ]);
    const moved = await t.app.inject({
      method: "PUT",
      url: `/api/bookings/${id}/reschedule`,
      headers: bearer(host.token),
      payload: { startTime: "2026-10-29T15:00:00.000Z" },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await rowsOf(id))[0].startTime.toISOString()).toBe("2026-10-29T15:00:00.000Z");
    const cancelled = await t.app.inject({
      method: "PUT",
      url: `/api/bookings/${id}/cancel`,
      headers: bearer(host.token),
      payload: { reason: CANCEL_REASONS[0] },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await rowsOf(id))[0].status).toBe("cancelled");
  });

  it("refuses a second host row that overlaps any confirmed booking of that host", async () => {
    const a = await hostIn(t.app, "America/New_York");
    const b = await hostIn(t.app, "America/New_York");
    const etA = await eventType(t.app, a);
    const etB = await eventType(t.app, b);
    const first = await book(t.app, etA._id, THU_10AM);
    const second = await book(t.app, etB._id, THU_10AM);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    // b's booking also occupying a (as a collective booking would) overlaps a's own booking.
    const row = (await rowsOf(second.json().data._id))[0];
    await expect(
      t.database.db.insert(bookingHosts).values({ ...row, hostUserId: a.userId }),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: "23P01" }) });
  });
});
