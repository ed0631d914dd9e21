import { and, eq, inArray, like } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingHosts, mailOutbox } from "../../db/schema/index.js";
import { bearer, createTestApp, signUp, type TestApp } from "../../testing/app.js";
import { attendee, book, eventType, type Host, NOW } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";

// Thursday 2026-10-29, 10:00am in New York (EDT).
const THU_10AM = "2026-10-29T14:00:00.000Z";

/** Weekday slots 9:00am-4:30pm New York time from Thursday 2026-10-29 on, as UTC ISO strings. */
function weekdaySlots(n: number): string[] {
  const out: string[] = [];
  for (let d = Temporal.PlainDate.from("2026-10-29"); out.length < n; d = d.add({ days: 1 })) {
    if (d.dayOfWeek > 5) continue;
    for (let m = 9 * 60; m < 17 * 60 && out.length < n; m += 30) {
      const zdt = d.toZonedDateTime({
        timeZone: "America/New_York",
        plainTime: Temporal.PlainTime.from({ hour: Math.floor(m / 60), minute: m % 60 }),
      });
      out.push(new Date(zdt.epochMilliseconds).toISOString());
    }
  }
  return out;
}

describe.each(dbKinds)("team bookings on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
  }, 180_000);
  afterAll(() => t.close());

  const call = (method: "GET" | "POST" | "PUT", url: string, token?: string, payload?: object) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });

  /** An owner and two members in New York (9-5 weekdays), a team, and an event type of `type` hosted by all three. */
  async function teamEvent(type: "round-robin" | "collective", weights = [1, 1, 1]) {
    const hosts: Host[] = [];
    for (let i = 0; i < 3; i++)
      hosts.push(await signUp(t.app, { timezone: "America/New_York", name: `Host ${"ABC"[i]}` }));
    const [owner, ...members] = hosts;
    const team = (await call("POST", "/api/teams", owner.token, { name: "Crew" })).json().data;
    for (const m of members) {
      const res = await call("POST", `/api/teams/${team._id}/invites`, owner.token, { email: m.email });
      const token = /team-invite\/([^/]+)$/.exec(res.json().data.link)?.[1];
      expect((await call("POST", `/api/team-invites/${token}/accept`, m.token)).statusCode).toBe(200);
    }
    const et = await eventType(t.app, owner, { type, duration: 30 });
    const res = await call("PUT", `/api/event-types/${et._id}/hosts`, owner.token, {
      teamId: team._id,
      hosts: hosts.map((h, i) => ({ userId: h.userId, weight: weights[i] })),
    });
    expect(res.statusCode, res.body).toBe(200);
    return { hosts, et, team };
  }

  const hostOf = (hosts: Host[], name: string) => hosts.find((_, i) => `Host ${"ABC"[i]}` === name);

  it("round robin: 20 simultaneous bookings of one slot with 3 free hosts give exactly 3, on 3 hosts", async () => {
    const { et } = await teamEvent("round-robin");
    const results = await Promise.all(Array.from({ length: 20 }, () => book(t.app, et._id, THU_10AM)));
    const ok = results.filter((r) => r.statusCode === 201);
    expect(ok).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(17);
    const names = ok.map((r) => r.json().data.host.name);
    expect(new Set(names).size).toBe(3);
    // The slot is gone for everyone now.
    const slots = await call(
      "GET",
      `/api/bookings/availability/${et._id}?date=2026-10-29&timezone=America/New_York`,
    );
    expect(slots.json().data.map((s: { startTime: string }) => s.startTime)).not.toContain("10:00am");
  });

  it("collective: 20 simultaneous bookings of one slot give exactly 1, occupying every host", async () => {
    const { et, hosts } = await teamEvent("collective");
    const results = await Promise.all(Array.from({ length: 20 }, () => book(t.app, et._id, THU_10AM)));
    const ok = results.filter((r) => r.statusCode === 201);
    expect(ok).toHaveLength(1);
    const booking = ok[0].json().data;
    expect(booking.hosts.map((h: { name: string }) => h.name).sort()).toEqual(["Host A", "Host B", "Host C"]);
    const rows = await t.database.db
      .select()
      .from(bookingHosts)
      .where(eq(bookingHosts.bookingId, booking._id));
    expect(rows.map((r) => r.hostUserId).sort()).toEqual(hosts.map((h) => h.userId).sort());
    // Every host gets the invite.
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.to,
          hosts.map((h) => h.email),
        ),
      );
    const invites = mails.filter((m) => m.icalEvent);
    expect(invites.map((m) => m.to).sort()).toEqual(hosts.map((h) => h.email).sort());
    expect(invites.every((m) => m.icalEvent?.method === "REQUEST")).toBe(true);
    // A member's own one-on-one event type is blocked at that time too.
    const own = await eventType(t.app, hosts[2]);
    const slots = await call(
      "GET",
      `/api/bookings/availability/${own._id}?date=2026-10-29&timezone=America/New_York`,
    );
    expect(slots.json().data.map((s: { startTime: string }) => s.startTime)).not.toContain("10:00am");
    expect((await book(t.app, own._id, THU_10AM)).statusCode).toBe(409);

    // Each co-host sees it in Meetings, marked as co-hosted; only its main host may change it.
    const main = hosts[0];
    const listed = async (h: Host) =>
      (await call("GET", "/api/bookings?limit=50", h.token)).json().data as {
        _id: string;
        coHosting?: boolean;
      }[];
    expect((await listed(main)).find((b) => b._id === booking._id)?.coHosting).toBeUndefined();
    for (const co of hosts.slice(1)) {
      const mine = (await listed(co)).filter((b) => b._id === booking._id);
      expect(mine).toHaveLength(1);
      expect(mine[0].coHosting).toBe(true);
      const cancel = await call("PUT", `/api/bookings/${booking._id}/cancel`, co.token, { reason: "Other" });
      expect(cancel.statusCode).toBe(404);
    }
    // Someone outside the team does not see it.
    const outsider = await signUp(t.app);
    expect((await listed(outsider)).some((b) => b._id === booking._id)).toBe(false);
  });

  it("collective: raced by a co-host's own bookings of the slot, exactly one booking is made, the rest refused", async () => {
    // The collective booking's co-host rows go with its commit (repo-insert.ts coHostsQuietly): the
    // exclusion constraint must still refuse it there, as a taken slot, when a co-host's own booking won.
    const { et, hosts } = await teamEvent("collective");
    const own = await eventType(t.app, hosts[2]);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => book(t.app, i % 2 ? own._id : et._id, THU_10AM)),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 201).map((r) => r.statusCode)).toEqual(Array(11).fill(409));
    const held = await t.database.db
      .select()
      .from(bookingHosts)
      .where(and(eq(bookingHosts.hostUserId, hosts[2].userId), eq(bookingHosts.status, "confirmed")));
    expect(held).toHaveLength(1);
  });

  it("collective: a slot is offered only when every host is free; round robin when any is", async () => {
    const c = await teamEvent("collective");
    const rr = await teamEvent("round-robin");
    // Host B of each team is busy at 10:00 with a personal booking.
    for (const { hosts } of [c, rr]) {
      const own = await eventType(t.app, hosts[1]);
      expect((await book(t.app, own._id, THU_10AM)).statusCode).toBe(201);
    }
    const labels = async (id: string) =>
      (await call("GET", `/api/bookings/availability/${id}?date=2026-10-29&timezone=America/New_York`))
        .json()
        .data.map((s: { startTime: string }) => s.startTime);
    expect(await labels(c.et._id)).not.toContain("10:00am");
    expect(await labels(c.et._id)).toContain("10:30am");
    expect(await labels(rr.et._id)).toContain("10:00am");
    // Round robin at 10:00 never goes to the busy host.
    for (let i = 0; i < 2; i++) {
      const res = await book(t.app, rr.et._id, THU_10AM);
      expect(res.statusCode).toBe(201);
      expect(res.json().data.host.name).not.toBe("Host B");
    }
    expect((await book(t.app, rr.et._id, THU_10AM)).statusCode).toBe(409);
  });

  // The ranking is deterministic (least load by weight first: domain/round-robin.ts), so a few dozen
  // bookings show the shares exactly; 300 of them cost a minute of the suite and checked no more.
  it("round robin: 48 sequential bookings over 3 equal hosts give each exactly 16", async () => {
    const { et } = await teamEvent("round-robin");
    const counts = new Map<string, number>();
    for (const start of weekdaySlots(48)) {
      const res = await book(t.app, et._id, start);
      expect(res.statusCode, res.body).toBe(201);
      const name = res.json().data.host.name;
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    expect([...counts.values()]).toEqual([16, 16, 16]);
  }, 120_000);

  it("round robin: weights 2:1:1 share 48 bookings exactly 24/12/12", async () => {
    const { et } = await teamEvent("round-robin", [2, 1, 1]);
    const counts = new Map<string, number>();
    for (const start of weekdaySlots(48)) {
      const res = await book(t.app, et._id, start);
      expect(res.statusCode, res.body).toBe(201);
      const name = res.json().data.host.name;
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    expect(Object.fromEntries(counts)).toEqual({ "Host A": 24, "Host B": 12, "Host C": 12 });
  }, 120_000);

  it("round robin: shows the assigned host in the answer and the mails; a reschedule keeps the host when free, else reassigns", async () => {
    const { et, hosts } = await teamEvent("round-robin");
    const who = attendee({ email: "rr-invitee@example.com" });
    const res = await book(t.app, et._id, THU_10AM, { attendee: who });
    expect(res.statusCode).toBe(201);
    const b = res.json().data;
    const assigned = hostOf(hosts, b.host.name) as Host;
    const [inviteeMail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, "rr-invitee@example.com")));
    expect(inviteeMail.subject).toContain(`with ${b.host.name}`);
    const hostMails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.to,
          hosts.map((h) => h.email),
        ),
      );
    expect(hostMails.filter((m) => m.icalEvent).map((m) => m.to)).toEqual([assigned.email]);

    // Free at 11:00: the same host keeps it.
    const moved = await call("POST", `/api/bookings/public/${b.uid}/reschedule`, undefined, {
      token: b.manageToken,
      startTime: "2026-10-29T15:00:00.000Z",
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.host.name).toBe(b.host.name);

    // The host is busy at 1:00pm: another free host takes it.
    const own = await eventType(t.app, assigned);
    expect((await book(t.app, own._id, "2026-10-29T17:00:00.000Z")).statusCode).toBe(201);
    const again = await call("POST", `/api/bookings/public/${b.uid}/reschedule`, undefined, {
      token: b.manageToken,
      startTime: "2026-10-29T17:00:00.000Z",
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.host.name).not.toBe(b.host.name);
    const rows = await t.database.db.select().from(bookingHosts).where(eq(bookingHosts.bookingId, b._id));
    expect(rows).toHaveLength(1);
    expect(rows[0].hostUserId).not.toBe(assigned.userId);

    // The previous host is told, and their calendar copy is cancelled; the new host gets the invite.
    const [away] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, assigned.email), like(mailOutbox.subject, "Reassigned:%")));
    expect(away.subject).toBe(`Reassigned: ${et.title} with ${who.name} on Thursday, October 29, 2026`);
    expect(away.text).toContain(`so ${again.json().data.host.name} hosts ${et.title}`);
    expect(away.text).toMatch(/Was: Thursday, October 29, 2026, 11:00am/);
    expect(away.icalEvent?.method).toBe("CANCEL");
    expect(away.icalEvent?.content).toContain("STATUS:CANCELLED");
    expect(away.icalEvent?.content).toMatch(new RegExp(`ORGANIZER;[^\\r\\n]*${assigned.email}`));
    const newHost = hostOf(hosts, again.json().data.host.name) as Host;
    const invites = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, newHost.email));
    expect(
      invites.some((m) => m.subject.startsWith("Rescheduled:") && m.icalEvent?.method === "REQUEST"),
    ).toBe(true);
  });

  it("IDOR: a team booking belongs to its host; another team's member cannot read or change it", async () => {
    const { et, hosts } = await teamEvent("round-robin");
    const res = await book(t.app, et._id, THU_10AM);
    const b = res.json().data;
    const assigned = hostOf(hosts, b.host.name) as Host;
    const outsider = await signUp(t.app);
    for (const [method, url, body] of [
      ["GET", `/api/bookings/${b._id}`],
      ["PUT", `/api/bookings/${b._id}/cancel`, { reason: "Other" }],
      ["PUT", `/api/bookings/${b._id}/reschedule`, { startTime: "2026-10-29T15:00:00.000Z" }],
    ] as const) {
      expect((await call(method as "GET", url, outsider.token, body)).statusCode).toBe(404);
    }
    expect((await call("GET", `/api/bookings/${b._id}`, assigned.token)).statusCode).toBe(200);
  });
});
