import { type Browser, expect, type Page, test } from "@playwright/test";
import { bookAsInvitee } from "./booking.page";
import { uniqueEmail, waitForMail } from "./support";

const desktop = (browser: Browser) => browser.newContext({ viewport: { width: 1280, height: 800 } });

async function signUpInUi(page: Page, name: string, email: string, password: string) {
  await page.goto("/signup");
  await page.getByLabel("Full Name").fill(name);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Get started" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test("a host picks a username, is booked through /{username}/{slug}, changes the password and deletes the account", async ({
  browser,
}) => {
  // Three browsers and a dozen screens: longer than the default minute on a loaded machine.
  test.setTimeout(180_000);
  const email = uniqueEmail("account");
  const tag = Date.now().toString(36);
  const username = `host-${tag}`;
  const hostContext = await desktop(browser);
  const page = await hostContext.newPage();
  await signUpInUi(page, "Noor Account", email, "first-password");

  // Settings from the avatar menu; the sidebar links it too.
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }),
  ).toBeVisible();
  await expect(page.getByLabel("Username")).toHaveValue("noor-account");

  // A reserved word is refused with a clear message; a free name is saved.
  await page.getByLabel("Username").fill("settings");
  await page.getByRole("button", { name: "Save username" }).click();
  await expect(page.getByText("This username is reserved. Choose another.")).toBeVisible();
  await page.getByLabel("Username").fill(username);
  await page.getByRole("button", { name: "Save username" }).click();
  await expect(page.getByTestId("profile-link")).toHaveText(new RegExp(`/${username}$`));

  // The event type's link uses the new username.
  const token = await page.evaluate(() => localStorage.getItem("auth_token"));
  const created = await page.request.post("/api/event-types", {
    headers: { Authorization: `Bearer ${token}` },
    data: { title: "30min", duration: 30, bookingSettings: { leadHours: 0, noticeUnit: "minutes" } },
  });
  expect(created.status()).toBe(201);
  await page.goto("/event-types");
  await expect(page.getByRole("link", { name: "View booking page" }).first()).toHaveAttribute(
    "href",
    `/${username}/30min`,
  );

  // Another browser books through the new link.
  const invitee = await desktop(browser);
  const guest = await invitee.newPage();
  // The link under the old username still works: the server redirects it (301) to the new one.
  const viaOld = await guest.goto("/noor-account/30min");
  expect(viaOld?.request().redirectedFrom()?.url()).toMatch(/\/noor-account\/30min$/);
  // The page may write the first open day into the address (?month=&date=) once it has loaded.
  await expect(guest).toHaveURL(new RegExp(`/${username}/30min(\\?|$)`));
  await guest.goto(`/${username}/30min`);
  await expect(guest.getByRole("heading", { name: "Select a Date & Time" })).toBeVisible();
  await bookAsInvitee(guest, { name: "Ines Invitee" });
  await expect(guest.getByRole("heading", { name: "You're scheduled!" })).toBeVisible();
  // The profile lists it, and /user/:id answers with the canonical link.
  await guest.goto(`/${username}`);
  await expect(guest.getByRole("link", { name: /30min/ })).toHaveAttribute("href", `/${username}/30min`);

  // Notification e-mails have one home, Settings > Notifications; Calendar Settings says which are on
  // and links there.
  await page.goto("/availability?tab=calendar-settings");
  await expect(page.getByText("On: New booking, Cancellation, Reminders (1 day before).")).toBeVisible();
  await page.getByRole("link", { name: "Manage in Settings" }).click();
  await expect(page).toHaveURL(/\/settings#notifications$/);
  const notifications = page.getByRole("region", { name: "Notifications" });
  await notifications.getByRole("switch", { name: "New booking" }).click();
  await expect(page.getByText("Notification settings saved")).toBeVisible();
  await notifications.getByRole("switch", { name: "Reminders" }).click();
  await expect(notifications.getByLabel("Send reminders")).toHaveCount(0);
  await page.goto("/availability?tab=calendar-settings");
  await expect(page.getByText("On: Cancellation.")).toBeVisible();

  // A second session of the host ends when the password changes in the first.
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await phoneContext.newPage();
  await logIn(phone, email, "first-password");
  await page.goto("/settings");
  await expect(page.getByRole("list", { name: "Sessions" }).getByRole("listitem")).toHaveCount(2);
  await page.getByLabel("Current password").first().fill("wrong-password");
  await page.getByLabel("New password").fill("second-password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your current password is not correct")).toBeVisible();
  await page.getByLabel("Current password").first().fill("first-password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed")).toBeVisible();
  await expect(page.getByRole("list", { name: "Sessions" }).getByRole("listitem")).toHaveCount(1);
  await phone.goto("/meetings");
  await expect(phone).toHaveURL(/\/login/);

  // Delete the account: type the email, the meeting is cancelled and the invitee told.
  await page.getByRole("button", { name: "Delete account" }).click();
  const dialog = page.getByRole("alertdialog");
  await dialog.getByLabel(/to confirm/).fill(email);
  await dialog.getByRole("button", { name: "Delete account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await guest.goto(`/${username}/30min`);
  await expect(guest.getByText("Event Not Found")).toBeVisible();
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("second-password");
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByText("Invalid email or password")).toBeVisible();

  await Promise.all([hostContext.close(), invitee.close(), phoneContext.close()]);
});

test("a host who forgot the password resets it through the mailed link", async ({ browser }) => {
  // Three sign-ins and two password hashes (Argon2): several seconds each on a loaded machine.
  test.setTimeout(150_000);
  const email = uniqueEmail("forgot");
  const context = await desktop(browser);
  const page = await context.newPage();
  await signUpInUi(page, "Farah Forgets", email, "lost-password");
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await logIn(otherPage, email, "lost-password");
  await page.evaluate(() => localStorage.removeItem("auth_token"));

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("If an account exists for this address")).toBeVisible();

  const mail = await waitForMail(email, "Reset your Kairos password");
  const link = mail.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
  expect(link).toBeTruthy();
  const url = new URL(link as string);
  await page.goto(`${url.pathname}${url.search}`);
  await page.getByLabel("New password", { exact: true }).fill("found-password");
  await page.getByLabel("Repeat the new password").fill("found-password");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 30_000 });
  await logIn(page, email, "found-password");

  // The other session ended with the reset; the link works once.
  await otherPage.goto("/meetings");
  await expect(otherPage).toHaveURL(/\/login/);
  await page.evaluate(() => localStorage.removeItem("auth_token"));
  await page.goto(`${url.pathname}${url.search}`);
  await page.getByLabel("New password", { exact: true }).fill("again-password");
  await page.getByLabel("Repeat the new password").fill("again-password");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("This link is invalid or has expired")).toBeVisible();
  await Promise.all([context.close(), other.close()]);
});
