import { expect, test } from "@playwright/test";
import { uniqueEmail } from "./support";

test("a new host signs up, stays signed in, signs out, and is sent back after signing in", async ({
  page,
}) => {
  const email = uniqueEmail();

  await page.goto("/");
  await page
    .getByRole("link", { name: /log in/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole("link", { name: /sign up/i }).click();

  await expect(page.getByText("Get started for free. No credit card needed.")).toBeVisible();
  await page.getByLabel("Full Name").fill("Marie Curie");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("radium-88");
  await page.getByRole("button", { name: "Get started" }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: /Marie/ })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeTruthy();

  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: /Marie/ })).toBeVisible();

  // A signed-in host never sees the login page.
  await page.goto("/login");
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeNull();

  // A protected page sends us to /login, and back to it after signing in.
  await page.goto("/meetings");
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("radium-88");
  await page.getByRole("button", { name: "Log In", exact: true }).click();
  await expect(page).toHaveURL(/\/meetings$/);
});

test("wrong password shows the server's message and stays on /login", async ({ page }) => {
  // An expected answer is no fault: nothing of ours is logged as an error (Chromium's own
  // "Failed to load resource" line for the 401 is the browser's, not the app's).
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) errors.push(m.text());
  });
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(uniqueEmail());
  await page.getByLabel("Password", { exact: true }).fill("whatever");
  await page.getByRole("button", { name: "Log In", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(errors).toEqual([]);
});

test("unknown paths go home and legal aliases resolve", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/terms");
  await expect(page).toHaveURL(/\/terms-and-conditions$/);
  await page.goto("/privacy");
  await expect(page).toHaveURL(/\/privacy-policy$/);
});
