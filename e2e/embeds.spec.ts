import http from "node:http";
import type { AddressInfo } from "node:net";
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { EMBED_LOADER_PATH } from "../src/contract/embed";
import { fillDetails, pickTime } from "./booking.page";
import { axeOn, uniqueEmail } from "./support";

// Issue 25: a website on another origin embeds Kairos inline, as a popup and as a floating button,
// under its own strict CSP (no 'unsafe-inline'), with third-party cookies blocked.

const PORT = Number(process.env.E2E_PORT ?? 3210);
const KAIROS = `http://127.0.0.1:${PORT}`;

/** The site's own script: the command queue and what it hears (no inline script: its CSP has none). */
const SITE_JS = `
window.Kairos = window.Kairos || function () { (Kairos.q = Kairos.q || []).push(arguments); };
window.heard = [];
window.violations = [];
Kairos("on", "*", function (data, message) { heard.push({ event: message.event, namespace: message.namespace, data: data }); });
document.addEventListener("securitypolicyviolation", function (e) { violations.push(e.violatedDirective + " " + e.blockedURI); });
window.addEventListener("message", function (e) { (window.raw = window.raw || []).push(e.origin); });
`;

interface Site {
  origin: string;
  pages: Map<string, string>;
  close(): Promise<void>;
}

/** A tiny static site on a loopback address of its own, with a CSP that allows only Kairos in. */
async function startSite(host: string): Promise<Site> {
  const pages = new Map<string, string>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    const csp = `default-src 'self'; script-src 'self' ${KAIROS}; frame-src ${KAIROS}; style-src 'self'; img-src 'self'`;
    if (path === "/site.js") {
      res.writeHead(200, { "content-type": "text/javascript" }).end(SITE_JS);
      return;
    }
    const body = pages.get(path);
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-security-policy": csp });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<script src="/site.js"></script>${body.includes("<script") ? "" : `<script async src="${KAIROS}${EMBED_LOADER_PATH}"></script>`}
</head><body><main><h1>Our shop</h1>${body}<p>Footer text</p></main></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    pages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let site: Site;
let stranger: Site;
let browser: Browser;
let host: { token: string; link: string };

test.beforeAll(async ({ playwright }, testInfo) => {
  testInfo.setTimeout(120_000);
  site = await startSite("127.0.0.2");
  stranger = await startSite("127.0.0.3");
  // Chromium with third-party cookies blocked, as browsers are heading (and Safari is).
  browser = await playwright.chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--test-third-party-cookie-phaseout",
    ],
  });
  const api = await (await browser.newContext({ baseURL: KAIROS })).request;
  const register = await api.post("/api/auth/register", {
    data: { name: "Esme Embed", email: uniqueEmail("embed-host"), password: "calendar-42", timezone: "UTC" },
  });
  expect(register.ok(), await register.text()).toBeTruthy();
  const { token, data } = await register.json();
  const created = await api.post("/api/event-types", {
    headers: { Authorization: `Bearer ${token}` },
    data: { title: "Embedded call", duration: 30, bookingSettings: { leadHours: 0, noticeUnit: "minutes" } },
  });
  expect(created.status(), await created.text()).toBe(201);
  host = { token, link: `${data.user.username}/${(await created.json()).data.slug}` };
});

test.afterAll(async () => {
  await browser?.close();
  await site?.close();
  await stranger?.close();
});

async function visit(path: string, width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 800 }, timezoneId: "UTC" });
  const page = await context.newPage();
  await page.goto(`${site.origin}${path}`);
  return { context, page };
}

const heard = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { heard: { event: string; namespace: string; data: never }[] }).heard,
  );
const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { violations: string[] }).violations);

