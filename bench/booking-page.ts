/**
 * The public booking page in a real browser (Debian's Chromium), against the built web app
 * (`npm run build` first) served by the real app on PGlite, on loopback:
 * - the JavaScript each public page loads (sum of script responses, gzipped here at level 9 as Vite
 *   reports it; target for /book/:slug: at most 80 KB);
 * - time from navigation start until the first slot button is in the DOM (target: 500 ms),
 *   each run in a fresh browser context (cold HTTP cache);
 * - the same for /{username}/{slug} against /book/:slug, and for the profile (/{username} against
 *   /user/:id, until its event type's card shows), which issue 12 wants as fast.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { buildApp } from "../src/server/app.js";
import { loadConfig } from "../src/server/config.js";
import { bearer, signUp } from "../src/server/testing/app.js";
import { createTestDatabase } from "../src/server/testing/database.js";

const RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 7);
const webDir = path.resolve(import.meta.dirname, "../dist/web");

export async function run(): Promise<void> {
  console.log(`\npublic booking page in Chromium (${RUNS} cold loads, built bundle, PGlite)`);
  if (!fs.existsSync(path.join(webDir, "index.html"))) {
    console.log("  skipped: run `npm run build` first");
    return;
  }
  const database = await createTestDatabase("pglite");
  const app = await buildApp({
    config: { ...loadConfig({}), webDir, smtpUrl: null },
    database,
    logger: false,
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-sync"],
  });
  try {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const host = await signUp(app, { timezone: "Asia/Kolkata" });
    const created = await app.inject({
      method: "POST",
      url: "/api/event-types",
      headers: bearer(host.token),
      payload: { title: "Intro Call", duration: 30, questions: [{ question: "Company", type: "text" }] },
    });
    const slug = created.json().data.slug as string;

    /** `collect`: also read every script's body (costs the page time, so timed runs skip it). */
    async function load(url: string, waitFor: string, collect = false) {
      const context = await browser.newContext({ timezoneId: "America/Los_Angeles" });
      const page = await context.newPage();
      const scripts: Promise<{ url: string; gz: number }>[] = [];
      page.on("response", (res) => {
        if (collect && res.request().resourceType() === "script") {
          scripts.push(res.body().then((b) => ({ url: res.url(), gz: gzipSync(b, { level: 9 }).length })));
        }
      });
      await page.addInitScript((selector) => {
        const w = window as unknown as { __seenAt?: number };
        new MutationObserver((_, observer) => {
          if (document.querySelector(selector)) {
            w.__seenAt = performance.now();
            observer.disconnect();
          }
        }).observe(document, { subtree: true, childList: true });
      }, waitFor);
      await page.goto(`${base}${url}`);
      await page.waitForSelector(waitFor);
      await page.waitForLoadState("networkidle");
      const seenAt = await page.evaluate(() => (window as unknown as { __seenAt?: number }).__seenAt ?? NaN);
      if (process.env.BENCH_PAGE_TIMELINE) {
        const entries = await page.evaluate(() =>
          performance
            .getEntries()
            .filter((e) => "responseEnd" in e)
            .map((e) => {
              const r = e as PerformanceResourceTiming;
              return `${Math.round(r.startTime)}-${Math.round(r.responseEnd)} ms  ${r.name.replace(location.origin, "")}`;
            }),
        );
        console.log(
          `    timeline of ${url} (slots at ${Math.round(seenAt)} ms)\n      ${entries.join("\n      ")}`,
        );
      }
      const loaded = await Promise.all(scripts);
      await context.close();
      return { ms: seenAt, kb: loaded.reduce((s, x) => s + x.gz, 0) / 1024, files: loaded };
    }

    const slotsSelector = '[aria-label="Available times"] button';
    const username = (
      await app.inject({ method: "GET", url: "/api/users/profile", headers: bearer(host.token) })
    ).json().data.user.username as string;
    const kb = (n: number) => `${n.toFixed(1)} KB`;
    const ms = (n: number) => `${Math.round(n)} ms`;
    /** JS of one load, then RUNS timed cold loads; the pages are loaded in turns so load drifts hit both. */
    async function measure(pages: { label: string; url: string; waitFor: string }[]) {
      const firsts = [];
      for (const p of pages) firsts.push(await load(p.url, p.waitFor, true));
      const times: number[][] = pages.map(() => []);
      for (let i = 0; i < RUNS; i++) {
        for (const [j, p] of pages.entries()) times[j].push((await load(p.url, p.waitFor)).ms);
      }
      for (const [j, p] of pages.entries()) {
        const sorted = times[j].sort((x, y) => x - y);
        console.log(
          `  ${p.label.padEnd(20)} JS ${kb(firsts[j].kb)} gz in ${firsts[j].files.length} files;` +
            ` visible: best ${ms(sorted[0])}, median ${ms(sorted[Math.floor(sorted.length / 2)])}` +
            ` (load ${os.loadavg()[0].toFixed(2)})`,
        );
      }
      return firsts;
    }
    // Issue 12: /{username}/{slug} and /{username} must match /book/:slug and /user/:id.
    const [first] = await measure([
      { label: "/book/:slug", url: `/book/${slug}`, waitFor: slotsSelector },
      { label: "/{username}/{slug}", url: `/${username}/${slug}`, waitFor: slotsSelector },
    ]);
    for (const f of first.files)
      console.log(`      ${kb(f.gz / 1024).padStart(9)}  ${new URL(f.url).pathname}`);
    const eventCard = `a[href="/${username}/${slug}"]`;
    await measure([
      { label: "/user/:id", url: `/user/${host.userId}`, waitFor: eventCard },
      { label: "/{username}", url: `/${username}`, waitFor: eventCard },
    ]);
    const home = await load("/", "main", true);
    console.log(`  / (landing)   JS ${kb(home.kb)} gz in ${home.files.length} files`);
  } finally {
    await browser.close();
    await app.close();
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
