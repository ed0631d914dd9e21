import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../db/schema/index.js";
import { bearer, createTestApp, signUp, type TestApp } from "../../testing/app.js";
import { dbKinds } from "../../testing/database.js";

let clock = new Date("2026-10-28T12:00:00Z");
const now = () => clock;

describe.each(dbKinds)("password, email and sessions on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { now, config: { publicUrl: "https://kairos.test" } });
  });
  afterAll(() => t.close());

  const call = (method: string, url: string, token?: string, payload?: object, ua?: string) =>
    t.app.inject({
      method: method as "GET",
      url,
      headers: { ...(token ? bearer(token) : {}), ...(ua ? { "user-agent": ua } : {}) },
      ...(payload ? { payload } : {}),
    });
  const login = async (email: string, password: string, ua?: string) => {
    const res = await call("POST", "/api/auth/login", undefined, { email, password }, ua);
    return res.statusCode === 200 ? (res.json().token as string) : null;
  };
  const alive = async (token: string) => (await call("GET", "/api/auth/me", token)).statusCode === 200;
  /** The newest queued mail to `to`, and the link in it that starts with `prefix`. */
  const mailTo = async (to: string) => {
    const [row] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    return row;
  };
  const linkToken = (text: string, path: string) => {
    const m = text.match(new RegExp(`https://kairos\\.test${path}\\?token=([A-Za-z0-9_%-]+)`));
    return m ? decodeURIComponent(m[1]) : null;
  };

  it("changes the password with the current one and signs out every other session at once", async () => {
    const h = await signUp(t.app, { password: "old-password" });
    const laptop = (await login(
      h.email,
      "old-password",
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Chrome/130.0 Safari/537.36",
    )) as string;
    const phone = (await login(
      h.email,
      "old-password",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Version/17.0 Mobile Safari/604.1",
    )) as string;

    const sessions = (await call("GET", "/api/users/sessions", laptop)).json().data;
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(sessions.map((s: { device: string }) => s.device).sort()).toEqual([
      "Chrome on macOS",
      "Safari on iOS",
      "Unknown device",
    ]);

    const wrong = await call("PUT", "/api/users/password", laptop, {
      currentPassword: "not-it",
      newPassword: "new-password",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      errorCode: "WRONG_PASSWORD",
      errors: { currentPassword: expect.any(String) },
    });
    expect(await alive(phone)).toBe(true);
    const short = await call("PUT", "/api/users/password", laptop, {
      currentPassword: "old-password",
      newPassword: "123",
    });
    expect(short.statusCode).toBe(400);
    expect(await login(h.email, "old-password")).not.toBeNull();

    const ok = await call("PUT", "/api/users/password", laptop, {
      currentPassword: "old-password",
      newPassword: "new-password",
    });
    expect(ok.statusCode).toBe(200);
    expect(await alive(laptop)).toBe(true);
    expect(await alive(phone)).toBe(false);
    expect(await alive(h.token)).toBe(false);
    expect(await login(h.email, "old-password")).toBeNull();
    expect(await login(h.email, "new-password")).not.toBeNull();
    expect((await mailTo(h.email))?.subject).toBe("Your Kairos password was changed");
  });

  it("revokes one session, another host's session never, and signs out everywhere", async () => {
    const h = await signUp(t.app);
    const second = (await login(h.email, h.password)) as string;
    const other = await signUp(t.app);
    const mine = (await call("GET", "/api/users/sessions", h.token)).json().data;
    const secondId = mine.find((s: { current: boolean }) => !s.current)._id;
    const theirs = (await call("GET", "/api/users/sessions", other.token)).json().data[0]._id;

    expect((await call("DELETE", `/api/users/sessions/${theirs}`, h.token)).statusCode).toBe(404);
    expect(await alive(other.token)).toBe(true);
    expect((await call("DELETE", `/api/users/sessions/${secondId}`, h.token)).statusCode).toBe(200);
    expect(await alive(second)).toBe(false);
    expect(await alive(h.token)).toBe(true);

    const third = (await login(h.email, h.password)) as string;
    expect((await call("DELETE", "/api/users/sessions", h.token)).statusCode).toBe(200);
    expect(await alive(h.token)).toBe(false);
    expect(await alive(third)).toBe(false);
    expect(await alive(other.token)).toBe(true);
  });

  it("resets a forgotten password by a mailed link: same answer for unknown addresses, single use, 1 hour", async () => {
    const h = await signUp(t.app, { password: "forgotten-pw" });
    const other = (await login(h.email, "forgotten-pw")) as string;

    const known = await call("POST", "/api/auth/forgot-password", undefined, {
      email: h.email.toUpperCase(),
    });
    const unknown = await call("POST", "/api/auth/forgot-password", undefined, {
      email: "ghost@example.com",
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await mailTo("ghost@example.com")).toBeUndefined();

    const mail = await mailTo(h.email);
    expect(mail.subject).toBe("Reset your Kairos password");
    const token = linkToken(mail.text, "/reset-password") as string;
    expect(token).toBeTruthy();
    // Asking again voids the first link.
    await call("POST", "/api/auth/forgot-password", undefined, { email: h.email });
    const first = await call("POST", "/api/auth/reset-password", undefined, {
      token,
      password: "brand-new-1",
    });
    expect(first.statusCode).toBe(400);
    expect(first.json().errorCode).toBe("INVALID_TOKEN");

    const token2 = linkToken((await mailTo(h.email)).text, "/reset-password") as string;
    const bad = await call("POST", "/api/auth/reset-password", undefined, { token: token2, password: "12" });
    expect(bad.statusCode).toBe(400);
    const reset = await call("POST", "/api/auth/reset-password", undefined, {
      token: token2,
      password: "brand-new-1",
    });
    expect(reset.statusCode).toBe(200);
    expect(await alive(h.token)).toBe(false);
    expect(await alive(other)).toBe(false);
    expect(await login(h.email, "forgotten-pw")).toBeNull();
    expect(await login(h.email, "brand-new-1")).not.toBeNull();
    const again = await call("POST", "/api/auth/reset-password", undefined, {
      token: token2,
      password: "third-pw-1",
    });
    expect(again.statusCode).toBe(400);
    expect(await login(h.email, "brand-new-1")).not.toBeNull();

    // A link older than an hour is dead.
    await call("POST", "/api/auth/forgot-password", undefined, { email: h.email });
    const token3 = linkToken((await mailTo(h.email)).text, "/reset-password") as string;
    const saved = clock;
    clock = new Date(saved.getTime() + 61 * 60_000);
    try {
      const late = await call("POST", "/api/auth/reset-password", undefined, {
        token: token3,
        password: "late-pw-12",
      });
      expect(late.statusCode).toBe(400);
    } finally {
      clock = saved;
    }
    expect(await login(h.email, "brand-new-1")).not.toBeNull();
    // Two requests racing with one link: exactly one sets its password.
    await call("POST", "/api/auth/forgot-password", undefined, { email: h.email });
    const token4 = linkToken((await mailTo(h.email)).text, "/reset-password") as string;
    const raced = await Promise.all(
      ["race-pw-aaa", "race-pw-bbb"].map((password) =>
        call("POST", "/api/auth/reset-password", undefined, { token: token4, password }),
      ),
    );
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = raced[0].statusCode === 200 ? "race-pw-aaa" : "race-pw-bbb";
    expect(await login(h.email, winner)).not.toBeNull();
    const forged = await call("POST", "/api/auth/reset-password", undefined, {
      token: "x".repeat(43),
      password: "forged-pw",
    });
    expect(forged.statusCode).toBe(400);
  });

  it("changes the email only through the link sent to the new address, and tells the old one", async () => {
    const h = await signUp(t.app, { password: "email-pw-1" });
    const taken = await signUp(t.app);
    const newEmail = `moved-${Date.now()}@example.com`;

    const noPw = await call("POST", "/api/users/email", h.token, { newEmail, currentPassword: "wrong" });
    expect(noPw.statusCode).toBe(400);
    const clash = await call("POST", "/api/users/email", h.token, {
      newEmail: taken.email,
      currentPassword: "email-pw-1",
    });
    expect(clash.statusCode).toBe(409);
    const asked = await call("POST", "/api/users/email", h.token, {
      newEmail,
      currentPassword: "email-pw-1",
    });
    expect(asked.statusCode).toBe(200);

    // Nothing changes until the link is opened.
    expect((await call("GET", "/api/users/profile", h.token)).json().data.user.email).toBe(h.email);
    expect((await mailTo(h.email))?.text).toContain(newEmail);
    const confirm = await mailTo(newEmail);
    expect(confirm.subject).toBe("Confirm your new email address");
    const token = linkToken(confirm.text, "/confirm-email") as string;

    const ok = await call("POST", "/api/auth/confirm-email", undefined, { token });
    expect(ok.statusCode).toBe(200);
    expect((await call("GET", "/api/users/profile", h.token)).json().data.user.email).toBe(newEmail);
    expect(await login(newEmail, "email-pw-1")).not.toBeNull();
    expect(await login(h.email, "email-pw-1")).toBeNull();
    expect((await call("POST", "/api/auth/confirm-email", undefined, { token })).statusCode).toBe(400);
  });

  it("ends a session 30 days after sign-in, and keeps it alive until then", async () => {
    const start = clock;
    try {
      const h = await signUp(t.app);
      clock = new Date(start.getTime() + 29 * 86_400_000);
      expect(await alive(h.token)).toBe(true);
      clock = new Date(start.getTime() + 30 * 86_400_000 + 1000);
      expect(await alive(h.token)).toBe(false);
    } finally {
      clock = start;
    }
  });

  it("answers 401 without a session on every security route", async () => {
    for (const [method, url] of [
      ["PUT", "/api/users/password"],
      ["POST", "/api/users/email"],
      ["GET", "/api/users/sessions"],
      ["DELETE", "/api/users/sessions"],
      ["DELETE", "/api/users/sessions/00000000-0000-4000-8000-000000000000"],
    ]) {
      expect(
        (await call(method, url, undefined, method === "GET" || method === "DELETE" ? undefined : {}))
          .statusCode,
        url,
      ).toBe(401);
    }
  });
});
