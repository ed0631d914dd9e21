import { expect, test } from "@playwright/test";
import { EventTypesScreen } from "./event-types.page";
import { shoot, uniqueEmail } from "./support";

/**
 * What a host sees on a phone (390 px): toolbars and stat strips must leave room to read and type.
 * Found by clicking through a new account: the workflows search box was squeezed to 60 px beside its
 * filters, and the contacts stats cut their labels to "New this mon...".
 */
test.use({ viewport: { width: 390, height: 844 } });

test("on a phone, searches get a row of their own and stat labels are not cut", async ({ page, request }) => {
  const register = await request.post("/api/auth/register", {
    data: { name: "Pia Phone", email: uniqueEmail("phone-layout"), password: "calendar-42", timezone: "UTC" },
  });
  expect(register.ok()).toBeTruthy();
  const token = (await register.json()).token as string;
  await page.addInitScript((t) => localStorage.setItem("auth_token", t), token);

  await page.goto("/workflows");
  const search = page.getByRole("searchbox", { name: "Search workflows" });
  await expect(search).toBeVisible();
  expect((await search.boundingBox())?.width).toBeGreaterThan(250);

  await page.goto("/contacts");
  const stats = page.getByRole("definition").first();
  await expect(stats).toBeVisible();
  const labels = page.getByLabel("Contact statistics").locator("dt");
  await expect(labels).toHaveCount(6);
  for (const label of await labels.all()) {
    const cut = await label.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(cut, (await label.textContent()) ?? "").toBe(false);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("on a phone, every schedule and 'New schedule' fit the width, and each event type card wears its colour", async ({
  page,
  request,
}) => {
  const register = await request.post("/api/auth/register", {
    data: {
      name: "Sol Schedules",
      email: uniqueEmail("phone-cards"),
      password: "calendar-42",
      timezone: "UTC",
    },
  });
  expect(register.ok()).toBeTruthy();
  const token = (await register.json()).token as string;
  const headers = { Authorization: `Bearer ${token}` };
  // Three schedules: in the old sideways row the third card and 'New schedule' were cut off at 390 px.
  for (const name of ["Evenings and weekends", "Summer hours"]) {
    expect((await request.post("/api/availability", { headers, data: { name } })).status()).toBe(201);
  }
  const created = await request.post("/api/event-types", {
    headers,
    data: { title: "Violet chat", duration: 30, color: "#8B5CF6" },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.addInitScript((t) => localStorage.setItem("auth_token", t), token);

  await page.goto("/availability");
  const schedules = page.getByRole("list", { name: "Schedules" }).getByRole("listitem");
  await expect(schedules).toHaveCount(4);
  const newSchedule = page.getByRole("button", { name: "New schedule" });
  await newSchedule.scrollIntoViewIfNeeded();
  await expect(newSchedule).toBeInViewport({ ratio: 1 });
  for (const card of await schedules.all()) {
    const box = await card.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  }
  await shoot(page, "availability-phone");

  // The card's stripe is the type's own colour, not one blue for all.
  const screen = new EventTypesScreen(page);
  await screen.goto();
  const stripe = screen.card("Violet chat").locator("span[aria-hidden].absolute").first();
  await expect(stripe).toHaveCSS("background-color", "rgb(139, 92, 246)");
  await shoot(page, "event-types-phone");
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await shoot(page, "dashboard-phone", true);
});
