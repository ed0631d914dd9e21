import { desc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../db/schema/index.js";
import { bearer, createTestApp, signUp, type TestApp } from "../../testing/app.js";
import { eventType, NOW } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";

describe.each(dbKinds)("teams on %s", (kind) => {
  let t: TestApp;
  let clock = NOW;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => clock });
  }, 180_000);
  afterAll(() => t.close());

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token?: string, payload?: object) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });

  async function team(owner: { token: string }, name = "Support Crew") {
    const res = await call("POST", "/api/teams", owner.token, { name });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { _id: string; slug: string };
  }

  /** Invites by mail and returns the token from the link in the mail. */
  async function invite(owner: { token: string }, teamId: string, email: string): Promise<string> {
    const res = await call("POST", `/api/teams/${teamId}/invites`, owner.token, { email });
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = await t.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(1);
    expect(mail.to).toBe(email.toLowerCase());
    const token = /\/team-invite\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();
    expect(res.json().data.link).toContain(token);
    return token as string;
  }

  async function joined(owner: { token: string }, teamId: string) {
    const member = await signUp(t.app);
    const token = await invite(owner, teamId, member.email);
    const res = await call("POST", `/api/team-invites/${token}/accept`, member.token);
    expect(res.statusCode, res.body).toBe(200);
    return member;
  }

  it("creates a team with its creator as owner and a slug from the name", async () => {
    const owner = await signUp(t.app, { name: "Olga Owner" });
    const created = await team(owner, "Sales Team!");
    expect(created).toMatchObject({ name: "Sales Team!", slug: "sales-team", role: "owner", memberCount: 1 });
    const second = await team(owner, "Sales Team");
    expect(second.slug).toBe("sales-team-2");
    const list = await call("GET", "/api/teams", owner.token);
    expect(list.json().data.map((x: { slug: string }) => x.slug)).toEqual(
      // By name: "Sales Team" before "Sales Team!".
      ["sales-team-2", "sales-team"],
    );
    const bad = await call("POST", "/api/teams", owner.token, { name: "", logo: "javascript:alert(1)" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(["name", "logo"]));
  });

  it("invites by a mailed single-use link that the invited address accepts once, within 7 days", async () => {
    const owner = await signUp(t.app);
    const { _id } = await team(owner);
    const invitee = await signUp(t.app);
    const stranger = await signUp(t.app);
    const token = await invite(owner, _id, invitee.email.toUpperCase());

    const preview = await call("GET", `/api/team-invites/${token}`);
    expect(preview.json().data).toMatchObject({
      teamName: "Support Crew",
      email: invitee.email,
      status: "pending",
    });
    expect((await call("GET", "/api/team-invites/not-a-real-token-at-all")).statusCode).toBe(404);

    const wrong = await call("POST", `/api/team-invites/${token}/accept`, stranger.token);
    expect(wrong.statusCode).toBe(403);
    expect((await call("POST", `/api/team-invites/${token}/accept`)).statusCode).toBe(401);

    const ok = await call("POST", `/api/team-invites/${token}/accept`, invitee.token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(
      ok
        .json()
        .data.members.map((m: { role: string }) => m.role)
        .sort(),
    ).toEqual(["member", "owner"]);
    // The member sees the team but not its pending invitations.
    const seen = await call("GET", `/api/teams/${_id}`, invitee.token);
    expect(seen.json().data).toMatchObject({ role: "member", invites: [] });

    const again = await call("POST", `/api/team-invites/${token}/accept`, invitee.token);
    expect(again.statusCode).toBe(410);
    expect((await call("GET", `/api/team-invites/${token}`)).json().data.status).toBe("used");

    const late = await signUp(t.app);
    const lateToken = await invite(owner, _id, late.email);
    clock = new Date(NOW.getTime() + 7 * 86_400_000 + 1000);
    try {
      expect((await call("GET", `/api/team-invites/${lateToken}`)).json().data.status).toBe("expired");
      expect((await call("POST", `/api/team-invites/${lateToken}/accept`, late.token)).statusCode).toBe(410);
    } finally {
      clock = NOW;
    }
  });

  it("lets members leave, owners remove members and change roles, and keeps one owner", async () => {
    const owner = await signUp(t.app);
    const { _id } = await team(owner);
    const a = await joined(owner, _id);
    const b = await joined(owner, _id);
    // A member cannot remove another member, nor change roles.
    expect((await call("DELETE", `/api/teams/${_id}/members/${b.userId}`, a.token)).statusCode).toBe(403);
    expect(
      (await call("PUT", `/api/teams/${_id}/members/${a.userId}`, a.token, { role: "owner" })).statusCode,
    ).toBe(403);
    // A member leaves.
    expect((await call("DELETE", `/api/teams/${_id}/members/${a.userId}`, a.token)).statusCode).toBe(200);
    expect((await call("GET", `/api/teams/${_id}`, a.token)).statusCode).toBe(404);
    // The last owner cannot leave; after promoting b, they can.
    expect((await call("DELETE", `/api/teams/${_id}/members/${owner.userId}`, owner.token)).statusCode).toBe(
      400,
    );
    expect(
      (await call("PUT", `/api/teams/${_id}/members/${b.userId}`, owner.token, { role: "owner" })).statusCode,
    ).toBe(200);
    expect((await call("DELETE", `/api/teams/${_id}/members/${owner.userId}`, owner.token)).statusCode).toBe(
      200,
    );
    // The new owner removes nobody that is not there.
    expect((await call("DELETE", `/api/teams/${_id}/members/${owner.userId}`, b.token)).statusCode).toBe(404);
  });

  it("shows a public team page with its active team event types only", async () => {
    const owner = await signUp(t.app, { name: "Pat Public" });
    const created = await team(owner, "Public Crew");
    const member = await joined(owner, created._id);
    const rr = await eventType(t.app, owner, { title: "Team intro", type: "round-robin" });
    const hosts = await call("PUT", `/api/event-types/${rr._id}/hosts`, owner.token, {
      teamId: created._id,
      hosts: [{ userId: owner.userId }, { userId: member.userId, weight: 2 }],
    });
    expect(hosts.statusCode, hosts.body).toBe(200);
    await eventType(t.app, owner, { title: "Personal" });
    const page = await call("GET", `/api/teams/${created.slug}/public`);
    expect(page.statusCode).toBe(200);
    expect(page.json().data.eventTypes.map((e: { title: string }) => e.title)).toEqual(["Team intro"]);
    expect(page.json().data.eventTypes[0].hosts).toHaveLength(2);
    expect(page.json().data.members).toHaveLength(2);
    expect(page.json().data.members[0]).not.toHaveProperty("email");
    // The event type answers with its team and hosts; it is not on the owner's personal page.
    const et = await call("GET", `/api/event-types/${rr._id}`, owner.token);
    expect(et.json().data.team).toMatchObject({ _id: created._id, slug: created.slug });
    const profile = await call("GET", `/api/users/${owner.userId}/public`);
    expect(profile.json().data.eventTypes.map((e: { title: string }) => e.title)).toEqual(["Personal"]);
    expect((await call("GET", "/api/teams/no-such-team/public")).statusCode).toBe(404);
  });

  it("refuses hosts outside the team and team hosts on one-on-one types", async () => {
    const owner = await signUp(t.app);
    const created = await team(owner);
    const outsider = await signUp(t.app);
    const rr = await eventType(t.app, owner, { type: "collective" });
    const res = await call("PUT", `/api/event-types/${rr._id}/hosts`, owner.token, {
      teamId: created._id,
      hosts: [{ userId: owner.userId }, { userId: outsider.userId }],
    });
    expect(res.statusCode).toBe(400);
    const plain = await eventType(t.app, owner);
    const res2 = await call("PUT", `/api/event-types/${plain._id}/hosts`, owner.token, {
      teamId: created._id,
      hosts: [{ userId: owner.userId }],
    });
    expect(res2.statusCode).toBe(400);
  });

  it("IDOR: another team's members and strangers get 404 for the team, its members, invites and event types", async () => {
    const owner = await signUp(t.app);
    const mine = await team(owner);
    const member = await joined(owner, mine._id);
    const other = await signUp(t.app);
    const theirs = await team(other, "Other Team");
    const rr = await eventType(t.app, owner, { type: "round-robin" });
    await call("PUT", `/api/event-types/${rr._id}/hosts`, owner.token, {
      teamId: mine._id,
      hosts: [{ userId: owner.userId }, { userId: member.userId }],
    });
    const inviteRes = await call("POST", `/api/teams/${mine._id}/invites`, owner.token, {
      email: "x@example.com",
    });
    const inviteId = inviteRes.json().data._id;

    const attempts: [string, string, object?][] = [
      ["GET", `/api/teams/${mine._id}`],
      ["PUT", `/api/teams/${mine._id}`, { name: "Hijacked" }],
      ["DELETE", `/api/teams/${mine._id}`],
      ["POST", `/api/teams/${mine._id}/invites`, { email: "spy@example.com" }],
      ["DELETE", `/api/teams/${mine._id}/invites/${inviteId}`],
      ["PUT", `/api/teams/${mine._id}/members/${member.userId}`, { role: "owner" }],
      ["DELETE", `/api/teams/${mine._id}/members/${member.userId}`],
      ["GET", `/api/event-types/${rr._id}/hosts`],
      ["PUT", `/api/event-types/${rr._id}/hosts`, { teamId: theirs._id, hosts: [{ userId: other.userId }] }],
      ["GET", `/api/event-types/${rr._id}`],
      ["PUT", `/api/event-types/${rr._id}`, { title: "Hijacked" }],
      ["DELETE", `/api/event-types/${rr._id}`],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call(method as "GET", url, other.token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // Pointing one's own event type at a team one is not in is refused too.
    const own = await eventType(t.app, other, { type: "round-robin" });
    const res = await call("PUT", `/api/event-types/${own._id}/hosts`, other.token, {
      teamId: mine._id,
      hosts: [{ userId: other.userId }],
    });
    expect(res.statusCode).toBe(400);
    // A member of the team sees the hosts but cannot change them.
    expect((await call("GET", `/api/event-types/${rr._id}/hosts`, member.token)).statusCode).toBe(200);
    expect(
      (
        await call("PUT", `/api/event-types/${rr._id}/hosts`, member.token, {
          teamId: mine._id,
          hosts: [{ userId: member.userId }],
        })
      ).statusCode,
    ).toBe(404);
    expect((await call("GET", `/api/teams/${mine._id}`, owner.token)).json().data.name).toBe("Support Crew");
  });
});
