import fs from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { bookAsInvitee, expectScheduled } from "./booking.page";
import { expectAccessible } from "./event-types.page";
import { animationsDone, uniqueEmail } from "./support";

/** The host app's words in a language: every area's catalogue (src/i18n/app/<area>/<locale>.json). */
function words(locale: string): Record<string, string> {
  const root = new URL("../src/i18n/app/", import.meta.url);
  return Object.assign(
    {},
    ...fs
      .readdirSync(root)
      .map((area) => JSON.parse(fs.readFileSync(new URL(`${area}/${locale}.json`, root), "utf8"))),
  );
}
const en = words("en");
const NAV = [
  "shell.nav.dashboard",
  "shell.nav.eventTypes",
  "shell.nav.meetings",
  "shell.nav.availability",
  "shell.nav.contacts",
  "shell.nav.teams",
  "shell.nav.workflows",
  "shell.nav.settings",
];
// Screenshots for a person to look at, only when asked for (as support.ts's shoot): CI writes none.
const SHOTS = process.env.E2E_SHOTS_DIR;

// Issue 27: the host app speaks the host's choice (Settings > Profile > App language).
test("a host switches the app to German, Japanese and Arabic: shell, event types, availability and meetings follow, a reload keeps it, Arabic is right to left", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Sign up (the sign-up page speaks the browser's English).
  await page.goto("/signup");
  await page.getByLabel("Full Name").fill("Greta Sprach");
  await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("sprach"));
  await page.getByLabel("Password", { exact: true }).fill("sprache-2029");
  await page.getByRole("button", { name: "Get started" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const token = await page.evaluate(() => localStorage.getItem("auth_token"));
  const headers = { Authorization: `Bearer ${token}` };

  // Something to show on each screen: an event type and a meeting booked with it.
  const created = await request.post("/api/event-types", {
    headers,
    data: { title: "Kennenlerngespräch", duration: 30, description: "Ein erstes Gespräch." },
  });
  expect(created.status(), await created.text()).toBe(201);
  const et = (await created.json()).data as { slug: string };
  const invitee = await page.context().newPage();
  await invitee.goto(`/book/${et.slug}`);
  await bookAsInvitee(invitee, { name: "Jonas Weber", email: uniqueEmail("gast") });
  await expectScheduled(invitee);
  await invitee.close();

  // German, chosen in Settings > Profile.
  await chooseAppLanguage(page, "de");
  const de = words("de");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expectNav(page, de);

  // The contract's English validation message reads German too (web/lib/server-text.ts).
  await page.locator("#profile-name").fill("");
  await page.locator('form:has(#profile-app-language) button[type="submit"]').click();
  await expect(page.locator("#profile-name-error")).toHaveText(de["validation.nameIsRequired"]);
  await expect(page.getByText(en["validation.nameIsRequired"], { exact: true })).toHaveCount(0);

  await page.goto("/event-types");
  await expect(page.getByRole("heading", { name: de["eventTypes.list.title"], exact: true })).toBeVisible();
  await expect(page.getByText(de["eventTypes.card.viewPage"]).first()).toBeVisible();
  await expect(page.getByText(en["eventTypes.card.viewPage"])).toHaveCount(0);
  await shots(page, "event-types-de");
  await page.getByRole("button", { name: "Kennenlerngespräch", exact: true }).click();
  const drawer = page.getByRole("dialog", { name: de["eventTypes.edit.title"] });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText(de["eventTypes.window.legend"], { exact: true })).toBeVisible();
  await expect(drawer.getByRole("button", { name: de["eventTypes.edit.save"] })).toBeVisible();
  await shots(page, "editor-de");
  await drawer.getByRole("button", { name: de["eventTypes.cancel"], exact: true }).click();

  await page.goto("/availability");
  await expect(page.getByRole("heading", { name: de["availability.title"], exact: true })).toBeVisible();
  await expect(page.getByRole("tab", { name: de["availability.page.schedules"] })).toBeVisible();
  await expect(page.getByText(de["availability.editor.weeklyHours"], { exact: true })).toBeVisible();
  await shots(page, "availability-de");

  await page.goto("/meetings");
  await expect(page.getByRole("heading", { name: de["meetings.title"], exact: true })).toBeVisible();
  await expect(page.getByRole("tab", { name: de["meetings.tabs.upcoming"] })).toBeVisible();
  await expect(page.getByRole("article", { name: /Jonas Weber$/ })).toContainText(
    de["meetings.status.confirmed"],
  );
  await shots(page, "meetings-de");

  // A reload starts in German again, with no English first.
  await page.reload();
  await expect(page.getByRole("heading", { name: de["meetings.title"], exact: true })).toBeVisible();
  await expectNav(page, de);

  // Japanese.
  await chooseAppLanguage(page, "ja");
  const ja = words("ja");
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await expectNav(page, ja);
  await page.goto("/event-types");
  await expect(page.getByRole("heading", { name: ja["eventTypes.list.title"], exact: true })).toBeVisible();
  await shots(page, "event-types-ja");
  await page.getByRole("button", { name: "Kennenlerngespräch", exact: true }).click();
  await expect(page.getByRole("dialog", { name: ja["eventTypes.edit.title"] })).toBeVisible();
  await shots(page, "editor-ja");
  await page.keyboard.press("Escape");
  await page.goto("/availability");
  await expect(page.getByRole("heading", { name: ja["availability.title"], exact: true })).toBeVisible();
  await shots(page, "availability-ja");
  await page.goto("/meetings");
  await expect(page.getByRole("heading", { name: ja["meetings.title"], exact: true })).toBeVisible();
  await shots(page, "meetings-ja");

  // Arabic: right to left, and axe finds nothing serious on each screen.
  await chooseAppLanguage(page, "ar");
  const ar = words("ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expectNav(page, ar);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: ar["dashboard.popular.title"] })).toBeVisible();
  await expectAccessible(page);
  await shots(page, "dashboard-ar");
  await page.goto("/event-types");
  await expect(page.getByRole("heading", { name: ar["eventTypes.list.title"], exact: true })).toBeVisible();
  await expectAccessible(page);
  await shots(page, "event-types-ar");
  await page.getByRole("button", { name: "Kennenlerngespräch", exact: true }).click();
  await expect(page.getByRole("dialog", { name: ar["eventTypes.edit.title"] })).toBeVisible();
  await expectAccessible(page);
  await shots(page, "editor-ar");
  await page.keyboard.press("Escape");
  await page.goto("/availability");
  await expect(page.getByRole("heading", { name: ar["availability.title"], exact: true })).toBeVisible();
  await expectAccessible(page);
  await shots(page, "availability-ar");
  await page.goto("/meetings");
  await expect(page.getByRole("heading", { name: ar["meetings.title"], exact: true })).toBeVisible();
  await expectAccessible(page);
  await shots(page, "meetings-ar");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { name: ar["meetings.title"], exact: true })).toBeVisible();
});

/** Settings > Profile > App language, then save; the app follows at once. */
async function chooseAppLanguage(page: Page, locale: string) {
  await page.goto("/settings");
  const select = page.locator("#profile-app-language");
  await select.selectOption(locale);
  await page.locator('form:has(#profile-app-language) button[type="submit"]').click();
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
}

/** Every link of the main menu reads as the language has it, and none of the English ones that differ remain. */
async function expectNav(page: Page, lang: Record<string, string>) {
  const nav = page.getByRole("navigation", { name: lang["shell.nav.main"] });
  for (const id of NAV) await expect(nav.getByRole("link", { name: lang[id], exact: true })).toBeVisible();
  const english = NAV.filter((id) => en[id] !== lang[id]).map((id) => en[id]);
  for (const text of english) await expect(nav.getByRole("link", { name: text, exact: true })).toHaveCount(0);
}

/** Desktop (1280x800) and phone (390x844) screenshots, for a person to look at. */
async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  await animationsDone(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}
