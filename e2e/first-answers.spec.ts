import { expect, test } from "@playwright/test";
import { uniqueEmail } from "./support";

// Issue 4: the server puts the booking page's first answers into its HTML, so an invitee sees
// times without waiting for the page's own API calls; on a first visit in another zone the page
// asks as before, and from then on the server knows the zone (cookie).
test("the booking page shows times from the answers inlined in its HTML", async ({ browser, request }) => {
  const register = await request.post("/api/auth/register", {
    data: {
      name: "Asha Rao",
      email: uniqueEmail("inline"),
      password: "calendar-42",
      timezone: "Asia/Kolkata",
    },
  });
  expect(register.ok()).toBeTruthy();
  const headers = { Authorization: `Bearer ${(await register.json()).token}` };
  const created = await request.post("/api/event-types", {
    headers,
    data: {
      title: `Inline Call ${Date.now()}`,
      duration: 30,
      bookingSettings: { leadHours: 0, noticeUnit: "minutes", daysAhead: 60, unit: "days", mode: "rolling" },
    },
  });
  expect(created.status()).toBe(201);
  const slug = (await created.json()).data.slug as string;

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
      // What the page had to ask for itself before showing times (the next month's prefetch aside).
      const needed = apiCalls.filter((c) => c.includes("/event-types/") || c.includes("date="));
      if (zone === "Asia/Kolkata" || visit === "repeat") {
        // The host's zone, or a zone the server learnt on the first visit: all was in the HTML.
        expect(needed, `${zone} ${visit}`).toEqual([]);
      } else {
        // A first visit from another zone: the event type was inlined, the times are asked for.
        expect(
          needed.some((c) => c.includes("date=")),
          `${zone} ${visit}`,
        ).toBe(true);
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
