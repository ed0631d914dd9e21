import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, signUp, type TestApp } from "../testing/app.js";

// Monday 2026-11-02, 09:00 in Kolkata.
const NOW = new Date("2026-11-02T03:30:00Z");

/**
 * The server's side of the booking page's first view (first-view.ts, web-pages.ts, pages.ts), with a
 * stand-in for the built renderer (dist/ssr/ssr.js, from src/web/ssr.tsx; the e2e specs run the real
 * one): what it is asked to render, where its markup goes, and that a failure only costs the markup.
 */
describe("web pages: the booking page's first view", () => {
  let t: TestApp;
  let base: string;
  let slug: string;

  beforeAll(async () => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), "kairos-first-view-"));
    const webDir = path.join(base, "web");
    fs.mkdirSync(webDir);
    fs.mkdirSync(path.join(base, "ssr"));
    fs.writeFileSync(
      path.join(webDir, "index.html"),
      "<!doctype html><html><head></head><body>host</body></html>",
    );
    fs.writeFileSync(
      path.join(webDir, "book.html"),
      '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(
      path.join(base, "ssr", "ssr.js"),
      `export function renderBookingPage(r) {
        if (r.search.includes("boom")) throw new Error("render failed");
        return '<p data-zone="' + r.zone + '" data-now="' + r.now + '">' + Object.keys(r.answers).length + ' answers for ' + r.pathname + '</p>';
      }`,
    );
    t = await createTestApp("pglite", { config: { webDir }, now: () => NOW });
    const host = await signUp(t.app, { timezone: "Asia/Kolkata" });
    const created = await t.app.inject({
      method: "POST",
      url: "/api/event-types",
      headers: bearer(host.token),
      payload: { title: "First View", duration: 30 },
    });
    slug = created.json().data.slug;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(base, { recursive: true, force: true });
  });

  const page = async (url: string, cookie?: string) => {
    const res = await t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it("renders into the root, in the host's zone on a first visit and the browser's after, at the server's clock", async () => {
    const first = await page(`/book/${slug}`);
    expect(first).toMatch(
      new RegExp(
        `<div id="root" data-first-view><p data-zone="Asia/Kolkata" data-now="${NOW.getTime()}">[1-9]\\d* answers for /book/${slug}</p></div>`,
      ),
    );
    const again = await page(`/book/${slug}`, "kairos_tz=America%2FNew_York");
    expect(again).toContain('<p data-zone="America/New_York"');
  });

  it("leaves the root empty for a reschedule link, an unknown event type and a failed render", async () => {
    expect(await page(`/book/${slug}?reschedule=abc&token=def`)).toContain('<div id="root"></div>');
    expect(await page("/book/no-such-event")).toContain('<div id="root"></div>');
    const failed = await page(`/book/${slug}?boom=1`);
    expect(failed).toContain('<div id="root"></div>');
    // The first answers still come with it: the browser renders at once.
    expect(failed).toContain('id="kairos-first-answers"');
  });
});