/** The inline frame is as tall as its page: no scrollbar inside, nothing cut off. */
async function expectNoInnerScroll(page: Page) {
  const frame = page.frameLocator("#book iframe");
  await expect(async () => {
    const outer = await page.locator("#book iframe").evaluate((f) => (f as HTMLIFrameElement).clientHeight);
    const inner = await frame.locator("html").evaluate((html) => ({
      scroll: html.scrollHeight,
      root: Math.ceil((document.getElementById("root") as HTMLElement).getBoundingClientRect().height),
    }));
    expect(inner.root).toBeGreaterThan(200);
    expect(outer).toBe(inner.root);
    expect(inner.scroll).toBeLessThanOrEqual(outer);
  }).toPass();
}

test("inline: auto-height at 1280 and 390, a full booking with cookies blocked delivers bookingCreated and the attribution", async () => {
  site.pages.set(
    "/inline",
    `<div id="book" data-kairos-inline="${host.link}?utm_campaign=spring" data-kairos-namespace="shop"
      data-kairos-config='{"metadata":{"plan":"pro"},"brandColor":"#0f766e","notes":"From the shop"}'></div>`,
  );
  for (const width of [390, 1280]) {
    const { context, page } = await visit("/inline?utm_source=newsletter", width);
    const frame = page.frameLocator("#book iframe");
    await expect(frame.getByRole("heading", { name: "Select a Date & Time" })).toBeVisible();
    // No page chrome in the frame.
    await expect(frame.getByText("Powered by")).toHaveCount(0);
    await expectNoInnerScroll(page);
    if (width === 390) {
      await context.close();
      continue;
    }
    await pickTime(frame);
    await expectNoInnerScroll(page);
    const email = uniqueEmail("embedded");
    await fillDetails(frame, { name: "Iris Inline", email });
    await expect(frame.getByRole("textbox", { name: /anything that will help prepare/ })).toHaveValue(
      "From the shop",
    );
    await frame.getByRole("button", { name: "Schedule Event" }).click();
    await expect(frame.getByRole("heading", { name: "You're scheduled!" })).toBeVisible();

    await expect.poll(async () => (await heard(page)).some((m) => m.event === "bookingCreated")).toBe(true);
    const events = await heard(page);
    expect(new Set(events.map((m) => m.event))).toEqual(
      new Set([
        "ready",
        "heightChanged",
        "eventTypeViewed",
        "dateSelected",
        "timeSelected",
        "bookingCreated",
      ]),
    );
    expect(events.every((m) => m.namespace === "shop")).toBe(true);
    const created = events.find((m) => m.event === "bookingCreated")?.data as unknown as {
      uid: string;
      invitee: { email: string };
    };
    const list = await context.request.get(`${KAIROS}/api/bookings?limit=50`, {
      headers: { Authorization: `Bearer ${host.token}` },
    });
    const booking = (await list.json()).data.find(
      (b: { attendee: { email: string } }) => b.attendee.email === email,
    );
    expect(created.uid).toBe(booking.uid);
    expect(created.invitee.email).toBe(email);
    expect(booking.attribution).toEqual({
      utm: { utm_source: "newsletter", utm_campaign: "spring" },
      metadata: { plan: "pro" },
    });
    // Nothing stored in the browser by the frame, and the site's CSP was never broken.
    expect(await context.cookies(KAIROS)).toEqual([]);
    expect(await violations(page)).toEqual([]);
    await context.close();
  }
});

