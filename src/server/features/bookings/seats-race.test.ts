import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { createTestApp, type TestApp } from "../../testing/app.js";
import { attendee, book, eventType, hostIn, NOW } from "../../testing/booking-fixtures.js";
import { createTestDatabase, dbKinds } from "../../testing/database.js";

// Thursday 2026-10-29 10:00 in New York (EDT).
const THU_10AM = "2026-10-29T14:00:00.000Z";

// Issue 28: seats are taken by a counted insert under a lock on the event type's row, so no number of
// racing bookers, on one instance or several sharing the database, seats more than maxInvitees.
describe.each(dbKinds)("racing for the seats of a group slot on %s", (kind) => {
  let database: Database;
  const apps: TestApp[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    for (let i = 0; i < 2; i++) apps.push(await createTestApp(kind, { database, now: () => NOW }));
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    await database?.close();
  });

  it("20 concurrent bookers on two instances for 10 seats: exactly 10 seated, 10 told the slot is taken", async () => {
    const [first, second] = apps.map((t) => t.app);
    const host = await hostIn(first, "America/New_York");
    const et = await eventType(first, host, { type: "group", maxInvitees: 10, duration: 60 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        book(i % 2 === 0 ? first : second, et._id, THU_10AM, {
          attendee: attendee({ email: `racer${i}@example.com` }),
        }),
      ),
    );
    const seated = answers.filter((a) => a.statusCode === 201);
    expect(seated).toHaveLength(10);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().errorCode).toBe("SLOT_TAKEN");
    }
    // Ten different invitees hold the ten seats, and the page no longer offers the time.
    expect(new Set(seated.map((a) => a.json().data.attendee.email)).size).toBe(10);
    const day = await second.inject({
      method: "GET",
      url: `/api/bookings/availability/${et._id}?date=2026-10-29&timezone=America/New_York`,
    });
    const times = (day.json().data as { startTime: string }[]).map((s) => s.startTime);
    expect(times).not.toContain("10:00am");
    expect(times).toContain("11:00am");
  });
});
