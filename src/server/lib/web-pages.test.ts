import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, signUp, type TestApp } from "../testing/app.js";

// Monday 2026-11-02, 09:00 in Kolkata: the host's 9-5 weekday hours have times today.
const NOW = new Date("2026-11-02T03:30:00Z");
/** The page as built, without the language the server puts into every invitees' page (issue 27). */
const withoutLanguage = (body: string) =>
  body
    .replace(' lang="en" dir="ltr"', "")
    .replace(/<script type="application\/json" id="kairos-language">.*?<\/script>/, "");
const BOOK_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/book.js"></script></head><body></body></html>';

/** The first answers a page's HTML carries, by key. */
function inlined(html: string): Record<string, unknown> | null {
  const json = html.match(/<script type="application\/json" id="kairos-first-answers">(.*?)<\/script>/s)?.[1];
  return json ? JSON.parse(json) : null;
}

describe("web pages: compression and first answers", () => {
  let t: TestApp;
  let webDir: string;
  let slug: string;
  let username: string;
  let userId: string;
  const script = "x".repeat(4000);

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), "kairos-pages-"));
    fs.mkdirSync(path.join(webDir, "assets"));
    fs.writeFileSync(
      path.join(webDir, "index.html"),
      "<!doctype html><html><head></head><body>host</body></html>",
    );
    fs.writeFileSync(path.join(webDir, "book.html"), BOOK_HTML);
    // What the build writes: the file and its brotli and gzip twins.
    fs.writeFileSync(path.join(webDir, "assets/app-abc123.js"), script);
    fs.writeFileSync(path.join(webDir, "assets/app-abc123.js.br"), brotliCompressSync(script));
    fs.writeFileSync(path.join(webDir, "assets/app-abc123.js.gz"), gzipSync(script));
    t = await createTestApp("pglite", { config: { webDir }, now: () => NOW });
    const host = await signUp(t.app, { timezone: "Asia/Kolkata" });
    const created = await t.app.inject({
      method: "POST",
      url: "/api/event-types",
      headers: bearer(host.token),
      // A title that would end a script element if it were not escaped.
      payload: { title: "Intro </script><script>alert(1)</script>", duration: 30 },
    });
    slug = created.json().data.slug;
    username = created.json().data.user.username;
    userId = host.userId;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it("sends built assets precompressed, as the browser accepts them", async () => {
    const get = (encoding?: string) =>
      t.app.inject({
        method: "GET",
        url: "/assets/app-abc123.js",
        headers: encoding ? { "accept-encoding": encoding } : {},
      });
    const br = await get("gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await get("gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers["cache-control"]).toContain("immutable");
    // A script is never a document: no CSP or framing headers on it, the per-file ones stay.
    for (const name of ["content-security-policy", "x-frame-options", "cross-origin-opener-policy"]) {
      expect(br.headers[name], name).toBeUndefined();
    }
    expect(br.headers["x-content-type-options"]).toBe("nosniff");
    expect(br.headers["cross-origin-resource-policy"]).toBe("same-origin");
  });

  it("compresses pages and keeps the CSP free of inline scripts", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/dashboard",
      headers: { "accept-encoding": "br" },
    });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain("host");
    const scriptSrc = String(res.headers["content-security-policy"]).match(/script-src [^;]*/)?.[0];
    expect(scriptSrc).toBe("script-src 'self'");
    expect(res.headers["x-frame-options"]).toBe("DENY");
  });

  it("inlines the booking page's event type and first times in the host's zone, then the invitee's", async () => {
    const first = await t.app.inject({ method: "GET", url: `/book/${slug}` });
    expect(first.headers["content-type"]).toContain("text/html");
    expect(first.body).not.toContain("<script>alert(1)");
    const answers = inlined(first.body);
    expect(answers).not.toBeNull();
    const eventType = answers?.[`event-type|${slug}`] as { title: string };
    expect(eventType.title).toBe("Intro </script><script>alert(1)</script>");
    // The same answers the API gives.
    const days = await t.app.inject({
      method: "GET",
      url: `/api/bookings/availability/${slug}?month=2026-11&timezone=Asia/Kolkata`,
    });
    expect(answers?.[`month|${slug}|2026-11|Asia/Kolkata|`]).toEqual(days.json().data);
    const today = await t.app.inject({
      method: "GET",
      url: `/api/bookings/availability/${slug}?date=2026-11-02&timezone=Asia/Kolkata`,
    });
    expect((today.json().data as unknown[]).length).toBeGreaterThan(0);
    expect(answers?.[`day|${slug}|2026-11-02|Asia/Kolkata|`]).toEqual(today.json().data);

    // The browser said it is in New York: its times come in that zone (where it is still Sunday night).
    const again = await t.app.inject({
      method: "GET",
      url: `/book/${slug}`,
      headers: { cookie: "other=1; kairos_tz=America%2FNew_York", "accept-encoding": "gzip" },
    });
    expect(again.headers["content-encoding"]).toBe("gzip");
    const inZone = inlined(gunzipSync(again.rawPayload).toString()) ?? {};
    expect(Object.keys(inZone)).toContain(`month|${slug}|2026-11|America/New_York|`);
    expect(Object.keys(inZone)).toContain(`day|${slug}|2026-11-01|America/New_York|`);
    // The first open day in New York is Sunday evening's times of Kolkata's Monday morning: inlined too.
    const open = (inZone[`month|${slug}|2026-11|America/New_York|`] as { days: string[] }).days;
    const firstOpen = open.find((d) => d >= "2026-11-01");
    const api = await t.app.inject({
      method: "GET",
      url: `/api/bookings/availability/${slug}?date=${firstOpen}&timezone=America/New_York`,
    });
    expect((api.json().data as unknown[]).length).toBeGreaterThan(0);
    expect(inZone[`day|${slug}|${firstOpen}|America/New_York|`]).toEqual(api.json().data);
  });

  it("inlines nothing for an unknown event type, a bad zone cookie gets the host's zone, moves get only the event type", async () => {
    const missing = await t.app.inject({ method: "GET", url: "/book/no-such-event" });
    expect(missing.statusCode).toBe(200);
    expect(withoutLanguage(missing.body)).toBe(BOOK_HTML);
    const badZone = await t.app.inject({
      method: "GET",
      url: `/book/${slug}`,
      headers: { cookie: "kairos_tz=Not%2FA_Zone" },
    });
    expect(Object.keys(inlined(badZone.body) ?? {})).toContain(`month|${slug}|2026-11|Asia/Kolkata|`);
    const moving = await t.app.inject({ method: "GET", url: `/book/${slug}?reschedule=abc&token=def` });
    expect(Object.keys(inlined(moving.body) ?? {})).toEqual([`event-type|${slug}`]);
  });

  it("inlines the same first answers for /{username}/{slug} and /{username} as for /book/:slug and /user/:id", async () => {
    const ref = `${username}/${slug}`;
    const own = inlined((await t.app.inject({ method: "GET", url: `/${username}/${slug}` })).body) ?? {};
    const legacy = inlined((await t.app.inject({ method: "GET", url: `/book/${slug}` })).body) ?? {};
    expect(Object.keys(own).sort()).toEqual(
      Object.keys(legacy)
        .map((k) => k.replace(`|${slug}`, `|${ref}`))
        .sort(),
    );
    expect(own[`event-type|${ref}`]).toEqual(legacy[`event-type|${slug}`]);
    expect(own[`month|${ref}|2026-11|Asia/Kolkata|`]).toEqual(legacy[`month|${slug}|2026-11|Asia/Kolkata|`]);

    const profile =
      inlined((await t.app.inject({ method: "GET", url: `/${username.toUpperCase()}` })).body) ?? {};
    const api = await t.app.inject({ method: "GET", url: `/api/users/${username}/public` });
    expect(profile[`profile|${username}`]).toEqual(api.json().data);
    const byId = inlined((await t.app.inject({ method: "GET", url: `/user/${userId}` })).body) ?? {};
    expect(byId[`profile|${userId}`]).toEqual(api.json().data);

    // Reserved words stay the host app's; unknown usernames get the public app with nothing inlined.
    const settings = await t.app.inject({ method: "GET", url: "/settings" });
    expect(settings.body).toContain("host");
    const nobody = await t.app.inject({ method: "GET", url: "/nobody-by-this-name/30min" });
    expect(withoutLanguage(nobody.body)).toBe(BOOK_HTML);
  });

  it("answers an old username's pages with a 301 to the new ones, query kept", async () => {
    const host = await signUp(t.app, { name: "Renamed Host" });
    const put = (username: string) =>
      t.app.inject({
        method: "PUT",
        url: "/api/users/username",
        headers: bearer(host.token),
        payload: { username },
      });
    expect((await put("before-name")).statusCode).toBe(200);
    const et = await t.app.inject({
      method: "POST",
      url: "/api/event-types",
      headers: bearer(host.token),
      payload: { title: "Catch up", duration: 30 },
    });
    const etSlug = et.json().data.slug as string;
    expect((await put("after-name")).statusCode).toBe(200);

    const page = await t.app.inject({ method: "GET", url: `/before-name/${etSlug}?month=2026-11` });
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe(`/after-name/${etSlug}?month=2026-11`);
    expect(page.headers["cache-control"]).toBe("public, max-age=86400");
    const profile = await t.app.inject({ method: "GET", url: "/BEFORE-NAME" });
    expect(profile.statusCode).toBe(301);
    expect(profile.headers.location).toBe("/after-name");
    // The new addresses are the pages themselves.
    expect((await t.app.inject({ method: "GET", url: `/after-name/${etSlug}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/after-name" })).statusCode).toBe(200);
  });
});
