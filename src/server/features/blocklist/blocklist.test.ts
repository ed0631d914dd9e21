import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKING_REFUSED_MESSAGE } from "../../../contract/blocklist.js";
import { bearer, createTestApp, type TestApp } from "../../testing/app.js";
import { attendee, book, eventType, hostBookings, hostIn, NOW } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";

// Thursday 29 October 2026, within a UTC host's default weekday hours; each test books its own hour.
const at = (hour: number) => `2026-10-29T${String(hour).padStart(2, "0")}:00:00.000Z`;

describe.each(dbKinds)("blocked bookers on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
  });
  afterAll(() => t.close());

  const call = async (
    token: string,
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    payload?: object,
  ) => {
    const res = await t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });
    return { status: res.statusCode, body: res.json() };
  };
  const bookAs = (eventTypeId: string, hour: number, email: string) =>
    book(t.app, eventTypeId, at(hour), { attendee: attendee({ email }) });

  it("refuses a blocked address or domain with a neutral answer, books nothing, and logs the attempt", async () => {
    const host = await hostIn(t.app, "UTC");
    const et = await eventType(t.app, host);
    expect((await call(host.token, "POST", "/blocklist", { value: "Spammer@Example.com " })).status).toBe(
      201,
    );
    const domain = await call(host.token, "POST", "/blocklist", { value: "@junk.test" });
    expect(domain.status).toBe(201);
    expect(domain.body.data).toMatchObject({ kind: "domain", value: "junk.test" });

    for (const [hour, email] of [
      [9, "spammer@example.com"],
      [10, "SPAMMER@EXAMPLE.COM"],
      [11, "anyone@junk.test"],
    ] as const) {
      const res = await bookAs(et._id, hour, email);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ errorCode: "BOOKING_REFUSED", message: BOOKING_REFUSED_MESSAGE });
    }
    expect((await hostBookings(t.app, host)).pagination.total).toBe(0);
    // Others still book, also at a sub-domain of a blocked domain's neighbour.
    expect((await bookAs(et._id, 12, "friend@example.com")).statusCode).toBe(201);
    expect((await bookAs(et._id, 13, "someone@notjunk.test")).statusCode).toBe(201);

    const view = (await call(host.token, "GET", "/blocklist")).body.data;
    expect(view.rules.map((r: { value: string }) => r.value).sort()).toEqual([
      "junk.test",
      "spammer@example.com",
    ]);
    expect(view.attempts.map((a: { email: string; rule: string }) => [a.email, a.rule])).toEqual(
      expect.arrayContaining([
        ["spammer@example.com", "spammer@example.com"],
        ["anyone@junk.test", "junk.test"],
      ]),
    );
    expect(view.attempts).toHaveLength(3);
    expect(view.attempts[0].eventTitle).toBe(et.title);

    // Unblocking lets them book again.
    const rule = view.rules.find((r: { value: string }) => r.value === "junk.test");
    expect((await call(host.token, "DELETE", `/blocklist/${rule._id}`)).status).toBe(200);
    expect((await bookAs(et._id, 14, "anyone@junk.test")).statusCode).toBe(201);
  });

  it("blocks disposable-mail domains (and their sub-domains) only while switched on", async () => {
    const host = await hostIn(t.app, "UTC");
    const et = await eventType(t.app, host);
    expect((await bookAs(et._id, 9, "a@mailinator.com")).statusCode).toBe(201);
    const on = await call(host.token, "PUT", "/blocklist/disposable", { enabled: true });
    expect(on.status).toBe(200);
    expect(on.body.data.blockDisposable).toBe(true);
    expect((await bookAs(et._id, 10, "b@mailinator.com")).statusCode).toBe(403);
    expect((await bookAs(et._id, 11, "c@eu.guerrillamail.com")).statusCode).toBe(403);
    expect((await bookAs(et._id, 12, "d@example.com")).statusCode).toBe(201);
    const view = (await call(host.token, "GET", "/blocklist")).body.data;
    expect(view.attempts.map((a: { rule: string }) => a.rule)).toEqual(["disposable", "disposable"]);
    expect(view.rules).toEqual([]);
    await call(host.token, "PUT", "/blocklist/disposable", { enabled: false });
    expect((await bookAs(et._id, 13, "e@mailinator.com")).statusCode).toBe(201);
  });

  it("refuses bad input and repeats clearly, and keeps each host's list to that host", async () => {
    const host = await hostIn(t.app, "UTC");
    const other = await hostIn(t.app, "UTC");
    const bad = await call(host.token, "POST", "/blocklist", { value: "not an address" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.value).toMatch(/e-mail address .* or a domain/);
    const added = await call(host.token, "POST", "/blocklist", { value: "x@example.org" });
    const again = await call(host.token, "POST", "/blocklist", { value: "X@example.org" });
    expect(again.status).toBe(409);
    expect(again.body.errors.value).toBe("Already blocked");

    // Another host neither sees nor removes it, and their own bookers are not affected.
    expect((await call(other.token, "GET", "/blocklist")).body.data.rules).toEqual([]);
    expect((await call(other.token, "DELETE", `/blocklist/${added.body.data._id}`)).status).toBe(404);
    expect((await call(host.token, "GET", "/blocklist")).body.data.rules).toHaveLength(1);
    const otherType = await eventType(t.app, other);
    expect((await bookAs(otherType._id, 9, "x@example.org")).statusCode).toBe(201);
  });
});
