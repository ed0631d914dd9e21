import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContactDto } from "../../../contract/contacts.js";
import { bearer, createTestApp, signUp, type TestApp } from "../../testing/app.js";
import { dbKinds } from "../../testing/database.js";

type Host = Awaited<ReturnType<typeof signUp>>;

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001a5f645400000000049454e44ae426082",
  "hex",
);

function multipart(field: string, filename: string, type: string, content: Buffer | string) {
  const boundary = "----kairos-test-boundary";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

async function create(app: FastifyInstance, host: Host, body: Record<string, unknown>): Promise<ContactDto> {
  const res = await app.inject({
    method: "POST",
    url: "/api/contacts",
    headers: bearer(host.token),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function list(app: FastifyInstance, host: Host, query = "") {
  const res = await app.inject({ method: "GET", url: `/api/contacts?${query}`, headers: bearer(host.token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: ContactDto[]; pagination: { total: number; totalPages: number } };
}

describe.each(dbKinds)("contacts API on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it("creates with defaults, validates per field, and names the contact holding a taken email", async () => {
    const host = await signUp(t.app);
    const c = await create(t.app, host, {
      fullName: "  Marie Curie ",
      email: "Marie@Example.com",
      tags: ["Physics", "physics ", " "],
    });
    expect(c).toMatchObject({
      fullName: "Marie Curie",
      email: "marie@example.com",
      timezone: "Asia/Kolkata",
      relationshipStage: "prospect",
      priority: "medium",
      tags: ["Physics"],
      totalMeetings: 0,
      avatar: null,
    });
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/contacts",
      headers: bearer(host.token),
      payload: {
        fullName: "",
        email: "nope",
        linkedIn: "javascript:alert(1)",
        timezone: "Mars/Base",
        relationshipStage: "friend",
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      "email",
      "fullName",
      "linkedIn",
      "relationshipStage",
      "timezone",
    ]);
    const taken = await t.app.inject({
      method: "POST",
      url: "/api/contacts",
      headers: bearer(host.token),
      payload: { fullName: "Other", email: "MARIE@example.com" },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toContain("Marie Curie");
    const long = await t.app.inject({
      method: "POST",
      url: "/api/contacts",
      headers: bearer(host.token),
      payload: { fullName: "x".repeat(10_000), email: "long@example.com" },
    });
    expect(long.statusCode).toBe(400);
    // Script tags are kept as text, never interpreted (the web renders text).
    const script = await create(t.app, host, {
      fullName: "<script>alert(1)</script>",
      email: "xss@example.com",
      notes: "<img src=x onerror=alert(1)>",
    });
    expect(script.fullName).toBe("<script>alert(1)</script>");
  });

  it("updates, tags (trimmed, unique, capped) and deletes", async () => {
    const host = await signUp(t.app);
    const c = await create(t.app, host, { fullName: "Alan Turing", email: "alan@example.com" });
    const auth = { headers: bearer(host.token) };
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/contacts/${c._id}`,
      ...auth,
      payload: { company: "Bletchley", priority: "high" },
    });
    expect(put.json().data).toMatchObject({
      company: "Bletchley",
      priority: "high",
      fullName: "Alan Turing",
    });
    const tagged = await t.app.inject({
      method: "POST",
      url: `/api/contacts/${c._id}/tags`,
      ...auth,
      payload: { tags: [" enigma ", "ENIGMA", "math"] },
    });
    expect(tagged.json().data.tags).toEqual(["enigma", "math"]);
    const tooLong = await t.app.inject({
      method: "POST",
      url: `/api/contacts/${c._id}/tags`,
      ...auth,
      payload: { tags: ["x".repeat(33)] },
    });
    expect(tooLong.statusCode).toBe(400);
    const many = Array.from({ length: 19 }, (_, i) => `t${i}`);
    const tooMany = await t.app.inject({
      method: "POST",
      url: `/api/contacts/${c._id}/tags`,
      ...auth,
      payload: { tags: many },
    });
    expect(tooMany.statusCode).toBe(400);
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/contacts/${c._id}/tags/Enigma`,
      ...auth,
    });
    expect(removed.json().data.tags).toEqual(["math"]);
    const del = await t.app.inject({ method: "DELETE", url: `/api/contacts/${c._id}`, ...auth });
    expect(del.statusCode).toBe(200);
    const gone = await t.app.inject({ method: "GET", url: `/api/contacts/${c._id}`, ...auth });
    expect(gone.statusCode).toBe(404);
  });

  it("pages, sorts, searches and filters on the server with the total", async () => {
    const host = await signUp(t.app);
    const people = [
      ["Zed Alpha", "zed@acme.io", "Acme", "CTO", "lead", "high"],
      ["amy Beta", "amy@beta.org", "Beta Corp", "Engineer", "customer", "low"],
      ["Bob Gamma", "bob@acme.io", "Gamma", "Sales Lead", "lead", "medium"],
      ["Cara Delta", "cara@delta.com", "Delta", "Designer", "partner", "high"],
      ["Dan 100%_off", "dan@x.com", "X", "", "other", "low"],
    ];
    for (const [fullName, email, company, jobTitle, relationshipStage, priority] of people) {
      await create(t.app, host, { fullName, email, company, jobTitle, relationshipStage, priority });
    }
    const page1 = await list(t.app, host, "limit=2&sort=name");
    expect(page1.data.map((c) => c.fullName)).toEqual(["amy Beta", "Bob Gamma"]);
    expect(page1.pagination).toMatchObject({ total: 5, totalPages: 3 });
    const page3 = await list(t.app, host, "limit=2&page=3&sort=name");
    expect(page3.data.map((c) => c.fullName)).toEqual(["Zed Alpha"]);
    const desc = await list(t.app, host, "sort=name&order=desc&limit=1");
    expect(desc.data[0].fullName).toBe("Zed Alpha");
    expect((await list(t.app, host, "searchQuery=acme.io")).data.map((c) => c.email).sort()).toEqual([
      "bob@acme.io",
      "zed@acme.io",
    ]);
    expect((await list(t.app, host, "searchQuery=BETA%20CORP")).data.map((c) => c.email)).toEqual([
      "amy@beta.org",
    ]);
    expect((await list(t.app, host, "searchQuery=sales")).data.map((c) => c.email)).toEqual(["bob@acme.io"]);
    // LIKE wildcards in the query are literal.
    expect((await list(t.app, host, "searchQuery=100%25_")).data.map((c) => c.email)).toEqual(["dan@x.com"]);
    expect((await list(t.app, host, "searchQuery=%25")).data.map((c) => c.email)).toEqual(["dan@x.com"]);
    const leads = await list(t.app, host, "stage=lead&priority=high");
    expect(leads.data.map((c) => c.email)).toEqual(["zed@acme.io"]);
    expect(leads.pagination.total).toBe(1);
    const bad = await t.app.inject({
      method: "GET",
      url: "/api/contacts?sort=random",
      headers: bearer(host.token),
    });
    expect(bad.statusCode).toBe(400);

    const stats = await t.app.inject({
      method: "GET",
      url: "/api/contacts/stats/overview",
      headers: bearer(host.token),
    });
    expect(stats.json().data).toMatchObject({
      total: 5,
      byStage: { lead: 2, customer: 1, partner: 1, other: 1, prospect: 0 },
      byPriority: { high: 2, medium: 1, low: 2 },
      newThisMonth: 5,
      metLast30Days: 0,
    });
  });

  it("runs bulk stage, tag and delete over ids or the whole filter", async () => {
    const host = await signUp(t.app);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      ids.push(
        (
          await create(t.app, host, {
            fullName: `Bulk ${i}`,
            email: `bulk${i}@example.com`,
            relationshipStage: i < 3 ? "lead" : "other",
          })
        )._id,
      );
    }
    const auth = { headers: bearer(host.token) };
    const stage = await t.app.inject({
      method: "POST",
      url: "/api/contacts/bulk",
      ...auth,
      payload: { ids: ids.slice(0, 2), action: "stage", stage: "customer" },
    });
    expect(stage.json().data.affected).toBe(2);
    const tag = await t.app.inject({
      method: "POST",
      url: "/api/contacts/bulk",
      ...auth,
      payload: { filter: { stage: "other" }, action: "tag", tags: ["cold"] },
    });
    expect(tag.json().data.affected).toBe(3);
    expect((await list(t.app, host, "tag=COLD")).pagination.total).toBe(3);
    const del = await t.app.inject({
      method: "POST",
      url: "/api/contacts/bulk",
      ...auth,
      payload: { filter: { stage: "customer" }, action: "delete" },
    });
    expect(del.json().data.affected).toBe(2);
    expect((await list(t.app, host)).pagination.total).toBe(4);
    const neither = await t.app.inject({
      method: "POST",
      url: "/api/contacts/bulk",
      ...auth,
      payload: { action: "delete" },
    });
    expect(neither.statusCode).toBe(400);
  });

  it("stores an avatar by its sniffed type, serves it as an image only, refuses other files", async () => {
    const host = await signUp(t.app);
    const c = await create(t.app, host, { fullName: "Pic", email: "pic@example.com" });
    const auth = bearer(host.token);
    const html = multipart("file", "evil.png", "image/png", "<html><script>alert(1)</script></html>");
    const refused = await t.app.inject({
      method: "POST",
      url: `/api/contacts/${c._id}/avatar`,
      payload: html.payload,
      headers: { ...auth, ...html.headers },
    });
    expect(refused.statusCode).toBe(415);
    const big = multipart(
      "file",
      "big.png",
      "image/png",
      Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]),
    );
    const tooBig = await t.app.inject({
      method: "POST",
      url: `/api/contacts/${c._id}/avatar`,
      payload: big.payload,
      headers: { ...auth, ...big.headers },
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe("File size must be 5MB or less.");
    const ok = multipart("file", "me.gif", "image/gif", PNG);
    const saved = await t.app.inject({
      method: "POST",
      url: `/api/contacts/${c._id}/avatar`,
      payload: ok.payload,
      headers: { ...auth, ...ok.headers },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const avatarUrl: string = saved.json().data.avatar;
    expect(avatarUrl).toMatch(new RegExp(`^/api/contacts/${c._id}/avatar\\?v=1$`));
    const got = await t.app.inject({ method: "GET", url: avatarUrl, headers: auth });
    expect(got.statusCode).toBe(200);
    expect(got.headers["content-type"]).toBe("image/png");
    expect(got.headers["x-content-type-options"]).toBe("nosniff");
    expect(got.headers["content-security-policy"]).toContain("sandbox");
    expect(got.rawPayload.equals(PNG)).toBe(true);
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/contacts/${c._id}/avatar`,
      headers: auth,
    });
    expect(removed.json().data.avatar).toBeNull();
    expect((await t.app.inject({ method: "GET", url: avatarUrl, headers: auth })).statusCode).toBe(404);
  });

  it("answers 404 to another host on every route of a contact, and 401 without a session", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const c = await create(t.app, owner, {
      fullName: "Private",
      email: "private@example.com",
      tags: ["secret"],
    });
    const png = multipart("file", "a.png", "image/png", PNG);
    await t.app.inject({
      method: "POST",
      url: `/api/contacts/${c._id}/avatar`,
      payload: png.payload,
      headers: { ...bearer(owner.token), ...png.headers },
    });
    const routes: {
      method: "GET" | "PUT" | "DELETE" | "POST";
      url: string;
      payload?: unknown;
      multipart?: boolean;
    }[] = [
      { method: "GET", url: `/api/contacts/${c._id}` },
      { method: "PUT", url: `/api/contacts/${c._id}`, payload: { fullName: "Hacked" } },
      { method: "DELETE", url: `/api/contacts/${c._id}` },
      { method: "POST", url: `/api/contacts/${c._id}/tags`, payload: { tags: ["x"] } },
      { method: "DELETE", url: `/api/contacts/${c._id}/tags/secret` },
      { method: "GET", url: `/api/contacts/${c._id}/avatar` },
      { method: "POST", url: `/api/contacts/${c._id}/avatar`, multipart: true },
      { method: "DELETE", url: `/api/contacts/${c._id}/avatar` },
    ];
    for (const route of routes) {
      const res = await t.app.inject({
        method: route.method,
        url: route.url,
        ...(route.multipart
          ? { payload: png.payload, headers: { ...bearer(other.token), ...png.headers } }
          : { payload: route.payload as object, headers: bearer(other.token) }),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(404);
      const anon = await t.app.inject({
        method: route.method,
        url: route.url,
        payload: route.payload as object,
      });
      expect(anon.statusCode, `anonymous ${route.method} ${route.url}`).toBe(401);
    }
    // Bulk actions, lists, stats and exports of the other host never reach the owner's contact.
    const bulk = await t.app.inject({
      method: "POST",
      url: "/api/contacts/bulk",
      headers: bearer(other.token),
      payload: { ids: [c._id], action: "delete" },
    });
    expect(bulk.json().data.affected).toBe(0);
    expect((await list(t.app, other)).pagination.total).toBe(0);
    const exp = await t.app.inject({
      method: "POST",
      url: "/api/contacts/export",
      headers: bearer(other.token),
      payload: {},
    });
    expect(exp.body).not.toContain("private@example.com");
    const stats = await t.app.inject({
      method: "GET",
      url: "/api/contacts/stats/overview",
      headers: bearer(other.token),
    });
    expect(stats.json().data.total).toBe(0);
    const still = await t.app.inject({
      method: "GET",
      url: `/api/contacts/${c._id}`,
      headers: bearer(owner.token),
    });
    expect(still.json().data).toMatchObject({ fullName: "Private", tags: ["secret"] });
    expect(still.json().data.avatar).not.toBeNull();
    for (const url of [
      "/api/contacts",
      "/api/contacts/stats/overview",
      "/api/contacts/template",
      "/api/contacts/export",
    ]) {
      expect((await t.app.inject({ method: "GET", url })).statusCode, url).toBe(401);
    }
  });
});
