import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKING_LIMIT_MESSAGE } from "../../../contract/booking-limits.js";
import { bearer, createTestApp, signUp, type TestApp } from "../../testing/app.js";
import { book, eventType, type Host, NOW } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";

// Thursday 29 and Friday 30 October 2026 at `hour`:00 in New York (EDT, UTC-4).
const thu = (hour: number) => new Date(Date.UTC(2026, 9, 29, hour + 4)).toISOString();
const fri = (hour: number) => new Date(Date.UTC(2026, 9, 30, hour + 4)).toISOString();

// Issue 28 item 4 for team kinds: each host is counted apart, against the type's limit and their own.
describe.each(dbKinds)("booking limits of team event types on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
  }, 180_000);
  afterAll(() => t.close());

  const call = (method: "GET" | "POST" | "PUT", url: string, token?: string, payload?: object) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });
  const slotsOf = async (etId: string, date: string) => {
    const res = await call(
      "GET",
      `/api/bookings/availability/${etId}?date=${date}&timezone=America/New_York`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.map((s: { iso: string }) => new Date(s.iso).toISOString()) as string[];
  };
  const expectLimited = (res: Awaited<ReturnType<typeof book>>) => {
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ errorCode: "BOOKING_LIMIT_REACHED", message: BOOKING_LIMIT_MESSAGE });
  };

  /** Two hosts in New York (9-5 weekdays) in one team, hosting an event type of `type`. */
  async function teamEvent(type: "round-robin" | "collective", body: object = {}) {
    const hosts: Host[] = [];
    for (const name of ["Lia Lead", "Max Member"])
      hosts.push(await signUp(t.app, { timezone: "America/New_York", name }));
    const [owner, member] = hosts;
    const team = (await call("POST", "/api/teams", owner.token, { name: "Limited crew" })).json().data;
    const invite = await call("POST", `/api/teams/${team._id}/invites`, owner.token, { email: member.email });
    const token = /team-invite\/([^/]+)$/.exec(invite.json().data.link)?.[1];
    expect((await call("POST", `/api/team-invites/${token}/accept`, member.token)).statusCode).toBe(200);
    const et = await eventType(t.app, owner, { type, duration: 30, ...body });
    const res = await call("PUT", `/api/event-types/${et._id}/hosts`, owner.token, {
      teamId: team._id,
      hosts: hosts.map((h) => ({ userId: h.userId, weight: 1 })),
    });
    expect(res.statusCode, res.body).toBe(200);
    return { owner, member, et };
  }

  it("round robin with 1 per day: each host takes one a day, then the day is full; a race gives exactly 2", async () => {
    const { et } = await teamEvent("round-robin", { bookingLimits: { perDay: 1 } });
    const first = await book(t.app, et._id, thu(10));
    const second = await book(t.app, et._id, thu(11));
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data.host.name).not.toBe(first.json().data.host.name);
    expectLimited(await book(t.app, et._id, thu(12)));
    expect(await slotsOf(et._id, "2026-10-29")).toEqual([]);

    // Friday: six bookings at once at six different times, exactly one per host.
    const fridays = await Promise.all([9, 10, 11, 13, 14, 15].map((h) => book(t.app, et._id, fri(h))));
    const ok = fridays.filter((r) => r.statusCode === 201);
    expect(ok).toHaveLength(2);
    expect(new Set(ok.map((r) => r.json().data.host.name)).size).toBe(2);
    for (const refused of fridays.filter((r) => r.statusCode !== 201)) expectLimited(refused);
    expect(await slotsOf(et._id, "2026-10-30")).toEqual([]);
    expect((await slotsOf(et._id, "2026-11-02")).length).toBeGreaterThan(0);
  });

  it("collective: a host at their host-wide limit leaves the day empty; the meetings they join count", async () => {
    const { member, et } = await teamEvent("collective");
    const saved = await call("PUT", "/api/calendar-settings", member.token, { bookingLimits: { perDay: 1 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await slotsOf(et._id, "2026-10-29")).length).toBeGreaterThan(0);

    // The member's own one-host meeting fills their Thursday: the collective offers nothing that day.
    const own = await eventType(t.app, member, { duration: 30 });
    expect((await book(t.app, own._id, thu(9))).statusCode).toBe(201);
    expect(await slotsOf(et._id, "2026-10-29")).toEqual([]);
    expectLimited(await book(t.app, et._id, thu(14)));

    // Friday: the collective meeting (held by the owner) fills the member's day for their own type too.
    const together = await book(t.app, et._id, fri(10));
    expect(together.statusCode, together.body).toBe(201);
    expect(together.json().data.host.name).toBe("Lia Lead");
    expect(await slotsOf(own._id, "2026-10-30")).toEqual([]);
    expectLimited(await book(t.app, own._id, fri(14)));
    expect(await slotsOf(et._id, "2026-10-30")).toEqual([]);
  });
});
