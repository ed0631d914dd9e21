import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, signUp, type TestApp } from "../../testing/app.js";
import { dbKinds } from "../../testing/database.js";

/**
 * Issue 29 items 1-3: half-built event types are not offered, one save keeps the team hosts, the
 * card's Duplicate, and an untitled type's link following its first title.
 */
describe.each(dbKinds)("complete event types on %s", (kind) => {
  let t: TestApp;
  let host: Awaited<ReturnType<typeof signUp>>;
  let other: Awaited<ReturnType<typeof signUp>>;
  let teamId: string;

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token?: string, payload?: object) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });
  const create = async (body: object, token = host.token) => {
    const res = await call("POST", "/api/event-types", token, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const slots = (ref: string, token?: string) =>
    call("GET", `/api/bookings/availability/${ref}?date=${tomorrow()}&timezone=UTC`, token);
  const profileTitles = async () =>
    (await call("GET", `/api/users/${host.userId}/public`))
      .json()
      .data.eventTypes.map((e: { title: string }) => e.title);

  beforeAll(async () => {
    t = await createTestApp(kind);
    host = await signUp(t.app, { name: "Grace Hopper" });
    other = await signUp(t.app);
    const team = await call("POST", "/api/teams", host.token, { name: "Compilers" });
    expect(team.statusCode, team.body).toBe(201);
    teamId = team.json().data._id;
  });
  afterAll(() => t.close());

  it("a round robin without hosts says what is missing and is offered nowhere until it has hosts", async () => {
    const rr = await create({ title: "Team intro", type: "round-robin" });
    expect(rr.missing).toEqual(["hosts"]);
    expect(await profileTitles()).not.toContain("Team intro");
    const page = await call("GET", `/api/event-types/${rr.slug}/public`);
    expect(page.statusCode).toBe(404);
    const anonymous = await slots(rr._id);
    expect(anonymous.statusCode).toBe(409);
    expect(anonymous.json().errorCode).toBe("EVENT_TYPE_INCOMPLETE");
    // Its owner sees no slots either: a team type without hosts never offers its creator's own time.
    const own = await slots(rr._id, host.token);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toEqual([]);

    // One save: the title and the hosts together.
    const saved = await call("PUT", `/api/event-types/${rr._id}`, host.token, {
      title: "Team intro call",
      team: { teamId, hosts: [{ userId: host.userId, weight: 3, priority: 1 }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      title: "Team intro call",
      missing: [],
      team: { _id: teamId },
      hosts: [{ _id: host.userId }],
    });
    const hosts = await call("GET", `/api/event-types/${rr._id}/hosts`, host.token);
    expect(hosts.json().data.hosts).toEqual([expect.objectContaining({ weight: 3, priority: 1 })]);
    expect((await call("GET", `/api/event-types/${rr.slug}/public`)).statusCode).toBe(200);
    expect((await slots(rr._id)).statusCode).toBe(200);
    expect((await call("GET", `/api/teams/compilers/public`)).json().data.eventTypes).toHaveLength(1);

    // Removing every host makes it incomplete again, on the team page too.
    const emptied = await call("PUT", `/api/event-types/${rr._id}`, host.token, {
      team: { teamId, hosts: [] },
    });
    expect(emptied.json().data.missing).toEqual(["hosts"]);
    expect((await call("GET", `/api/teams/compilers/public`)).json().data.eventTypes).toHaveLength(0);
  });

  it("one save keeps all or nothing: a host outside the team leaves the title unchanged", async () => {
    const col = await create({
      title: "Panel",
      type: "collective",
      team: { teamId, hosts: [{ userId: host.userId }] },
    });
    expect(col).toMatchObject({ missing: [], hosts: [{ _id: host.userId }] });
    const res = await call("PUT", `/api/event-types/${col._id}`, host.token, {
      title: "Renamed panel",
      team: { teamId, hosts: [{ userId: other.userId }] },
    });
    expect(res.statusCode).toBe(400);
    const after = (await call("GET", `/api/event-types/${col._id}`, host.token)).json().data;
    expect(after).toMatchObject({ title: "Panel", hosts: [{ _id: host.userId }] });
    // Team hosts on a one-on-one are refused, not dropped in silence.
    const single = await create({ title: "Solo" });
    const refused = await call("PUT", `/api/event-types/${single._id}`, host.token, {
      team: { teamId, hosts: [{ userId: host.userId }] },
    });
    expect(refused.statusCode).toBe(400);
    // Another host's team is not the caller's to choose.
    const stranger = await create({ title: "Theirs", type: "round-robin" }, other.token);
    const notTheirs = await call("PUT", `/api/event-types/${stranger._id}`, other.token, {
      team: { teamId, hosts: [{ userId: host.userId }] },
    });
    expect(notTheirs.statusCode).toBe(400);
  });

  it("a poll without proposed times is not public; its owner still reads free slots to propose them", async () => {
    const poll = await create({ title: "Offsite date", type: "poll" });
    expect(poll.missing).toEqual(["times"]);
    expect((await call("GET", `/api/polls/${poll.slug}/public`)).statusCode).toBe(404);
    expect((await slots(poll._id)).json().errorCode).toBe("EVENT_TYPE_INCOMPLETE");
    expect((await slots(poll._id, other.token)).statusCode).toBe(409);
    expect((await slots(poll._id, host.token)).statusCode).toBe(200);
    const at = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const saved = await call("PUT", `/api/event-types/${poll._id}`, host.token, { fixedTimes: [at] });
    expect(saved.json().data.missing).toEqual([]);
    expect((await call("GET", `/api/polls/${poll.slug}/public`)).statusCode).toBe(200);
  });

  it("duplicates an event type with '(copy)', a free link, its settings and hosts; others get 404", async () => {
    const original = await create({
      title: "Deep dive",
      type: "round-robin",
      duration: 50,
      locations: [{ type: "in_person", value: "Room 5" }],
      team: { teamId, hosts: [{ userId: host.userId, weight: 2 }] },
    });
    await call("PUT", `/api/event-types/${original._id}`, host.token, { isActive: false });
    const res = await call("POST", `/api/event-types/${original._id}/duplicate`, host.token);
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json().data;
    expect(copy).toMatchObject({
      title: "Deep dive (copy)",
      slug: "deep-dive-copy",
      type: "round-robin",
      duration: 50,
      isActive: true,
      locations: [{ type: "in_person", value: "Room 5" }],
      team: { _id: teamId },
      hosts: [{ _id: host.userId }],
      missing: [],
    });
    expect(copy._id).not.toBe(original._id);
    const again = await call("POST", `/api/event-types/${original._id}/duplicate`, host.token);
    expect(again.json().data.slug).toBe("deep-dive-copy-2");
    expect((await call("POST", `/api/event-types/${original._id}/duplicate`, other.token)).statusCode).toBe(
      404,
    );
    expect((await call("POST", `/api/event-types/${original._id}/duplicate`)).statusCode).toBe(401);
  });

  it("renaming an untitled type moves its link to the title, unless the host chose the link", async () => {
    const untitled = await create({});
    expect(untitled.slug).toMatch(/^new-event-type/);
    const renamed = await call("PUT", `/api/event-types/${untitled._id}`, host.token, {
      title: "Office hours",
    });
    expect(renamed.json().data.slug).toBe("office-hours");
    // Once titled, later renames keep the link (it may have been shared).
    const again = await call("PUT", `/api/event-types/${untitled._id}`, host.token, {
      title: "Office hours 2",
    });
    expect(again.json().data.slug).toBe("office-hours");
    // A second untitled type renamed to a taken title gets a free link.
    const second = await create({});
    const clash = await call("PUT", `/api/event-types/${second._id}`, host.token, { title: "Office Hours" });
    expect(clash.json().data.slug).toBe("office-hours-2");
    // A link chosen by hand in the same save wins.
    const third = await create({});
    const chosen = await call("PUT", `/api/event-types/${third._id}`, host.token, {
      title: "Mentoring",
      slug: "mentor",
    });
    expect(chosen.json().data.slug).toBe("mentor");
  });

  it("an in-person location needs its address", async () => {
    const res = await call("POST", "/api/event-types", host.token, {
      title: "Walk",
      locations: [{ type: "in_person", value: "  " }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors["locations.0.value"]).toBe("Enter the address");
  });

  it("offers the host their own free starts before the event type exists (the create dialog's picker)", async () => {
    // The next Wednesday: the default schedule works weekdays.
    const day = new Date(Date.now() + 7 * 86_400_000);
    day.setUTCDate(day.getUTCDate() + ((3 - day.getUTCDay() + 7) % 7));
    const date = day.toISOString().slice(0, 10);
    const url = (duration: number, extra = "") =>
      `/api/bookings/free-slots?date=${date}&timezone=Asia/Kolkata&duration=${duration}${extra}`;
    expect((await call("GET", url(30))).statusCode).toBe(401);
    const short = await call("GET", url(30), host.token);
    expect(short.statusCode, short.body).toBe(200);
    const long = (await call("GET", url(240), host.token)).json().data;
    expect(short.json().data.length).toBeGreaterThan(long.length);
    expect(long.length).toBeGreaterThan(0);
    // Someone else's schedule is not the host's to read: nothing.
    const theirs = (await call("GET", "/api/availability", other.token)).json().data;
    const foreign = await call("GET", url(30, `&scheduleId=${theirs[0]._id}`), host.token);
    expect(foreign.json().data).toEqual([]);
    expect((await call("GET", url(3), host.token)).statusCode).toBe(400);
  });
});
