import fs from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { EventTypesScreen, expectAccessible, signedInHost } from "./event-types.page";
import { shoot, uniqueEmail, waitForMail } from "./support";

const catalogue = (locale: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(new URL(`../src/i18n/web/${locale}.json`, import.meta.url), "utf8"));
const en = catalogue("en");
const de = catalogue("de");

// Issue 27: the invitee's language, resolved by the server before the first byte.
test("a German browser books in German (page, mail, invite); ?lang=ja reads a 24-hour clock; Arabic is right to left; a fixed event language wins", async ({
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  const host = await signedInHost(request, browser, "Lena Lang");
  const settings = { leadHours: 0, noticeUnit: "minutes", daysAhead: 60, unit: "days", mode: "rolling" };
  const make = async (title: string, language: string | null) => {
    const res = await request.post("/api/event-types", {
      headers: host.headers,
      data: { title, duration: 30, bookingSettings: settings, language },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { slug, user } = (await res.json()).data as { slug: string; user: { username: string } };
    return `/${user.username}/${slug}`;
  };
  const path = await make("Getting to know you", null);
  const fixedFrench = await make("Rendez-vous", "fr");

  // The host writes the title in German too (Languages, in the editor): German invitees read it.
  const screen = new EventTypesScreen(host.page);
  await screen.goto();
  const editor = await screen.openEditor("Getting to know you");
  await editor.getByRole("combobox", { name: "Add a language" }).selectOption("de");
  await editor.getByRole("textbox", { name: "Title (Deutsch)" }).fill("Kennenlernen");
  await editor.getByRole("button", { name: "Save Changes" }).click();
  await expect(editor).toBeHidden();
  await host.context.close();

  // The served HTML is German from its first byte: lang, the first view, no English of the catalogue.
  const raw = await request.get(path, { headers: { "Accept-Language": "de-DE,de;q=0.9,en;q=0.8" } });
  const html = await raw.text();
  // What the page shows and says (text and attributes), not the data and catalogue inlined for the app.
  const shown = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, "");
  expect(html).toContain('<html lang="de" dir="ltr"');
  expect(shown).toContain(de["booking.selectDateTime"]);
  const english = Object.entries(en)
    .filter(([id, text]) => text !== de[id] && text.length > 4 && !text.includes("{"))
    .map(([, text]) => text);
  expect(english.filter((text) => shown.includes(text))).toEqual([]);

  // A de-DE browser books; the confirmation, the mail and the invite are German.
  const german = await (
    await browser.newContext({ locale: "de-DE", viewport: { width: 1280, height: 900 } })
  ).newPage();
  await german.goto(path);
  await expect(german.getByRole("heading", { name: "Datum und Uhrzeit wählen" })).toBeVisible();
  await expect(german.getByRole("heading", { name: "Kennenlernen" })).toBeVisible();
  await german
    .getByRole("button", { name: /, Zeiten frei$/ })
    .first()
    .click();
  const times = german.getByRole("list", { name: "Freie Zeiten" }).getByRole("button");
  await expect(times.first()).toHaveText(/^\d{2}:\d{2}/);
  await shots(german, "booking-de");
  await times.nth((await times.count()) > 1 ? 1 : 0).click();
  await german.getByRole("button", { name: "Weiter", exact: true }).click();
  const email = uniqueEmail("sprache");
  await german.getByRole("textbox", { name: "Name", exact: true }).fill("Jonas Weber");
  await german.getByRole("textbox", { name: "E-Mail", exact: true }).fill(email);
  await german.getByRole("textbox", { name: /^Telefon/ }).fill("+14155550134");
  await german.getByRole("button", { name: "Termin buchen" }).click();
  await expect(german.getByRole("heading", { name: "Ihr Termin ist gebucht!" })).toBeVisible();
  const mail = await waitForMail(email, /^Bestätigt: Kennenlernen mit Lena Lang am /);
  expect(mail.text).toContain("Hallo Jonas Weber, Ihr Termin mit Lena Lang ist gebucht.");
  expect(mail.text).toMatch(/Wann: \w+, \d+\. \w+ \d{4}, \d{1,2}:\d{2}–\d{1,2}:\d{2}/);
  expect(mail.text).toContain("Buchung ansehen: ");
  const confirmed = new URL(german.url());
  const ics = await request.get(
    `/api/bookings/public/${confirmed.searchParams.get("uid")}/ics?token=${confirmed.searchParams.get("token")}`,
  );
  expect(await ics.text()).toContain("SUMMARY:Kennenlernen zwischen Lena Lang und Jonas Weber");
  await german.context().close();

  // The host's fixed language beats the German browser.
  const fixed = await (await browser.newContext({ locale: "de-DE" })).newPage();
  await fixed.goto(fixedFrench);
  await expect(fixed.getByRole("heading", { name: "Choisissez une date et une heure" })).toBeVisible();
  await expect(fixed.locator("html")).toHaveAttribute("lang", "fr");
  await fixed.context().close();

  // ?lang=ja on an English browser: Japanese, 24-hour times; the switcher keeps the choice in the address.
  const japanese = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await japanese.goto(`${path}?lang=ja`);
  await expect(japanese.getByRole("heading", { name: "日時を選択" })).toBeVisible();
  await japanese
    .getByRole("button", { name: /、空き時間あり$/ })
    .first()
    .click();
  await expect(japanese.getByRole("list", { name: "空いている時間" }).getByRole("button").first()).toHaveText(
    /^\d{2}:\d{2}/,
  );
  await expect(japanese.getByRole("button", { name: "24時間" })).toHaveAttribute("aria-pressed", "true");
  await shots(japanese, "booking-ja");
  await japanese.getByRole("combobox", { name: "言語" }).selectOption("ar");
  await expect(japanese).toHaveURL(/lang=ar/);

  // Arabic: right to left, and axe finds nothing serious.
  await expect(japanese.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(japanese.getByRole("heading", { name: "اختر التاريخ والوقت" })).toBeVisible();
  await japanese
    .getByRole("button", { name: /، توجد أوقات متاحة$/ })
    .first()
    .click();
  await expectAccessible(japanese);
  await shots(japanese, "booking-ar");
  await japanese.context().close();
});

/** Desktop and phone screenshots of the page as it is (E2E_SHOTS_DIR only). */
async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, `${name}-desktop`);
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, `${name}-phone`, true);
  await page.setViewportSize({ width: 1280, height: 900 });
}
