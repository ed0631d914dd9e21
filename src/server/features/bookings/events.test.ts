import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbOrTx } from "../../db/client.js";
import { bookings } from "../../db/schema/index.js";
import { bearer, createTestApp, type TestApp } from "../../testing/app.js";
import { book, eventType, hostBookings, hostIn, NOW } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";
import type { BookingChange } from "./events.js";

describe.each(dbKinds)("booking change listeners on %s", (kind) => {
  let t: TestApp;
  let clock = NOW;
  const seen: {
    kind: BookingChange["kind"];
    ahead: string;
    status: string;
    start: string;
    extra?: unknown;
  }[] = [];
  const statusOf = async (handle: DbOrTx, id: string) => {
    const [row] = await handle.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id));
    return row?.status ?? "missing";
  };
  let failNext = false;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      now: () => clock,
      bookingListeners: [
        async (reader, change) => {
          // What the listener reads first: a new booking is read before its transaction (no row yet),
          // any other change inside it.
          const ahead = await statusOf(reader, change.booking.booking.id);
          return async (tx, final) => {
            // The reaction runs inside the change's transaction: the row is already written.
            seen.push({
              kind: final.kind,
              ahead,
              status: await statusOf(tx, final.booking.booking.id),
              start: final.booking.booking.startTime.toISOString(),
              extra:
                final.kind === "moved"
                  ? final.previousStart.toISOString()
                  : final.kind === "cancelled"
                    ? final.by
                    : final.kind === "no_show"
                      ? final.noShow
                      : undefined,
            });
            if (failNext) {
              failNext = false;
              throw new Error("listener refused");
            }
          };
        },
      ],
    });
  });
  afterAll(() => t.close());

  it("announces create, move, cancel and no-show inside the change's transaction", async () => {
    const host = await hostIn(t.app, "America/New_York");
    const et = await eventType(t.app, host);
    const created = await book(t.app, et._id, "2026-10-29T10:00:00-04:00");
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data._id;
    const auth = { headers: bearer(host.token) };

    const moved = await t.app.inject({
      method: "PUT",
      url: `/api/bookings/${id}/reschedule`,
      ...auth,
      payload: { startTime: "2026-10-29T11:00:00-04:00" },
    });
    expect(moved.statusCode, moved.body).toBe(200);

    clock = new Date("2026-10-29T15:10:00Z");
    const noShow = await t.app.inject({
      method: "PUT",
      url: `/api/bookings/${id}/no-show`,
      ...auth,
      payload: { noShow: true },
    });
    expect(noShow.statusCode, noShow.body).toBe(200);
    clock = NOW;

    const second = await book(t.app, et._id, "2026-10-29T13:00:00-04:00");
    const cancelled = await t.app.inject({
      method: "PUT",
      url: `/api/bookings/${second.json().data._id}/cancel`,
      ...auth,
      payload: { reason: "Changed plans" },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    expect(seen).toEqual([
      {
        kind: "created",
        ahead: "missing",
        status: "confirmed",
        start: "2026-10-29T14:00:00.000Z",
        extra: undefined,
      },
      {
        kind: "moved",
        ahead: "confirmed",
        status: "confirmed",
        start: "2026-10-29T15:00:00.000Z",
        extra: "2026-10-29T14:00:00.000Z",
      },
      {
        kind: "no_show",
        ahead: "no_show",
        status: "no_show",
        start: "2026-10-29T15:00:00.000Z",
        extra: true,
      },
      {
        kind: "created",
        ahead: "missing",
        status: "confirmed",
        start: "2026-10-29T17:00:00.000Z",
        extra: undefined,
      },
      {
        kind: "cancelled",
        ahead: "cancelled",
        status: "cancelled",
        start: "2026-10-29T17:00:00.000Z",
        extra: "host",
      },
    ]);
  });

  it("rolls the booking back when a listener throws", async () => {
    const host = await hostIn(t.app, "America/New_York");
    const et = await eventType(t.app, host);
    failNext = true;
    const res = await book(t.app, et._id, "2026-10-30T10:00:00-04:00");
    expect(res.statusCode).toBe(500);
    expect((await hostBookings(t.app, host)).pagination.total).toBe(0);
  });
});
