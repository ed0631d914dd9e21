import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { METADATA_MAX_KEYS } from "../../../contract/embed.js";
import { createTestApp, type TestApp } from "../../testing/app.js";
import { attendee, book, eventType, hostBookings, hostIn, NOW } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";

// Issue 25: the UTM parameters and metadata of an embedding page are stored on the booking and shown
// to the host; bad ones are a 400 that books nothing.
const at = (hour: number) => `2026-10-29T${String(hour).padStart(2, "0")}:00:00-04:00`;

describe.each(dbKinds)("booking attribution on %s", (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
  });
  afterAll(() => t.close());

  it("stores utm and metadata, returns them to the invitee and lists them for the host", async () => {
    const host = await hostIn(t.app, "America/New_York", "Attribution Host");
    const et = await eventType(t.app, host);
    const attribution = {
      utm: { utm_source: "newsletter", utm_campaign: "autumn" },
      metadata: { plan: "pro", "ref.id": "42" },
    };
    const res = await book(t.app, et._id, at(9), { attendee: attendee(), attribution });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.attribution).toEqual(attribution);
    const plain = await book(t.app, et._id, at(10), { attendee: attendee() });
    expect(plain.json().data.attribution).toBeNull();
    // Empty parts store nothing.
    const empty = await book(t.app, et._id, at(11), { attendee: attendee(), attribution: {} });
    expect(empty.json().data.attribution).toBeNull();

    const list = await hostBookings(t.app, host, "");
    const rows = list.data as { startTime: string; attribution?: unknown }[];
    const byStart = new Map(rows.map((b) => [b.startTime, b]));
    expect(byStart.get(new Date(at(9)).toISOString())?.attribution).toEqual(attribution);
    expect(byStart.get(new Date(at(10)).toISOString())?.attribution).toBeNull();
  });

  it("refuses too many metadata keys, long values, unknown utm keys and odd key names", async () => {
    const host = await hostIn(t.app, "America/New_York", "Attribution Limits");
    const et = await eventType(t.app, host);
    const many = Object.fromEntries(Array.from({ length: METADATA_MAX_KEYS + 1 }, (_, i) => [`k${i}`, "v"]));
    const bad = [
      { metadata: many },
      { metadata: { note: "x".repeat(501) } },
      { utm: { utm_source: "y".repeat(501) } },
      { utm: { utm_other: "z" } },
      { metadata: { "has space": "v" } },
      { extra: true },
    ];
    for (const attribution of bad) {
      const res = await book(t.app, et._id, at(9), { attendee: attendee(), attribution });
      expect(res.statusCode, JSON.stringify(attribution)).toBe(400);
    }
    const ok = await book(t.app, et._id, at(9), {
      attendee: attendee(),
      attribution: { metadata: { note: "x".repeat(500) } },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await hostBookings(t.app, host, "")).pagination.total).toBe(1);
  });
});
