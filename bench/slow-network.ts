/**
 * The product on a real phone network (issue 4), in Debian's Chromium against the built web app
 * (`npm run build` first) served by the real app on PGlite, with Chrome DevTools' "Slow 4G" preset
 * applied through CDP (Network.emulateNetworkConditions: 562.5 ms latency, 180 KB/s down, 84 KB/s up):
 * - the booking page: navigation start until the first time button is in the DOM, median of 5 cold
 *   loads (fresh browser context: no cache, no cookies), for an invitee in India (our default zone)
 *   booking an Indian host (target <= 1.5 s), and for an invitee in New York on a first and on a
 *   repeat visit (the server learns the zone from the first);
 * - the signed-in host's dashboard, cold: bytes on the wire (encoded) and requests (target <= 350 KB);
 * - the booking page without throttling (issue 4: no worse than 360 ms median before this work).
 */

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "@playwright/test";
import { createDemoHost, insertDemoBookings } from "../scripts/lib/demo-data.js";
import { buildApp } from "../src/server/app.js";
import { loadConfig } from "../src/server/config.js";
import { bearer, signUp } from "../src/server/testing/app.js";
import { createTestDatabase } from "../src/server/testing/database.js";

const RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 5);
const webDir = path.resolve(import.meta.dirname, "../dist/web");
/** DevTools' Slow 4G: 150 ms RTT x 3.75, 1.6 Mbit/s x 0.9 down, 750 kbit/s x 0.9 up. */
const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: (1.6 * 1000 * 1000 * 0.9) / 8,
  uploadThroughput: (750 * 1000 * 0.9) / 8,
};
const SLOTS = '[aria-label="Available times"] button';
const load = () => `load ${os.loadavg()[0].toFixed(2)}`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Opens `url` in `context` (throttled when asked) and reports when `selector` first appeared and what went over the wire. */
async function visit(context: BrowserContext, url: string, selector: string, throttle: boolean) {
  const page: Page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: false });
  if (throttle) await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
  let bytes = 0;
  let requests = 0;
  cdp.on("Network.loadingFinished", (e: { encodedDataLength: number }) => {
    bytes += e.encodedDataLength;
    requests += 1;
  });
  await page.addInitScript((sel) => {
    const w = window as unknown as { __seenAt?: number };
    new MutationObserver((_, observer) => {
      if (document.querySelector(sel)) {
        w.__seenAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { subtree: true, childList: true });
  }, selector);
  await page.goto(url);
  await page.waitForSelector(selector, { timeout: 60_000 });
  await page.waitForLoadState("networkidle");
  const seenAt = await page.evaluate(
    () => (window as unknown as { __seenAt?: number }).__seenAt ?? Number.NaN,
  );
  if (process.env.BENCH_PAGE_TIMELINE) {
    const entries = await page.evaluate(() =>
      performance
        .getEntries()
        .filter((e) => "responseEnd" in e)
        .map((e) => {
          const r = e as PerformanceResourceTiming;
          return `${Math.round(r.startTime)}-${Math.round(r.responseEnd)} ms  ${r.transferSize} B  ${r.name.replace(location.origin, "")}`;
        }),
    );
    console.log(
      `    timeline of ${url} (seen at ${Math.round(seenAt)} ms)\n      ${entries.join("\n      ")}`,
    );
  }
  await page.close();
  return { ms: seenAt, kb: bytes / 1024, requests };
}

async function coldLoads(browser: Browser, url: string, zone: string, throttle: boolean, repeat = false) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ timezoneId: zone });
    // A repeat visit: the first one (not timed) left the zone cookie; the HTTP cache is dropped.
    if (repeat) await visit(context, url, SLOTS, false);
    const cdp = await context.newCDPSession(await context.newPage());
    await cdp.send("Network.clearBrowserCache");
    times.push((await visit(context, url, SLOTS, throttle)).ms);
    await context.close();
  }
  return times;
}

export async function run(): Promise<void> {
  console.log(`\nslow network (DevTools Slow 4G via CDP), Chromium, built bundle, PGlite; ${RUNS} runs each`);
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
      payload: {
        title: "Intro Call",
        duration: 30,
        bookingSettings: {
          leadHours: 0,
          noticeUnit: "minutes",
          daysAhead: 60,
          unit: "days",
          mode: "rolling",
        },
      },
    });
    const bookUrl = `${base}/book/${created.json().data.slug}`;

    const india = await coldLoads(browser, bookUrl, "Asia/Kolkata", true);
    console.log(
      `  booking page, invitee in India, cold:          first times visible median ${Math.round(median(india))} ms ` +
        `(${india.map(Math.round).join(", ")})   ${load()}`,
    );
    const newYork = await coldLoads(browser, bookUrl, "America/New_York", true);
    console.log(
      `  booking page, invitee in New York, cold:       first times visible median ${Math.round(median(newYork))} ms ` +
        `(${newYork.map(Math.round).join(", ")})   ${load()}`,
    );
    const repeat = await coldLoads(browser, bookUrl, "America/New_York", true, true);
    console.log(
      `  booking page, New York, repeat (empty cache):  first times visible median ${Math.round(median(repeat))} ms ` +
        `(${repeat.map(Math.round).join(", ")})   ${load()}`,
    );
    const fast = await coldLoads(browser, bookUrl, "Asia/Kolkata", false);
    console.log(
      `  booking page, India, no throttling:            first times visible median ${Math.round(median(fast))} ms ` +
        `(${fast.map(Math.round).join(", ")})   ${load()}`,
    );

    // A host with a few months of demo bookings, signed in (the app keeps its token in localStorage).
    const demo = await createDemoHost(app, {
      name: "Maya Chen",
      email: `maya-${Date.now()}@example.com`,
      password: "kairos-demo",
      timezone: "Asia/Kolkata",
    });
    await insertDemoBookings(database.db, demo, { size: 300, now: new Date() });
    const dashboards: { ms: number; kb: number; requests: number }[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ timezoneId: "Asia/Kolkata" });
      await context.addInitScript((token) => localStorage.setItem("auth_token", token), demo.token);
      dashboards.push(await visit(context, `${base}/dashboard`, "main h1", true));
      await context.close();
    }
    const d = dashboards.sort((a, b) => a.kb - b.kb)[Math.floor(RUNS / 2)];
    console.log(
      `  host dashboard, signed in, cold:               ${d.kb.toFixed(0)} KB in ${d.requests} requests ` +
        `(median of ${RUNS}), heading at ${Math.round(median(dashboards.map((x) => x.ms)))} ms   ${load()}`,
    );
  } finally {
    await browser.close();
    await app.close();
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
