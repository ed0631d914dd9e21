import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/app.js";
import { attendee, book, eventType, hostBookings, hostIn, NOW } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";

// A one-host booking's insert answers nothing (repo-insert.ts `quietly`): the answer to the POST is
// built from the row the service drafted (draftRow). This pins that draft to what the database
// stores, defaults included, so a new column with a default cannot make the two drift apart.
describe.each(dbKinds)("a booking's answer is its stored row, on %s", (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
  });
  afterAll(() => t.close());

  it("answers the POST with the booking as the host's list then reads it", async () => {
    const host = await hostIn(t.app, "America/New_York", "Draft Host");
    const et = await eventType(t.app, host, {
      questions: [{ question: "What should we cover?", type: "text", required: false }],
    });
    const res = await book(t.app, et._id, "2026-10-29T09:00:00-04:00", {
      attendee: attendee({ name: "Ada Draft", timezone: "Europe/Berlin" }),
      answers: [{ question: "What should we cover?", answer: "Pricing" }],
      guests: ["guest.one@example.com"],
      message: "See you",
      attribution: { utm: { utm_source: "newsletter" }, metadata: { plan: "pro" } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { manageToken, createdAt, updatedAt, ...answered } = res.json().data;
    expect(manageToken).toEqual(expect.any(String));

    const listed = (await hostBookings(t.app, host)).data.find((b) => b._id === answered._id) as
      | Record<string, unknown>
      | undefined;
    expect(listed).toBeDefined();
    // Every field the POST answered, but the times the database stamps with its own clock.
    for (const [field, value] of Object.entries(answered)) expect(listed?.[field], field).toEqual(value);
    expect(typeof createdAt).toBe("string");
    expect(typeof updatedAt).toBe("string");
  });
});
