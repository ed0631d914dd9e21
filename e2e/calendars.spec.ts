import { expect, type Page, test } from "@playwright/test";
import { bookAsInvitee } from "./booking.page";
import { axeOn, uniqueEmail, waitForMail } from "./support";

// The e2e server runs a local Google (scripts/e2e-identity-servers.ts) with Calendar v3: its consent page
// connects whoever types an address, and events made with a Meet request get a meet.google.com link.

async function signUpHost(page: Page) {
  const res = await page.request.post("/api/auth/register", {
    data: {
      name: "Meera Pillai",
      email: uniqueEmail("calendars"),
      password: "calendar-42",
      timezone: "Europe/London",
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const token = (await res.json()).token as string;
  await page.addInitScript((t) => localStorage.setItem("auth_token", t), token);
  return { Authorization: `Bearer ${token}` };
}

test("connects a Google account in the popup, books a Meet event and shows Google's Meet link", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const headers = await signUpHost(page);
  const googleEmail = uniqueEmail("gcal");
  await page.goto("/availability");
  await page.getByRole("tab", { name: /Calendar Settings/i }).click();
  await expect(page.getByText("No Google accounts connected")).toBeVisible();

  const popupPromise = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Connect Google" }).click();
  const popup = await popupPromise;
  await expect(popup.getByRole("heading", { name: "Choose an account" })).toBeVisible();
  await popup.getByLabel("Email").fill(googleEmail);
  await popup.getByRole("button", { name: "Use another account" }).click();
  await expect(popup.getByText("Google Calendar connected")).toBeVisible();

  const account = page.getByRole("listitem").filter({ hasText: googleEmail });
  await expect(account.getByText("Connected", { exact: true })).toBeVisible();
  await expect(account.getByText("Primary")).toBeVisible();
  await expect(account.getByRole("switch", { name: `Check ${googleEmail} for conflicts` })).toBeChecked();
  const axe = await axeOn(page).include('[role="tabpanel"]').analyze();
  expect(axe.violations.filter((v) => v.impact === "critical" || v.impact === "serious")).toEqual([]);

  // The drawer's picker lists the account for a Google Meet event type.
  const accounts = await (await page.request.get("/api/google-accounts", { headers })).json();
  const created = await page.request.post("/api/event-types", {
    headers,
    data: {
      title: "Meet intro",
      duration: 30,
      locations: [{ type: "google_meet" }],
      googleAccountId: accounts.data[0]._id,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const slug = (await created.json()).data.slug as string;

  const invitee = await browser.newContext({
    timezoneId: "Europe/London",
    viewport: { width: 390, height: 844 },
  });
  const booking = await invitee.newPage();
  await booking.goto(`/book/${slug}`);
  await bookAsInvitee(booking, { name: "Rohan Das" });
  await expect(booking.getByRole("heading", { name: "You're scheduled!" })).toBeVisible();
  const join = booking.getByRole("link", { name: /Join meeting/ });
  await expect(join).toHaveAttribute("href", /^https:\/\/meet\.google\.com\/[a-z]{3}-[a-z]{4}-[a-z]{3}$/);
  await invitee.close();

  // An event type, a calendar and a booking made within the schedule (so it is in use, saved or not):
  // all four of Get started's steps, and the dashboard leaves the panel out.
  await page.goto("/dashboard");
  const panel = page.getByRole("complementary", { name: "Get started" });
  await expect(page.getByRole("heading", { name: "Recent Bookings" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Recent bookings" }).getByRole("listitem")).toHaveCount(1);
  await expect(panel).toHaveCount(0);
});

test("a Google Meet type with no Google account: the invitee is told, nothing is booked, the host is mailed", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("meetless");
  const res = await page.request.post("/api/auth/register", {
    data: { name: "Noor Meetless", email, password: "calendar-42", timezone: "Europe/London" },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const headers = { Authorization: `Bearer ${(await res.json()).token}` };
  const created = await page.request.post("/api/event-types", {
    headers,
    data: { title: "Meet check-in", duration: 30, locations: [{ type: "google_meet" }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const slug = (await created.json()).data.slug as string;

  const invitee = await browser.newContext({ timezoneId: "Europe/London" });
  const booking = await invitee.newPage();
  await booking.goto(`/book/${slug}`);
  await bookAsInvitee(booking, { name: "Rohan Das" });
  // The spec's alert for GOOGLE_NOT_CONNECTED, and no booking.
  await expect(booking.getByText("Google Calendar Not Connected")).toBeVisible();
  await expect(booking.getByRole("heading", { name: "You're scheduled!" })).toHaveCount(0);
  await invitee.close();
  const list = await (await page.request.get("/api/bookings", { headers })).json();
  expect(list.data).toEqual([]);
  const mail = await waitForMail(email, "Action needed: reconnect your Google Calendar", 30_000);
  expect(mail.text).toContain("no Google Calendar is connected");
});

test("connects a CalDAV server that is not one: a clear error next to the address, nothing saved", async ({
  page,
}) => {
  await signUpHost(page);
  await page.goto("/availability");
  await page.getByRole("tab", { name: /Calendar Settings/i }).click();
  await page.getByRole("button", { name: "Add CalDAV" }).click();
  const dialog = page.getByRole("dialog");
  // The form checks with the contract's schema before asking the server.
  await dialog.getByRole("button", { name: "Connect" }).click();
  await expect(dialog.getByText("Enter the user name")).toBeVisible();
  await expect(dialog.getByLabel("Server address")).toBeFocused();
  await dialog.getByLabel("Server address").fill(`${new URL(page.url()).origin}/api/health`);
  await dialog.getByLabel("User name").fill("host");
  await dialog.getByLabel("App password").fill("secret");
  await dialog.getByRole("button", { name: "Connect" }).click();
  await expect(dialog.getByText(/not a CalDAV server/)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByText("No Google accounts connected")).toBeVisible();
});
