import { expect, type Route, test } from "@playwright/test";
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

test("answers without a message show the spec's fallbacks: 'Registration failed', 'Login failed', 'Google sign-in failed'", async ({
  page,
}) => {
  // A proxy in front of the app answering a bare 502 (no envelope, so no message of the server's own).
  const bareFailure = (route: Route) =>
    route.fulfill({ status: 502, contentType: "text/html", body: "<html>Bad gateway</html>" });
  await page.route("**/api/auth/register", bareFailure);
  await page.route("**/api/auth/login", bareFailure);
  await page.route("**/api/auth/google/start", bareFailure);
  await page.route("**/api/auth/providers", (route) =>
    route.fulfill({ json: { success: true, data: { providers: [{ id: "google", label: "Google" }] } } }),
  );

  await page.goto("/signup");
  await page.getByLabel("Full Name").fill("Marie Curie");
  await page.getByLabel("Email", { exact: true }).fill(uniqueEmail());
  await page.getByLabel("Password", { exact: true }).fill("radium-88");
  await page.getByRole("button", { name: "Get started" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Registration failed" })).toBeVisible();
  await expect(page.getByText("An unexpected error occurred")).toHaveCount(0);
  await expect(page).toHaveURL(/\/signup$/);

  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Google sign-in failed" })).toBeVisible();

  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(uniqueEmail());
  await page.getByLabel("Password", { exact: true }).fill("radium-88");
  await page.getByRole("button", { name: "Log In", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Login failed" })).toBeVisible();
});
