import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, signUp, type TestApp } from "../../testing/app.js";
import { dbKinds } from "../../testing/database.js";

let clock = new Date("2026-10-28T12:00:00Z");
const now = () => clock;

/** A multipart/form-data body with one file part. */
function multipartBody(filename: string, contentType: string, data: Buffer) {
  const boundary = `----kairos${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

describe.each(dbKinds)("profile and username on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { now });
  });
  afterAll(() => t.close());

  const call = (method: string, url: string, token?: string, payload?: object) =>
    t.app.inject({
      method: method as "GET",
      url,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });

  it("gives a new host a username from their name, with a suffix when it is taken", async () => {
    const a = await signUp(t.app, { name: "Ada Lovelace" });
    const b = await signUp(t.app, { name: "Ada  LOVELACE!" });
    const c = await signUp(t.app, { name: "Li" });
    const d = await signUp(t.app, { name: "Settings" });
    const names = await Promise.all(
      [a, b, c, d].map(
        async (h) => (await call("GET", "/api/users/profile", h.token)).json().data.user.username,
      ),
    );
    expect(names).toEqual(["ada-lovelace", "ada-lovelace-2", "li-cal", "settings-cal"]);
  });

  it("updates name, time zone, welcome text, time format and week start", async () => {
    const h = await signUp(t.app);
    const res = await call("PUT", "/api/users/profile", h.token, {
      name: "Grace Hopper",
      timezone: "America/New_York",
      welcomeText: "Pick a time that suits you.",
      timeFormat: "24h",
      weekStart: "monday",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({
      name: "Grace Hopper",
      timezone: "America/New_York",
      welcomeText: "Pick a time that suits you.",
      timeFormat: "24h",
      weekStart: "monday",
    });
    const pub = (await call("GET", `/api/users/${res.json().data.user.username}/public`)).json().data;
    expect(pub.user).toMatchObject({ name: "Grace Hopper", welcomeText: "Pick a time that suits you." });
    expect(pub.user.email).toBeUndefined();
  });

  it("refuses bad profile input with per-field errors and changes nothing", async () => {
    const h = await signUp(t.app, { name: "Unchanged Name" });
    const res = await call("PUT", "/api/users/profile", h.token, {
      name: "",
      timezone: "Mars/Olympus",
      welcomeText: "x".repeat(10_000),
      timeFormat: "13h",
      weekStart: "friday",
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      "name",
      "timeFormat",
      "timezone",
      "weekStart",
      "welcomeText",
    ]);
    const user = (await call("GET", "/api/users/profile", h.token)).json().data.user;
    expect(user).toMatchObject({ name: "Unchanged Name", welcomeText: "", timeFormat: "12h" });
  });

  it("enforces the username rules and refuses reserved and taken names", async () => {
    const h = await signUp(t.app);
    const other = await signUp(t.app, { name: "Taken Name" });
    const before = (await call("GET", "/api/users/profile", h.token)).json().data.user.username;
    const bad = ["ab", "a".repeat(41), "Has Space", "-lead", "trail-", "double--hyphen", "ünïcode", "a_b"];
    for (const username of bad) {
      const res = await call("PUT", "/api/users/username", h.token, { username });
      expect(res.statusCode, username).toBe(400);
      expect(res.json().errors.username, username).toBeDefined();
    }
    for (const username of ["api", "book", "login", "settings", "admin", "dashboard", "user"]) {
      const res = await call("PUT", "/api/users/username", h.token, { username });
      expect(res.statusCode, username).toBe(400);
      expect(res.json().errors.username).toMatch(/reserved/);
    }
    const taken = await call("PUT", "/api/users/username", h.token, { username: "taken-name" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ errorCode: "USERNAME_TAKEN" });
    expect((await call("GET", "/api/users/profile", h.token)).json().data.user.username).toBe(before);
    expect((await call("GET", "/api/users/profile", other.token)).json().data.user.username).toBe(
      "taken-name",
    );
    // Upper case is folded, not refused.
    const upper = await call("PUT", "/api/users/username", h.token, { username: "Mixed-Case-9" });
    expect(upper.json().data.user.username).toBe("mixed-case-9");
  });

  it("lets exactly one of two hosts racing for a username have it", async () => {
    const hosts = await Promise.all([signUp(t.app), signUp(t.app), signUp(t.app), signUp(t.app)]);
    const results = await Promise.all(
      hosts.map((h) => call("PUT", "/api/users/username", h.token, { username: "the-prize" })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409]);
    const result = await t.database.db.execute(
      sql`select count(*)::int as n from users where username = 'the-prize'`,
    );
    const [{ n }] = (result as unknown as { rows: { n: number }[] }).rows;
    expect(n).toBe(1);
  });

  it("serves both hosts' same slug at their own links and keeps /book and /user links working", async () => {
    const ada = await signUp(t.app, { name: "Ada Byron" });
    const bob = await signUp(t.app, { name: "Bob Byron" });
    await call("PUT", "/api/users/username", ada.token, { username: "ada-b" });
    await call("PUT", "/api/users/username", bob.token, { username: "bob-b" });
    const adaEt = (await call("POST", "/api/event-types", ada.token, { title: "30min" })).json().data;
    clock = new Date(clock.getTime() + 1000);
    const bobEt = (await call("POST", "/api/event-types", bob.token, { title: "30min" })).json().data;
    expect([adaEt.slug, bobEt.slug]).toEqual(["30min", "30min"]);

    const a = (await call("GET", "/api/event-types/30min/public?user=ada-b")).json().data;
    const b = (await call("GET", "/api/event-types/30min/public?user=bob-b")).json().data;
    expect([a._id, b._id]).toEqual([adaEt._id, bobEt._id]);
    expect(b.user).toMatchObject({ username: "bob-b", name: "Bob Byron" });
    expect(b.user.email).toBeUndefined();
    // /book/{slug} keeps meaning the event type that had the slug first.
    const legacy = (await call("GET", "/api/event-types/30min/public")).json().data;
    expect(legacy._id).toBe(adaEt._id);

    const day = "2026-11-02";
    const slotsA = await call("GET", `/api/bookings/availability/30min?user=ada-b&date=${day}&timezone=UTC`);
    const slotsById = await call("GET", `/api/bookings/availability/${adaEt._id}?date=${day}&timezone=UTC`);
    expect(slotsA.statusCode).toBe(200);
    expect(slotsA.json().data).toEqual(slotsById.json().data);
    expect(
      (await call("GET", `/api/bookings/availability/30min?user=nobody-here&date=${day}`)).statusCode,
    ).toBe(404);

    // /user/:userId answers with the canonical link.
    const byId = (await call("GET", `/api/users/${ada.userId}/public`)).json().data;
    expect(byId.canonicalPath).toBe("/ada-b");
    expect(byId.eventTypes.map((e: { slug: string }) => e.slug)).toEqual(["30min"]);
  });

  it("redirects an old username for 90 days, then frees it", async () => {
    const h = await signUp(t.app, { name: "Old Name" });
    await call("PUT", "/api/users/username", h.token, { username: "first-name" });
    const et = (await call("POST", "/api/event-types", h.token, { title: "Chat" })).json().data;
    await call("PUT", "/api/users/username", h.token, { username: "second-name" });

    const old = await call("GET", "/api/users/first-name/public");
    expect(old.statusCode).toBe(200);
    expect(old.json().data.canonicalPath).toBe("/second-name");
    const oldEt = (await call("GET", "/api/event-types/chat/public?user=first-name")).json().data;
    expect(oldEt).toMatchObject({ _id: et._id, user: { username: "second-name" } });
    const oldSlots = await call("GET", "/api/bookings/availability/chat?user=first-name&date=2026-11-02");
    expect(oldSlots.statusCode).toBe(200);

    // Nobody else may take it meanwhile; its owner may take it back.
    const other = await signUp(t.app);
    expect(
      (await call("PUT", "/api/users/username", other.token, { username: "first-name" })).statusCode,
    ).toBe(409);
    const sameName = await signUp(t.app, { name: "First Name" });
    expect((await call("GET", "/api/users/profile", sameName.token)).json().data.user.username).toBe(
      "first-name-2",
    );

    const saved = clock;
    clock = new Date(saved.getTime() + 91 * 86_400_000);
    try {
      expect((await call("GET", "/api/users/first-name/public")).statusCode).toBe(404);
      expect((await call("GET", "/api/event-types/chat/public?user=first-name")).statusCode).toBe(404);
      const later = await signUp(t.app);
      const claimed = await call("PUT", "/api/users/username", later.token, { username: "first-name" });
      expect(claimed.statusCode).toBe(200);
    } finally {
      clock = saved;
    }
  });

  it("takes JPG, GIF and PNG avatars up to 5 MB, checks the bytes, and serves them publicly", async () => {
    const h = await signUp(t.app);
    const upload = (name: string, type: string, data: Buffer, token = h.token) => {
      const body = multipartBody(name, type, data);
      return t.app.inject({
        method: "POST",
        url: "/api/users/avatar",
        headers: { ...bearer(token), "content-type": body.contentType },
        payload: body.payload,
      });
    };
    const ok = await upload("me.png", "image/png", PNG);
    expect(ok.statusCode).toBe(200);
    const avatarUrl = ok.json().data.user.avatar as string;
    expect(avatarUrl).toMatch(new RegExp(`^/api/users/${h.userId}/avatar\\?v=\\d+$`));
    const served = await t.app.inject({ method: "GET", url: avatarUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.rawPayload.equals(PNG)).toBe(true);

    // A text file named .png, a 50 MB upload and a JSON body: refused, the avatar stays.
    const fake = await upload("evil.png", "image/png", Buffer.from("<script>alert(1)</script>"));
    expect(fake.statusCode).toBe(415);
    const huge = await upload("huge.png", "image/png", Buffer.concat([PNG, Buffer.alloc(50 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().success).toBe(false);
    const json = await call("POST", "/api/users/avatar", h.token, { avatar: "x" });
    expect(json.statusCode).toBe(415);
    expect((await call("GET", "/api/users/profile", h.token)).json().data.user.avatar).toBe(avatarUrl);

    const pub = (await call("GET", `/api/users/${h.userId}/public`)).json().data;
    expect(pub.user.avatar).toBe(avatarUrl);
    const removed = await call("DELETE", "/api/users/avatar", h.token);
    expect(removed.json().data.user.avatar).toBeNull();
    expect((await t.app.inject({ method: "GET", url: avatarUrl })).statusCode).toBe(404);
  });

  it("never lets one host change another's profile, username or avatar", async () => {
    const victim = await signUp(t.app, { name: "Victim Host" });
    const attacker = await signUp(t.app);
    const before = (await call("GET", "/api/users/profile", victim.token)).json().data.user;
    // Every write acts on the caller's own account only; there is no id to aim at another.
    await call("PUT", "/api/users/profile", attacker.token, { name: "Hacked" });
    await call("DELETE", "/api/users/avatar", attacker.token);
    const after = (await call("GET", "/api/users/profile", victim.token)).json().data.user;
    expect(after).toEqual(before);
    for (const [method, url] of [
      ["GET", "/api/users/profile"],
      ["PUT", "/api/users/profile"],
      ["PUT", "/api/users/username"],
      ["POST", "/api/users/avatar"],
      ["DELETE", "/api/users/avatar"],
    ]) {
      expect((await call(method, url, undefined, method === "GET" ? undefined : {})).statusCode, url).toBe(
        401,
      );
    }
  });
});
