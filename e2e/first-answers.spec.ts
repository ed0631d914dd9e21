import { type APIRequestContext, expect, test } from "@playwright/test";
import { uniqueEmail } from "./support";

/** A new host in India (our default zone) with a 30-minute event type open every hour they work; its slug. */
async function indianHostEventType(request: APIRequestContext, who: string, title: string): Promise<string> {
  const register = await request.post("/api/auth/register", {
    data: { name: "Asha Rao", email: uniqueEmail(who), password: "calendar-42", timezone: "Asia/Kolkata" },
  });
  expect(register.ok()).toBeTruthy();
  const created = await request.post("/api/event-types", {
    headers: { Authorization: `Bearer ${(await register.json()).token}` },
    data: {
      title: `${title} ${Date.now()}`,
      duration: 30,
      bookingSettings: { leadHours: 0, noticeUnit: "minutes", daysAhead: 60, unit: "days", mode: "rolling" },
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).data.slug as string;
}

// Issue 4: the server puts the booking page's first answers into its HTML, so an invitee sees
// times without waiting for the page's own API calls; on a first visit in another zone the page
// asks as before, and from then on the server knows the zone (cookie).
test("the booking page shows times from the answers inlined in its HTML", async ({ browser, request }) => {
  const slug = await indianHostEventType(request, "inline", "Inline Call");

  for (const zone of ["Asia/Kolkata", "America/New_York"]) {
    const context = await browser.newContext({ timezoneId: zone });
    for (const visit of ["first", "repeat"]) {
      const page = await context.newPage();
      const apiCalls: string[] = [];
      page.on("request", (r) => {
        const url = new URL(r.url());
        if (url.pathname.startsWith("/api/")) apiCalls.push(url.pathname + url.search);
      });
      await page.goto(`/book/${slug}`);
      const times = page.getByRole("list", { name: "Available times" }).getByRole("button");
      await expect(times.first()).toBeVisible();
      // The server's first view is there before the app; what the app asked for counts once it took over.
      await expect(page.locator("#root[data-first-view]")).toHaveCount(0);
      // What the page had to ask for itself before showing times (the next month's prefetch aside).
      const needed = apiCalls.filter((c) => c.includes("/event-types/") || c.includes("date="));
      if (zone === "Asia/Kolkata" || visit === "repeat") {
        // The host's zone, or a zone the server learnt on the first visit: all was in the HTML.
        expect(needed, `${zone} ${visit}`).toEqual([]);
      } else {
        // A first visit from another zone: the event type was inlined, the times are asked for.
        await expect
          .poll(() => apiCalls.some((c) => c.includes("date=")), { message: `${zone} ${visit}` })
          .toBe(true);
        expect(
          needed.some((c) => c.includes("/event-types/")),
          `${zone} ${visit}`,
        ).toBe(false);
      }
      await page.close();
    }
    await context.close();
  }
});

// Issue 14, item 4: the server renders the booking page's first view into its HTML, so the times
// show when the HTML arrives (one round trip on a phone network), before the scripts do.
test("the booking page's times come with its HTML, and the browser's zone takes over", async ({
  browser,
  request,
}) => {
  const slug = await indianHostEventType(request, "first-view", "First View");

  const html = await (await request.get(`/book/${slug}`)).text();
  expect(html).toContain('<div id="root" data-first-view>');
  expect(html).toContain('aria-label="Available times"');

  // Without any script the page already shows the host's times, in the host's zone, and says which.
  const noScript = await browser.newContext({ javaScriptEnabled: false, timezoneId: "Asia/Kolkata" });
  const still = await noScript.newPage();
  await still.goto(`/book/${slug}`);
  await expect(still.getByRole("heading", { name: "Select a Date & Time" })).toBeVisible();
  await expect(
    still.getByRole("list", { name: "Available times" }).getByRole("button").first(),
  ).toBeVisible();
  await expect(still.getByText(/India Standard Time/)).toBeVisible();
  await noScript.close();

  // An invitee in New York first sees those, then their own zone's once the app runs, and books one.
  const newYork = await browser.newContext({ timezoneId: "America/New_York" });
  const page = await newYork.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`/book/${slug}`);
  await expect(page.getByText(/Eastern Time/)).toBeVisible();
  await expect(page.locator("#root[data-first-view]")).toHaveCount(0);
  const times = page.getByRole("list", { name: "Available times" }).getByRole("button");
  const first = (await times.first().textContent()) ?? "";
  await times.first().click();
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Enter Details" })).toBeVisible();
  await expect(page.getByText(first.trim(), { exact: false }).first()).toBeVisible();
  expect(errors).toEqual([]);
  await newYork.close();
});
