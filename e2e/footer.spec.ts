import { expect, test } from "@playwright/test";

/** Every footer link leads somewhere real: /about's sections, the landing page's features, the legal pages. */
test("footer links open their sections; Status asks this server live", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  const support = footer.getByRole("navigation", { name: "Support" });
  await support.getByRole("link", { name: "Status" }).click();
  await expect(page).toHaveURL(/\/about#status$/);
  const status = page.locator("section#status");
  await expect(status).toBeInViewport();
  await expect(status).toContainText(
    "All systems operational: the server and its embedded database are answering.",
  );

  // Another section of the same page: the router changes only the fragment, the page still moves there.
  await page.getByRole("contentinfo").getByRole("link", { name: "Cookies" }).click();
  await expect(page).toHaveURL(/\/about#cookies$/);
  await expect(page.locator("section#cookies")).toBeInViewport();
  await expect(page.locator("section#cookies")).toContainText("kairos_tz");

  await page.getByRole("contentinfo").getByRole("link", { name: "Features" }).click();
  await expect(page).toHaveURL(/\/#features$/);
  await expect(page.getByRole("heading", { name: "Everything scheduling, nothing extra" })).toBeInViewport();

  // No link in the footer is a dead end.
  const hrefs = await page
    .getByRole("contentinfo")
    .getByRole("link")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  expect(hrefs.length).toBeGreaterThanOrEqual(16);
  for (const href of hrefs) expect(href, String(href)).toMatch(/^\/[a-z-]*(#[a-z]+)?$/);
});

test("Status says so when the server does not answer, and checks again on request", async ({ page }) => {
  let down = true;
  await page.route("**/api/health", (route) =>
    down ? route.fulfill({ status: 503, body: "{}" }) : route.continue(),
  );
  await page.goto("/about#status");
  const status = page.locator("section#status");
  await expect(status).toContainText("This server is not answering right now.");
  down = false;
  await status.getByRole("button", { name: "Check again" }).click();
  await expect(status).toContainText("All systems operational");
});
