import { expect, type Page, test } from "@playwright/test";
import { axeOn, uniqueEmail } from "./support";

// The e2e server (scripts/e2e-server.ts) runs a local OpenID provider as SBU and Gameforce, and a
// local Google; each provider's page signs in whoever types an email there.

/** Clicks a provider button, checks its busy text, and returns the popup. */
async function openPopup(page: Page, button: string, busyText: string) {
  const popupPromise = page.waitForEvent("popup");
  await page.getByRole("button", { name: button }).click();
  const popup = await popupPromise;
  await expect(page.getByRole("button", { name: busyText })).toBeVisible();
  return popup;
}

async function expectSignedInAs(page: Page, email: string) {
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeTruthy();
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByRole("menu").getByText(email)).toBeVisible();
  await page.keyboard.press("Escape");
}

/** axe-core over what this feature draws: no critical or serious violations. */
async function expectAccessible(page: Page, selector: string) {
  const axe = await axeOn(page).include(selector).analyze();
  expect(axe.violations.filter((v) => v.impact === "critical" || v.impact === "serious")).toEqual([]);
}

async function signOut(page: Page) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test("signs up with SBU through the popup, and signs in again as the same host", async ({ page }) => {
  const email = uniqueEmail("sbu");
  await page.goto("/login");
  for (const name of ["Continue with SBU", "Continue with Gameforce", "Continue with Google"]) {
    await expect(page.getByRole("button", { name })).toBeVisible();
  }
  await expectAccessible(page, "#root");

  const popup = await openPopup(page, "Continue with SBU", "Connecting to SBU...");
  await popup.getByLabel("Email").fill(email);
  // The spec's 500x600 window.
  expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([500, 600]);
  await popup.getByRole("button", { name: "Sign in" }).click();
  await expect(popup.getByText("SBU authentication successful")).toBeVisible();
  await popup.waitForEvent("close");
  await expectSignedInAs(page, email);

  // Signed out of Kairos but still signed in at SBU: the popup comes back without asking, same account.
  await signOut(page);
  const again = await openPopup(page, "Continue with SBU", "Connecting to SBU...");
  await again.waitForEvent("close");
  await expectSignedInAs(page, email);
});

test("signs up with Google on the sign-up page through the local Google", async ({ page }) => {
  const email = uniqueEmail("google");
  await page.goto("/signup");
  const popup = await openPopup(page, "Continue with Google", "Signing up...");
  await expect(popup.getByRole("heading", { name: "Choose an account" })).toBeVisible();
  await popup.getByLabel("Email").fill(email);
  await popup.getByRole("button", { name: "Use another account" }).click();
  await popup.waitForEvent("close");
  await expectSignedInAs(page, email);
  await expect(
    page.getByRole("heading", { name: new RegExp(email.split("@")[0].slice(0, 10)) }),
  ).toBeVisible();
});

test("a blocked popup shows the spec's message and the button is usable again", async ({ page }) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await page.goto("/login");
  await page.getByRole("button", { name: "Continue with Gameforce" }).click();
  await expect(page.getByRole("alert")).toHaveText("Popup blocked. Please allow popups for this site.");
  await expect(page.getByRole("button", { name: "Continue with Gameforce" })).toBeEnabled();
});

test("cancelling at Google reports the popup's error; closing the popup resets the button", async ({
  page,
}) => {
  await page.goto("/login");
  const popup = await openPopup(page, "Continue with Google", "Connecting to Google...");
  await popup.getByRole("button", { name: "Cancel" }).click();
  await expect(popup.getByText("Google authentication failed")).toBeVisible();
  await popup.waitForEvent("close"); // 1 s after an error
  await expect(page.getByRole("alert")).toHaveText("Google authorization was cancelled or failed");
  await expect(page).toHaveURL(/\/login$/);

  const closed = await openPopup(page, "Continue with SBU", "Connecting to SBU...");
  await closed.close();
  // The opener polls every second for a closed popup.
  await expect(page.getByRole("button", { name: "Continue with SBU" })).toBeEnabled({ timeout: 3000 });
});

test("callback pages outside a popup: success goes to the dashboard, an error offers a way back", async ({
  page,
}) => {
  await page.goto("/auth/sbu/callback");
  await expect(page.getByText("Missing authorization code or state parameter")).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Dashboard" })).toBeVisible();
  await expectAccessible(page, "#root");

  await page.goto("/auth/gameforce/callback?code=made-up&state=made-up");
  await expect(page.getByText("Gameforce authentication failed")).toBeVisible();
  await expect(page.getByText(/expired or was already used/)).toBeVisible();

  // The whole flow in one tab, as when a browser opens the provider without a popup.
  const email = uniqueEmail("tab");
  await page.goto("/login");
  const authUrl = await page.evaluate(async () => {
    const res = await fetch("/api/auth/gameforce/start", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    return (await res.json()).data.authUrl as string;
  });
  await page.goto(authUrl);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Gameforce authentication successful")).toBeVisible();
  await expect(page.getByText("Taking you to your dashboard...")).toBeVisible();
  await expectSignedInAs(page, email);
});

test("Sign-in methods: link Google to a password account, remove it; an SSO-only account keeps its one", async ({
  page,
}) => {
  const email = uniqueEmail("methods");
  await page.goto("/signup");
  await page.getByLabel("Full Name").fill("Rosalind Franklin");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("photo-51");
  await page.getByRole("button", { name: "Get started" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  const section = page.getByRole("region", { name: "Sign-in methods" });
  await expect(section.getByText("Email and password sign-in is on")).toBeVisible();
  await expect(section.getByText("No Google or single sign-on accounts linked yet.")).toBeVisible();
  await expectAccessible(page, "#sign-in-methods");

  const googleEmail = uniqueEmail("linked-google");
  const popupPromise = page.waitForEvent("popup");
  await section.getByRole("button", { name: "Link Google" }).click();
  const popup = await popupPromise;
  await popup.getByLabel("Email").fill(googleEmail);
  await popup.getByRole("button", { name: "Use another account" }).click();
  await popup.waitForEvent("close");
  await expect(section.getByText(googleEmail, { exact: false })).toBeVisible();

  await section.getByRole("button", { name: `Remove Google (${googleEmail})` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
  await expect(section.getByText("No Google or single sign-on accounts linked yet.")).toBeVisible();

  // An account made by SBU has no password: its only sign-in method cannot be removed.
  await signOut(page);
  const ssoEmail = uniqueEmail("sso-only");
  const sbu = await openPopup(page, "Continue with SBU", "Connecting to SBU...");
  await sbu.getByLabel("Email").fill(ssoEmail);
  await sbu.getByRole("button", { name: "Sign in" }).click();
  await sbu.waitForEvent("close");
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto("/settings#sign-in-methods");
  const mine = page.getByRole("region", { name: "Sign-in methods" });
  await expect(mine.getByText("No password set")).toBeVisible();
  await expect(mine.getByRole("button", { name: `Remove SBU (${ssoEmail})` })).toBeDisabled();
  await expect(mine.getByText(/This is your only way to sign in/)).toBeVisible();
});
