import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bearer, createTestApp, type TestApp } from "../../testing/app.js";
import {
  attendee,
  book,
  eventType,
  type Host,
  hostBookings,
  hostIn,
  NOW,
} from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";

// Issue 14, item 8: international phone numbers, stored as E.164, and the event type's phone rule.
// New York host; Thursday 2026-10-29 is on EDT (UTC-4).
const at = (hour: number) => `2026-10-29T${String(hour).padStart(2, "0")}:00:00-04:00`;

describe.each(dbKinds)("invitee phone numbers on %s", (kind) => {
  let t: TestApp;
  let host: Host;

  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
  });
  // Each test has its own host, so their bookings never take each other's times.
  beforeEach(async () => {
    host = await hostIn(t.app, "America/New_York", "Phone Host");
  });
  afterAll(() => t.close());

  const bookWith = (etId: string, hour: number, who: Record<string, unknown>, extra = {}) =>
    book(t.app, etId, at(hour), { attendee: { ...attendee(), ...who }, ...extra });
  const phoneOf = (res: { json(): { data: { attendee: { phone: string } } } }) =>
    res.json().data.attendee.phone;

  it("stores E.164 from international, national (chosen country or the invitee's zone) and old-style digits", async () => {
    const et = await eventType(t.app, host);
    const cases: [Record<string, unknown>, string][] = [
      [{ phone: "+1 (415) 555-0134", timezone: "Asia/Tokyo" }, "+14155550134"],
      [{ phone: "0049 30 1234567", timezone: "America/New_York" }, "+49301234567"],
      [{ phone: "030 1234567", phoneCountry: "de", timezone: "America/New_York" }, "+49301234567"],
      // No country sent: the zone's (Europe/Berlin is Germany).
      [{ phone: "0151 12345678", timezone: "Europe/Berlin" }, "+4915112345678"],
      // What the digits-only form kept, with the country code and no "+", still books.
      [{ phone: "14155550199", timezone: "UTC" }, "+14155550199"],
    ];
    for (const [i, [who, e164]] of cases.entries()) {
      const res = await bookWith(et._id, 9 + i, who);
      expect(res.statusCode, res.body).toBe(201);
      expect(phoneOf(res)).toBe(e164);
    }
    // The host reads them back as stored; the Meetings search finds one by the digits typed any way.
    const searches: [string, number][] = [
      ["4155550134", 1],
      ["+1 (415) 555-0134", 1],
      ["030 1234567", 2],
    ];
    for (const [search, count] of searches) {
      const found = await hostBookings(t.app, host, `&search=${encodeURIComponent(search)}`);
      expect(found.pagination.total, search).toBe(count);
    }
  });

  it("refuses a number that is not valid, naming the country, and saves nothing", async () => {
    const et = await eventType(t.app, host);
    const cases: [Record<string, unknown>, string][] = [
      [{ phone: "555 1234", phoneCountry: "US" }, "Enter a valid phone number for United States"],
      [{ phone: "12", timezone: "Europe/Berlin" }, "Enter a valid phone number for Germany"],
      [{ phone: "+49 12", timezone: "America/New_York" }, "Enter a valid phone number for Germany"],
      [{ phone: "030 1234567", phoneCountry: "ZZ" }, "Choose the country of your phone number"],
      [{ phone: "" }, "Phone is required"],
      [{ phone: "   " }, "Phone is required"],
    ];
    for (const [who, message] of cases) {
      const res = await bookWith(et._id, 9, who);
      expect(res.statusCode, JSON.stringify(who)).toBe(400);
      expect(res.json().errors["attendee.phone"]).toBe(message);
    }
    const letters = await bookWith(et._id, 9, { phone: "call me" });
    expect(letters.statusCode).toBe(400);
    expect(letters.json().errors["attendee.phone"]).toMatch(/digits/);
    const mine = await hostBookings(t.app, host, `&eventTypeId=${et._id}`);
    expect(mine.pagination.total).toBe(0);
  });

  it("follows the event type: required by default, optional allows none, hidden keeps none", async () => {
    const required = await eventType(t.app, host);
    expect(
      (await t.app.inject({ url: `/api/event-types/${required._id}`, headers: bearer(host.token) })).json(),
    ).toMatchObject({ data: { phoneField: "required" } });

    const optional = await eventType(t.app, host, { phoneField: "optional" });
    const none = await bookWith(optional._id, 9, { phone: "" });
    expect(none.statusCode, none.body).toBe(201);
    expect(phoneOf(none)).toBe("");
    const given = await bookWith(optional._id, 10, { phone: "+44 20 7946 0000" });
    expect(phoneOf(given)).toBe("+442079460000");
    expect((await bookWith(optional._id, 11, { phone: "+44 20" })).statusCode).toBe(400);

    // Hidden: the page shows no field and a number sent anyway (an old tab, an API client) is not kept.
    const hidden = await eventType(t.app, host, { phoneField: "hidden" });
    const pub = await t.app.inject({ url: `/api/event-types/${hidden.slug}/public` });
    expect(pub.json().data.phoneField).toBe("hidden");
    const ignored = await bookWith(hidden._id, 12, { phone: "+1 415 555 0134" });
    expect(ignored.statusCode, ignored.body).toBe(201);
    expect(phoneOf(ignored)).toBe("");
    const junk = await bookWith(hidden._id, 13, { phone: "1" });
    expect(junk.statusCode).toBe(201);
  });

  it("always requires the phone when the meeting is a phone call", async () => {
    const hiddenCall = await eventType(t.app, host, { phoneField: "hidden", locations: [{ type: "phone" }] });
    const missing = await bookWith(hiddenCall._id, 9, { phone: "" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors["attendee.phone"]).toBe("Phone is required");
    const called = await bookWith(hiddenCall._id, 9, { phone: "+1 415 555 0134" });
    expect(called.statusCode, called.body).toBe(201);
    expect(phoneOf(called)).toBe("+14155550134");

    // Several locations: only the phone call needs it.
    const either = await eventType(t.app, host, {
      phoneField: "optional",
      locations: [{ type: "zoom", value: "https://zoom.us/j/1234567890" }, { type: "phone" }],
    });
    const byZoom = await bookWith(either._id, 10, { phone: "" }, { location: { type: "zoom" } });
    expect(byZoom.statusCode, byZoom.body).toBe(201);
    const byPhone = await bookWith(either._id, 11, { phone: "" }, { location: { type: "phone" } });
    expect(byPhone.statusCode).toBe(400);
  });

  it("lets only the host change the setting, to one of its values", async () => {
    const et = await eventType(t.app, host);
    const other = await hostIn(t.app, "Europe/Paris");
    const put = (token: string, phoneField: string) =>
      t.app.inject({
        method: "PUT",
        url: `/api/event-types/${et._id}`,
        headers: bearer(token),
        payload: { phoneField },
      });
    expect((await put(other.token, "hidden")).statusCode).toBe(404);
    const bad = await put(host.token, "sometimes");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.phoneField).toBe("Choose required, optional or hidden");
    const get = () => t.app.inject({ url: `/api/event-types/${et._id}`, headers: bearer(host.token) });
    expect((await get()).json().data.phoneField).toBe("required");
    const ok = await put(host.token, "optional");
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await get()).json().data.phoneField).toBe("optional");
  });
});
