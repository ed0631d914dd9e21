import { expect, test } from "@playwright/test";
import { uniqueEmail } from "./support";

/** India's festivals are offered as optional holidays; switching Diwali on closes that day to invitees. */

const DIWALI = "2027-10-29";

test("enabling Diwali on the Holidays tab blocks that day on the booking page", async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const register = await request.post("/api/auth/register", {
    data: {
      name: "Meera Iyer",
      email: uniqueEmail("diwali"),
      password: "calendar-42",
      timezone: "Asia/Kolkata",
    },
  });
  expect(register.ok(), await register.text()).toBeTruthy();
  const token = (await register.json()).token as string;
  const headers = { Authorization: `Bearer ${token}` };
  // A window long enough to reach next Diwali (Friday 29 October 2027).
  const created = await request.post("/api/event-types", {
    headers,
    data: {
      title: "Tax Consultation",
      type: "one-on-one",
      duration: 30,
      locations: [{ type: "phone" }],
      bookingSettings: { daysAhead: 730, unit: "days", leadHours: 4, noticeUnit: "hours", mode: "rolling" },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const et = (await created.json()).data;
  const slots = async () =>
    (
      await (
        await request.get(`/api/bookings/availability/${et._id}?date=${DIWALI}&timezone=Asia/Kolkata`)
      ).json()
    ).data as unknown[];
  expect((await slots()).length).toBeGreaterThan(0);

  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    timezoneId: "Asia/Kolkata",
  });
  await context.addInitScript((t) => localStorage.setItem("auth_token", t), token);
  const page = await context.newPage();
  await page.goto("/availability?tab=holidays");
  await page.getByLabel("Country").selectOption("IN");
  const festivals = page.getByRole("list", { name: "Optional holidays 2027" });
  const diwali = festivals.getByRole("switch", { name: "Diwali" });
  await expect(diwali).toBeVisible({ timeout: 30_000 });
  await expect(festivals.getByRole("switch", { name: "Holi" })).not.toBeChecked();
  await expect(diwali).not.toBeChecked();
  await diwali.click();
  await expect(diwali).toBeChecked();
  // The country's save may still show its own toast: the newest is this switch's.
  await expect(page.getByText("Holiday settings saved").last()).toBeVisible();
  await expect.poll(slots).toEqual([]);

  // The invitee's month of October 2027: Diwali has no times, the day before still has.
  const invitee = await browser.newContext({
    timezoneId: "Asia/Kolkata",
    viewport: { width: 1280, height: 900 },
  });
  const booking = await invitee.newPage();
  await booking.goto(`/${et.user.username}/${et.slug}`);
  const next = booking.getByRole("button", { name: "Next month" });
  const october = booking.getByRole("table", { name: "October 2027" });
  for (let i = 0; i < 24 && !(await october.isVisible()); i++) {
    await next.click();
    await booking.waitForTimeout(150);
  }
  await expect(october).toBeVisible();
  // The month's times have loaded once the day before shows some.
  await expect(booking.locator('[data-date="2027-10-28"]')).toHaveAttribute(
    "aria-label",
    /, times available$/,
  );
  await expect(booking.locator(`[data-date="${DIWALI}"]`)).toHaveAttribute(
    "aria-label",
    /, no times available$/,
  );
  await invitee.close();
  await context.close();
});

test("the country list holds every country the holiday data knows, searchable, with regions", async ({
  page,
  request,
}) => {
  const register = await request.post("/api/auth/register", {
    data: {
      name: "Amélie Roux",
      email: uniqueEmail("countries"),
      password: "calendar-42",
      timezone: "Europe/Paris",
    },
  });
  const token = (await register.json()).token as string;
  await page.addInitScript((t) => localStorage.setItem("auth_token", t), token);
  await page.goto("/availability?tab=holidays");
  const country = page.getByLabel("Country");
  await expect.poll(() => country.locator("option").count()).toBeGreaterThan(190);

  // Search narrows the list; France is one of about 200, not only the spec's four.
  await page.getByLabel("Search countries").fill("fran");
  await expect(country.locator("option")).toHaveText(["None", "France (FR)"]);
  await country.selectOption("FR");
  await expect(page.getByText("Bastille Day").first()).toBeVisible({ timeout: 30_000 });

  // A country with regions: a state's own holidays are added to the country's.
  await page.getByLabel("Search countries").fill("united states");
  await country.selectOption("US");
  const region = page.getByLabel("Region");
  await expect(region).toBeVisible();
  await expect(page.getByText("César Chávez Day")).toHaveCount(0);
  await region.selectOption({ label: "California" });
  await expect(page.getByText("César Chávez Day").first()).toBeVisible({ timeout: 30_000 });
  await page.reload();
  await expect(page.getByLabel("Region")).toHaveValue("CA");
});

test("a custom holiday's dates come from the one date range picker: a same-day pick is a single day", async ({
  page,
  request,
}) => {
  const register = await request.post("/api/auth/register", {
    data: {
      name: "Noor Haddad",
      email: uniqueEmail("custom"),
      password: "calendar-42",
      timezone: "Asia/Kolkata",
    },
  });
  const token = (await register.json()).token as string;
  await page.addInitScript((t) => localStorage.setItem("auth_token", t), token);
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
  const [y, m, d] = today.split("-").map(Number);
  const day = new Date(Date.UTC(y, m - 1, d + 12)).toISOString().slice(0, 10);

  await page.goto("/availability?tab=holidays");
  await page.getByLabel("Name", { exact: true }).fill("Founders' day");
  const dates = page.getByRole("button", { name: "Dates" });
  await expect(dates).toHaveText("Select date range");
  await dates.click();
  const picker = page.getByRole("dialog", { name: "Choose dates" });
  await expect(picker.getByText("Pick a start and end date")).toBeVisible();
  for (let i = 0; i < 2 && (await picker.locator(`button[data-date="${day}"]`).count()) === 0; i++) {
    await picker.getByRole("button", { name: "Next month" }).click();
  }
  await picker.locator(`button[data-date="${day}"]`).click();
  await picker.locator(`button[data-date="${day}"]`).click();
  await expect(picker).toBeHidden();
  await page.getByRole("button", { name: "Add holiday" }).click();
  // In the custom list (its Delete button); within two weeks it also shows among the upcoming holidays.
  await expect(page.getByRole("button", { name: "Delete Founders' day" })).toBeVisible();

  const settings = await request.get("/api/holidays", { headers: { Authorization: `Bearer ${token}` } });
  expect((await settings.json()).data.customHolidays).toEqual([
    expect.objectContaining({ name: "Founders' day", date: day, endDate: null }),
  ]);
});