test("a page on another origin framing the booking page for someone else hears nothing", async () => {
  stranger.pages.set(
    "/spy",
    `<script src="/site.js"></script><iframe title="Booking" id="spy" src="${KAIROS}/${host.link}?embed=1&embedOrigin=${encodeURIComponent(site.origin)}"></iframe>`,
  );
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${stranger.origin}/spy`);
  await expect(
    page.frameLocator("#spy").getByRole("heading", { name: "Select a Date & Time" }),
  ).toBeVisible();
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { raw?: string[] }).raw ?? [])).toEqual([]);
  await context.close();
});

test("popup from Share > Embed's snippet and the floating button: made ahead, accessible, close on Escape and backdrop, focus returns; bookings in the popup on desktop and in the floating button's on a phone", async () => {
  // The host copies the popup snippet from Share > Embed (its live preview shows the page).
  const hostContext = await browser.newContext({ baseURL: KAIROS, viewport: { width: 1280, height: 900 } });
  await hostContext.addInitScript((t) => localStorage.setItem("auth_token", t), host.token);
  const app = await hostContext.newPage();
  await app.goto("/event-types");
  await app.getByRole("button", { name: "Actions for Embedded call" }).click();
  await app.getByRole("menuitem", { name: "Share" }).click();
  const share = app.getByRole("dialog", { name: "Share Embedded call" });
  await share.getByRole("tab", { name: "Embed" }).click();
  await share.getByLabel("Mode").selectOption("popup");
  await expect(
    share.frameLocator("iframe").getByRole("heading", { name: "Select a Date & Time" }),
  ).toBeVisible();
  const snippet = await share.getByRole("textbox", { name: "HTML", exact: true }).inputValue();
  expect(snippet).toContain(`data-kairos-link="${host.link}"`);
  await hostContext.close();
  site.pages.set("/popup", `<p>${snippet.replace(">Book a meeting<", ">Book a call<")}</p>`);

  site.pages.set(
    "/floating",
    `<script async src="${KAIROS}${EMBED_LOADER_PATH}" data-kairos-floating="${host.link}" data-kairos-button="Talk to us"></script>`,
  );
  const { context, page } = await visit("/popup");
  const opener = page.getByRole("button", { name: "Book a call" });
  await opener.hover();
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Book a meeting" });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.frameLocator("iframe").getByRole("heading", { name: "Select a Date & Time" }),
  ).toBeVisible();
  await expect(dialog.getByRole("status")).toBeHidden();
  const axe = await axeOn(page).include('[role="dialog"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  // Open again (the same frame, at once) and close on the backdrop.
  await opener.click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();
  expect((await heard(page)).filter((m) => m.event === "ready")).toHaveLength(1);
  // Opened a third time, the invitee books in the popup (desktop).
  await opener.click();
  const inPopup = dialog.frameLocator("iframe");
  await pickTime(inPopup);
  await fillDetails(inPopup, { name: "Pat Popup", email: uniqueEmail("popup") });
  await inPopup.getByRole("button", { name: "Schedule Event" }).click();
  await expect(inPopup.getByRole("heading", { name: "You're scheduled!" })).toBeVisible();
  await expect.poll(async () => (await heard(page)).some((m) => m.event === "bookingCreated")).toBe(true);
  expect(await violations(page)).toEqual([]);
  await context.close();

  // The floating button on a phone: the same popup, booked and cancelled at 390 px.
  const phone = await visit("/floating", 390);
  await floatingOnPhone(phone.page);
  await phone.context.close();
});

async function floatingOnPhone(page: Page) {
  const floating = page.getByRole("button", { name: "Talk to us" });
  await expect(floating).toBeVisible();
  // Asked again for the same page (a React effect runs on every mount), the site keeps one button.
  await page.evaluate(
    (link) =>
      (window as unknown as { Kairos: (...a: unknown[]) => void }).Kairos("floating", {
        link,
        buttonText: "Talk to us",
      }),
    host.link,
  );
  await expect(floating).toHaveCount(1);
  await floating.click();
  await expect(page.getByRole("dialog", { name: "Book a meeting" })).toBeVisible();
  const popup = page.getByRole("dialog").frameLocator("iframe");
  await expect(popup.getByRole("heading", { name: "Select a Date & Time" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(floating).toBeFocused();

  // Reopened, the invitee books inside the popup and then cancels there; the site hears both.
  await floating.click();
  await pickTime(popup);
  await fillDetails(popup, { name: "Flo Floating", email: uniqueEmail("floating") });
  await popup.getByRole("button", { name: "Schedule Event" }).click();
  await expect(popup.getByRole("heading", { name: "You're scheduled!" })).toBeVisible();
  await popup.getByRole("button", { name: "Cancel", exact: true }).click();
  const cancel = popup.getByRole("dialog", { name: "Cancel Event" });
  await cancel.getByRole("radio", { name: "Changed plans" }).check();
  await cancel.getByRole("button", { name: "Cancel Event" }).click();
  await expect(popup.getByRole("heading", { name: "Cancelled" })).toBeVisible();
  await expect
    .poll(async () => (await heard(page)).filter((m) => m.event.startsWith("booking")).map((m) => m.event))
    .toEqual(["bookingCreated", "bookingCancelled"]);
  const [created, cancelled] = (await heard(page))
    .filter((m) => m.event.startsWith("booking"))
    .map((m) => m.data as unknown as { uid: string });
  expect(cancelled.uid).toBe(created.uid);
  expect(await violations(page)).toEqual([]);
}

test("a team page embedded inline: no inner scroll, the invitee picks the team's type and books inside the frame", async () => {
  const api = (await browser.newContext({ baseURL: KAIROS })).request;
  const headers = { Authorization: `Bearer ${host.token}` };
  const team = (await (await api.post("/api/teams", { headers, data: { name: "Embed crew" } })).json()).data;
  const created = await api.post("/api/event-types", {
    headers,
    data: {
      title: "Crew call",
      duration: 30,
      type: "round-robin",
      bookingSettings: { leadHours: 0, noticeUnit: "minutes" },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const me = (await (await api.get("/api/users/profile", { headers })).json()).data.user._id as string;
  const hosts = await api.put(`/api/event-types/${(await created.json()).data._id}/hosts`, {
    headers,
    data: { teamId: team._id, hosts: [{ userId: me }] },
  });
  expect(hosts.ok(), await hosts.text()).toBeTruthy();

  // The owner copies the inline snippet from the team's Embed dialog (its live preview shows the page).
  const hostContext = await browser.newContext({ baseURL: KAIROS, viewport: { width: 1280, height: 900 } });
  await hostContext.addInitScript((t) => localStorage.setItem("auth_token", t), host.token);
  const app = await hostContext.newPage();
  await app.goto("/teams");
  await app.getByRole("button", { name: "Embed", exact: true }).click();
  const dialog = app.getByRole("dialog", { name: "Embed Embed crew" });
  await expect(dialog.frameLocator("iframe").getByRole("heading", { name: "Embed crew" })).toBeVisible();
  const snippet = await dialog.getByRole("textbox", { name: "HTML", exact: true }).inputValue();
  expect(snippet).toContain(`data-kairos-inline="team/${team.slug}"`);
  const axe = await axeOn(app).include('[role="dialog"]').analyze();
  expect(axe.violations.filter((v) => v.impact === "critical" || v.impact === "serious")).toEqual([]);
  await hostContext.close();
  // The site's page: the snippet's element (the page template adds the loader's script tag).
  site.pages.set(
    "/team",
    snippet
      .replace(/<script[^>]*><\/script>/, "")
      .replace("<div ", '<div id="book" data-kairos-namespace="crew" '),
  );
  const { context, page } = await visit("/team");
  const frame = page.frameLocator("#book iframe");
  await expect(frame.getByRole("heading", { name: "Embed crew" })).toBeVisible();
  await expectNoInnerScroll(page);
  await frame.getByRole("link", { name: /Crew call/ }).click();
  await pickTime(frame);
  const email = uniqueEmail("embedded-team");
  await fillDetails(frame, { name: "Tia Team", email });
  await frame.getByRole("button", { name: "Schedule Event" }).click();
  await expect(frame.getByRole("heading", { name: "You're scheduled!" })).toBeVisible();
  await expect
    .poll(async () => (await heard(page)).find((m) => m.event === "bookingCreated")?.data)
    .toMatchObject({ invitee: { email } });
  const events = await heard(page);
  expect(events.every((m) => m.namespace === "crew")).toBe(true);
  expect(events.filter((m) => m.event === "ready")).toHaveLength(1);
  expect(await context.cookies(KAIROS)).toEqual([]);
  expect(await violations(page)).toEqual([]);
  await context.close();
});
