import { expect, test } from "@playwright/test";
import { uniqueEmail } from "./support";

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
