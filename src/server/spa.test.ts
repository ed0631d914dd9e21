import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./testing/app.js";

// The SPA fallback picks the invitees' app (book.html) for exactly its routes, the host app otherwise.
describe("web app fallback", () => {
  let t: TestApp;
  let webDir: string;

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), "kairos-web-"));
    fs.writeFileSync(path.join(webDir, "index.html"), "<p>host app</p>");
    fs.writeFileSync(path.join(webDir, "book.html"), "<p>public app</p>");
    t = await createTestApp("pglite", { config: { webDir } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const page = async (url: string) => {
    const res = await t.app.inject({ method: "GET", url });
    // The invitees' pages carry their language (issue 27, lib/language.ts); the page is the rest.
    const body = res.body.replace(/<script type="application\/json" id="kairos-language">.*?<\/script>/, "");
    return { status: res.statusCode, body, cache: res.headers["cache-control"] };
  };

  it("serves book.html for the booking, confirmation and profile pages", async () => {
    for (const url of [
      "/book/intro-call",
      "/book/intro-call/",
      "/book/intro-call?reschedule=abcdefghij&token=x",
      "/booking-confirmed?uid=abc&token=def",
      "/user/3f7b2b1e-8a52-4c1e-9d6a-0b7f1d2c3e4f",
      "/ada-lovelace",
      "/ada-lovelace/",
      "/ada-lovelace/30min",
      "/Ada-Lovelace/30min?reschedule=abcdefghij&token=x",
    ]) {
      expect(await page(url), url).toEqual({ status: 200, body: "<p>public app</p>", cache: "no-cache" });
    }
  });

  it("sends the security headers on pages and API answers alike", async () => {
    for (const url of ["/book/intro-call", "/dashboard", "/api/health", "/api/nope"]) {
      const res = await t.app.inject({ method: "GET", url });
      // Invitees' pages may be embedded (issue 25: features/embeds); the host app and the API never.
      const framed = url.startsWith("/book/");
      expect(res.headers["content-security-policy"], url).toContain(
        framed ? "frame-ancestors *" : "frame-ancestors 'none'",
      );
      expect(res.headers["content-security-policy"], url).toContain("script-src 'self'");
      expect(res.headers["x-content-type-options"], url).toBe("nosniff");
      expect(res.headers["x-frame-options"], url).toBe(framed ? undefined : "DENY");
    }
  });

  it("lets OAuth popups talk to their opener: popups allowed, no opener policy on callback pages", async () => {
    for (const url of ["/login", "/dashboard", "/api/health"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.headers["cross-origin-opener-policy"], url).toBe("same-origin-allow-popups");
    }
    for (const url of [
      "/auth/google/callback?code=x&state=y",
      "/auth/sbu/callback",
      "/auth/my-okta/callback",
      "/calendar/google/callback?code=x&state=y",
    ]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cross-origin-opener-policy"], url).toBeUndefined();
    }
  });

  it("serves index.html for every other page and keeps unknown API paths JSON 404s", async () => {
    for (const url of [
      "/",
      "/dashboard",
      "/book",
      "/book/a/b",
      "/booking-confirmed/x",
      "/users/1",
      "/bookings",
      // Words that cannot be usernames stay the host app's, with or without a second segment.
      "/settings",
      "/settings/profile",
      "/login",
      "/forgot-password",
      "/reset-password",
      "/confirm-email",
      "/admin/x",
      "/ab",
      "/a--b/slug",
      "/favicon.svg",
    ]) {
      expect(await page(url), url).toMatchObject({ status: 200, body: "<p>host app</p>" });
    }
    const api = await page("/api/book/intro-call");
    expect(api.status).toBe(404);
    expect(JSON.parse(api.body)).toMatchObject({ success: false, errorCode: "NOT_FOUND" });
  });
});
