import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../db/schema/index.js";
import { bearer, createTestApp, signUp, type TestApp } from "../../testing/app.js";
import { book, eventType, NOW } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";

// Thursday 2026-10-29 in New York (EDT): 10:00, 11:00 and 2:00pm.
const T1 = "2026-10-29T14:00:00.000Z";
const T2 = "2026-10-29T15:00:00.000Z";
const T3 = "2026-10-29T18:00:00.000Z";

describe.each(dbKinds)("meeting polls on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
  }, 180_000);
  afterAll(() => t.close());

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token?: string, payload?: object) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });

  async function poll() {
    const host = await signUp(t.app, { timezone: "America/New_York", name: "Polly Host" });
    const et = await eventType(t.app, host, { type: "poll", title: "Planning", fixedTimes: [T3, T1, T2] });
    return { host, et };
  }

  it("collects votes, lets each voter edit only their own, shows the host the grid and books everyone who can come", async () => {
    const { host, et } = await poll();
    expect(et.slug).toMatch(/^planning-[a-z0-9x]{12}$/);
    const vote = (name: string, email: string, votes: Record<string, string>) =>
      call("POST", `/api/polls/${et.slug}/votes`, undefined, { name, email, votes });
    const a = await vote("Ann", "ann@example.com", { [T1]: "yes", [T2]: "no", [T3]: "yes" });
    const b = await vote("Bob", "bob@example.com", { [T1]: "maybe", [T2]: "yes" });
    const c = await vote("Cy", "cy@example.com", { [T1]: "no", [T2]: "yes" });
    for (const r of [a, b, c]) expect(r.statusCode, r.body).toBe(201);
    expect((await vote("Ann again", "ANN@example.com", { [T1]: "no" })).statusCode).toBe(409);
    expect((await vote("Eve", "eve@example.com", { "2026-10-30T14:00:00.000Z": "yes" })).statusCode).toBe(
      400,
    );

    const pub = (await call("GET", `/api/polls/${et.slug}/public`)).json().data;
    expect(pub.times).toEqual([
      { start: T1, yes: 1, maybe: 1, no: 1 },
      { start: T2, yes: 2, maybe: 0, no: 1 },
      { start: T3, yes: 1, maybe: 0, no: 0 },
    ]);
    expect(JSON.stringify(pub)).not.toContain("@example.com");

    // Cy changes their mind through their private link; the link reads and edits only Cy's votes.
    const cyToken = c.json().data.token;
    const own = await call("GET", `/api/polls/${et.slug}/votes/${cyToken}`);
    expect(own.json().data).toMatchObject({ name: "Cy", email: "cy@example.com" });
    const edit = await call("PUT", `/api/polls/${et.slug}/votes/${cyToken}`, undefined, {
      votes: { [T1]: "yes" },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data.votes).toEqual({ [T1]: "yes" });
    expect((await call("GET", `/api/polls/${et.slug}/votes/not-a-real-token-xyz`)).statusCode).toBe(404);
    // A token works on its own poll only.
    const other = await poll();
    expect(
      (await call("PUT", `/api/polls/${other.et.slug}/votes/${cyToken}`, undefined, { votes: {} }))
        .statusCode,
    ).toBe(404);

    // The host is booked at 2:00pm elsewhere: the grid marks that time busy.
    const personal = await eventType(t.app, host);
    expect((await book(t.app, personal._id, T3)).statusCode).toBe(201);
    const grid = (await call("GET", `/api/polls/${et._id}`, host.token)).json().data;
    expect(
      grid.times.map((x: { start: string; busy: boolean; yes: number }) => [x.start, x.busy, x.yes]),
    ).toEqual([
      [T1, false, 2],
      [T2, false, 1],
      [T3, true, 1],
    ]);
    expect(grid.voters).toHaveLength(3);

    // IDOR: another host can neither see the grid nor book the poll.
    expect((await call("GET", `/api/polls/${et._id}`, other.host.token)).statusCode).toBe(404);
    expect(
      (await call("POST", `/api/polls/${et._id}/book`, other.host.token, { startTime: T1 })).statusCode,
    ).toBe(404);
    // Polls are not booked through the public booking endpoint.
    expect((await book(t.app, et._id, T1)).statusCode).toBe(404);

    const booked = await call("POST", `/api/polls/${et._id}/book`, host.token, { startTime: T1 });
    expect(booked.statusCode, booked.body).toBe(200);
    const bk = booked.json().data;
    // Ann (yes), Bob (if need be), Cy (yes now): one booking, all three on it.
    expect([bk.attendee.email, ...bk.guests].sort()).toEqual([
      "ann@example.com",
      "bob@example.com",
      "cy@example.com",
    ]);
    for (const email of ["ann@example.com", "bob@example.com", "cy@example.com"]) {
      const mails = (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter(
        (m) => m.icalEvent,
      );
      expect(mails, email).toHaveLength(1);
    }
    // The poll is closed.
    expect((await call("GET", `/api/polls/${et.slug}/public`)).json().data.closed).toBe(true);
    expect((await vote("Dee", "dee@example.com", { [T1]: "yes" })).statusCode).toBe(410);
    expect((await call("POST", `/api/polls/${et._id}/book`, host.token, { startTime: T2 })).statusCode).toBe(
      410,
    );
    expect((await call("GET", `/api/polls/${et._id}`, host.token)).json().data).toMatchObject({
      closed: true,
      bookingId: bk._id,
    });
  });

  it("refuses more than 40 proposed times", async () => {
    const host = await signUp(t.app);
    const times = Array.from({ length: 41 }, (_, i) =>
      new Date(Date.parse(T1) + i * 3_600_000).toISOString(),
    );
    const res = await call("POST", "/api/event-types", host.token, { type: "poll", fixedTimes: times });
    expect(res.statusCode).toBe(400);
  });

  it("one-off: chosen times outside the hours, single use, then 'no longer available'; expiry too; never on the profile", async () => {
    const host = await signUp(t.app, { timezone: "America/New_York" });
    // 8:00pm New York is outside the 9-5 hours.
    const evening = "2026-10-30T00:00:00.000Z";
    const et = await eventType(t.app, host, { type: "one-off", title: "Quick chat", fixedTimes: [evening] });
    const slots = await call(
      "GET",
      `/api/bookings/availability/${et._id}?date=2026-10-29&timezone=America/New_York`,
    );
    expect(slots.json().data.map((s: { startTime: string }) => s.startTime)).toEqual(["8:00pm"]);
    const profile = await call("GET", `/api/users/${host.userId}/public`);
    expect(profile.json().data.eventTypes).toEqual([]);
    expect((await call("GET", `/api/event-types/${et.slug}/public`)).statusCode).toBe(200);
    expect((await book(t.app, et._id, evening)).statusCode).toBe(201);
    const after = await call("GET", `/api/event-types/${et.slug}/public`);
    expect(after.statusCode).toBe(410);
    expect(after.json()).toMatchObject({
      errorCode: "NO_LONGER_AVAILABLE",
      message: "This meeting link is no longer available.",
    });
    expect((await book(t.app, et._id, evening)).statusCode).toBe(410);

    const expiring = await eventType(t.app, host, {
      type: "one-off",
      expiresAt: new Date(NOW.getTime() - 1000).toISOString(),
    });
    expect((await call("GET", `/api/event-types/${expiring.slug}/public`)).statusCode).toBe(410);
    expect((await book(t.app, expiring._id, "2026-10-29T14:00:00.000Z")).statusCode).toBe(410);
  });
});
