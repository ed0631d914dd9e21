import { expect, type Page, test } from "@playwright/test";
import { uniqueEmail } from "./support";

/** The card of one event type in the /event-types grid. */
const card = (page: Page, title: string) =>
  page.getByRole("list", { name: "Event types" }).getByRole("listitem").filter({ hasText: title });

test("a host creates, finds, edits, deactivates, shares and deletes an event type", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  // Links are unique across the product: a run-specific title keeps the expected slug exact.
  const tag = Date.now().toString(36);
  const name = `Discovery call ${tag}`;
  const renamed = `${name} with Grace`;

  await page.goto("/signup");
  await page.getByLabel("Full Name").fill("Grace Hopper");
  await page.getByLabel("Email").fill(uniqueEmail());
  await page.getByLabel("Password", { exact: true }).fill("cobol-1959");
  await page.getByRole("button", { name: "Get started" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Create through the sidebar's type chooser and the create drawer.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Event types" }).click();
  await expect(page.getByText("No event types yet")).toBeVisible();
  await page.evaluate(() => {
    window.addEventListener("eventTypeCreated", () => {
      (window as unknown as { createdEvents: number }).createdEvents =
        ((window as unknown as { createdEvents?: number }).createdEvents ?? 0) + 1;
    });
  });
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Create" }).click();
  await page
    .getByRole("dialog", { name: "Create" })
    .getByRole("button", { name: /One-on-one/ })
    .click();
  const createDrawer = page.getByRole("dialog", { name: "New One-on-One event type" });
  await expect(createDrawer).toBeVisible();
  await expect(page).toHaveURL(/\/event-types$/);
  await createDrawer.getByPlaceholder("Enter event title (optional)").fill(name);
  await createDrawer.getByRole("button", { name: "45 min" }).click();
  await createDrawer.getByRole("button", { name: "Create", exact: true }).click();
  await expect(createDrawer).toBeHidden();
  await expect(card(page, name)).toBeVisible();
  await expect(card(page, name)).toContainText("45 min");
  await expect(card(page, name)).toContainText("Zoom");
  await expect(card(page, name)).toContainText("Active");
  expect(await page.evaluate(() => (window as unknown as { createdEvents?: number }).createdEvents)).toBe(1);

  // Search is a case-insensitive title match.
  const search = page.getByPlaceholder("Search event types...");
  await search.fill(`DISCOVERY CALL ${tag.toUpperCase()}`);
  await expect(card(page, name)).toBeVisible();
  await search.fill("no such meeting");
  await expect(page.getByText("No event types found")).toBeVisible();
  await expect(page.getByText("Try adjusting your search terms")).toBeVisible();
  await search.fill("");

  // Edit title and duration (custom minutes).
  await page.getByRole("button", { name: `Actions for ${name}` }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const editDrawer = page.getByRole("dialog", { name: "Edit Event Type" });
  const title = editDrawer.getByLabel("Event Title *");
  await expect(title).toHaveValue(name);
  await title.fill("");
  await expect(editDrawer.getByRole("button", { name: "Save Changes" })).toBeDisabled();
  await title.fill(renamed);
  await editDrawer.getByLabel("Custom").fill("50");
  await editDrawer.getByRole("button", { name: "Save Changes" }).click();
  await expect(editDrawer).toBeHidden();
  const edited = card(page, renamed);
  await expect(edited).toContainText("50 min");

  // Deactivate from the card; it stays inactive after a reload and the filter finds it.
  await edited.getByRole("switch").click();
  await expect(edited).toContainText("Inactive");
  await page.reload();
  await expect(card(page, renamed)).toContainText("Inactive");
  await page.getByRole("button", { name: "Filter" }).click();
  await page.getByRole("menuitemradio", { name: "Active", exact: true }).click();
  await expect(page.getByText("No event types found")).toBeVisible();
  await page.getByRole("button", { name: "Status: Active" }).click();
  await page.getByRole("menuitemradio", { name: "Inactive" }).click();
  await expect(card(page, renamed)).toBeVisible();

  // Copy link puts origin/{username}/{slug} on the clipboard.
  await card(page, renamed)
    .getByRole("button", { name: /Copy link/ })
    .click();
  await expect(page.getByText("Copied to clipboard successfully...")).toBeVisible();
  const origin = new URL(page.url()).origin;
  const username = await page.evaluate(async () => {
    const res = await fetch("/api/users/profile", {
      headers: { Authorization: `Bearer ${localStorage.getItem("auth_token")}` },
    });
    return (await res.json()).data.user.username as string;
  });
  expect(username).toMatch(/^grace-hopper(-\d+)?$/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${origin}/${username}/discovery-call-${tag}`,
  );

  // Delete, after confirming.
  await page.getByRole("button", { name: `Actions for ${renamed}` }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete Event Type" });
  await expect(confirm).toContainText(`Are you sure you want to delete "${renamed}"?`);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText("No event types yet")).toBeVisible();
});
