import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { bookAsInvitee, expectScheduled, pickTime } from "./booking.page";
import { uniqueEmail } from "./support";

const SHOTS = process.env.CONTACTS_SCREENSHOTS;

/**
 * The token is in storage before the app's first script runs, as in the other specs: set after a page
 * has loaded, it raced the app's own start (which waits for its language) and was sometimes lost.
 */
async function signInAs(page: Page, token: string) {
  await page.addInitScript((t) => localStorage.setItem("auth_token", t), token);
}

test("a booking fills Contacts; the host edits, tags, filters, imports, exports and schedules from a row", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const register = await request.post("/api/auth/register", {
    data: {
      name: "Sam Host",
      email: uniqueEmail("contacts-host"),
      password: "calendar-42",
      timezone: "Asia/Kolkata",
    },
  });
  expect(register.ok()).toBeTruthy();
  const token = (await register.json()).token as string;
  const headers = { Authorization: `Bearer ${token}` };
  const created = await request.post("/api/event-types", {
    headers,
    data: {
      title: "Discovery Call",
      duration: 30,
      // A Meet link the host pasted: no Google account is connected here, so none could be made.
      locations: [{ type: "google_meet", value: "https://meet.google.com/abc-defg-hij" }],
      questions: [{ question: "Company", type: "text", required: true }],
      bookingSettings: { leadHours: 0, noticeUnit: "minutes", daysAhead: 60, unit: "days", mode: "rolling" },
    },
  });
  expect(created.status()).toBe(201);
  const { slug, user: owner } = (await created.json()).data as { slug: string; user: { username: string } };

  // An invitee books.
  const inviteeEmail = uniqueEmail("invitee");
  const invitee = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const booking = await invitee.newPage();
  // The host's own link: the seeded demo host also has a "discovery-call", which /book/{slug} finds first.
  await booking.goto(`/${owner.username}/${slug}`);
  await bookAsInvitee(booking, {
    name: "Nora Quinn",
    email: inviteeEmail,
    phone: "+14155550199",
    answers: { Company: "Quinn Labs" },
  });
  await expectScheduled(booking);
  await invitee.close();

  // The host finds the invitee in Contacts.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  const page = await context.newPage();
  await signInAs(page, token);
  await page.goto("/contacts");
  await expect(page.getByRole("heading", { name: "Contacts", exact: true })).toBeVisible();
  await expect(page.getByText("Stay organized as you build relationships")).toBeVisible();
  const row = page.locator("tbody", { hasText: inviteeEmail });
  await expect(row).toContainText("Nora Quinn");
  await expect(row).toContainText("Quinn Labs");
  await expect(row).toContainText("0 meetings");
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/contacts-desktop.png`, fullPage: true });

  // Edit Contact from the row menu.
  await row.getByRole("button", { name: "Actions for Nora Quinn" }).click();
  await page.getByRole("menuitem", { name: "Edit Contact" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Contact" });
  await expect(dialog.getByLabel("Full Name")).toHaveValue("Nora Quinn");
  await dialog.getByLabel("Job Title").fill("Head of Research");
  await dialog.getByLabel("Relationship Stage").selectOption("customer");
  // Any zone the browser knows, not only the common twelve.
  await dialog.getByLabel("Timezone").selectOption("America/Sao_Paulo");
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/contact-dialog.png` });
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("Head of Research");
  await expect(row).toContainText("Customer");
  // The zone by its name in the host's language, with its city.
  await expect(row).toContainText("(Sao Paulo)");

  // Add Tags from the row menu (Enter adds a tag).
  await row.getByRole("button", { name: "Actions for Nora Quinn" }).click();
  await page.getByRole("menuitem", { name: "Add Tags" }).click();
  const tags = page.getByRole("dialog", { name: "Tags" });
  await tags.getByLabel("Add a tag").fill("vip");
  await tags.getByLabel("Add a tag").press("Enter");
  await tags.getByLabel("Add a tag").fill("VIP ");
  await tags.getByLabel("Add a tag").press("Enter");
  await expect(tags.getByRole("listitem")).toHaveCount(1);
  await tags.getByRole("button", { name: "Save tags" }).click();
  await expect(tags).toBeHidden();
  await expect(row).toContainText("vip");

  // Filters: a stage that matches nothing, then search.
  await page.getByLabel("Stage").selectOption("lead");
  await expect(page.getByText("No contacts found")).toBeVisible();
  await page.getByLabel("Stage").selectOption("customer");
  await expect(row).toBeVisible();
  await page.getByLabel("Stage").selectOption("all");
  await page.getByRole("searchbox", { name: "Search contacts" }).fill("quinn labs");
  await expect(row).toBeVisible();
  await page.getByRole("searchbox", { name: "Search contacts" }).fill("nobody-like-this");
  await expect(page.getByText("No contacts found")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(row).toBeVisible();

  // Import the template.
  const template = await request.get("/api/contacts/template", { headers });
  await page.getByRole("button", { name: "Import" }).click();
  const importDialog = page.getByRole("dialog", { name: "Import Contacts" });
  await importDialog.getByLabel("CSV file").setInputFiles({
    name: "contacts_template.csv",
    mimeType: "text/csv",
    buffer: await template.body(),
  });
  await expect(importDialog).toContainText("contacts_template.csv");
  await expect(importDialog).toContainText("KB");
  await importDialog.getByRole("button", { name: "Import", exact: true }).click();
  await expect(importDialog.getByText("Import finished")).toBeVisible();
  await expect(importDialog.locator("dd").first()).toHaveText("2");
  await expect(page.locator("tbody", { hasText: "jane.cooper@example.com" })).toBeVisible();
  await expect(importDialog).toBeHidden({ timeout: 8000 });
  await expect(page.getByText("1–3 of 3 contacts")).toBeVisible();

  // A file with one email twice: the dialog says the later row was kept, and stays until closed.
  await page.getByRole("button", { name: "Import" }).click();
  await importDialog.getByLabel("CSV file").setInputFiles({
    name: "repeats.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      "Full Name,Email\nJane C,jane.cooper@example.com\nJane Cooper,jane.cooper@example.com\n",
    ),
  });
  await importDialog.getByRole("button", { name: "Import", exact: true }).click();
  await expect(importDialog.getByText("Repeated emails: the later row was kept")).toBeVisible();
  await expect(importDialog).toContainText("Row 3 repeats jane.cooper@example.com from row 2");
  await page.keyboard.press("Escape");
  await expect(importDialog).toBeHidden();

  // Export what the list shows.
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^contacts_.+\.csv$/);
  const csv = await readFile(await download.path(), "utf8");
  expect(csv).toContain(inviteeEmail);
  expect(csv).toContain("jane.cooper@example.com");

  // Schedule Meeting from the row: the booking page opens with the contact's details filled in.
  await row.getByRole("button", { name: "Actions for Nora Quinn" }).click();
  await page.getByRole("menuitem", { name: "Schedule Meeting" }).click();
  const chooser = page.getByRole("dialog", { name: "Schedule Meeting" });
  const popupPromise = context.waitForEvent("page");
  await chooser.getByRole("link", { name: /Discovery Call/ }).click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  expect(popup.url()).toContain(`/${owner.username}/${slug}?`);
  await pickTime(popup);
  await expect(popup.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("Nora Quinn");
  await expect(popup.getByRole("textbox", { name: "Email", exact: true })).toHaveValue(inviteeEmail);
  await expect(popup.getByRole("textbox", { name: "Phone", exact: true })).toHaveValue("+14155550199");
  await popup.close();

  // The contact's page shows the meeting on the timeline.
  await row.getByRole("link", { name: "Nora Quinn" }).click();
  await expect(page.getByRole("heading", { name: "Nora Quinn" })).toBeVisible();
  await expect(page.getByText("Discovery Call")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Discovery Call" })).toContainText("Upcoming");
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/contact-page.png`, fullPage: true });

  // Phone size: the table becomes a list.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/contacts");
  await expect(page.getByRole("listitem").filter({ hasText: inviteeEmail })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/contacts-phone.png`, fullPage: true });
  await context.close();
});
