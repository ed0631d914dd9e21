import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { uniqueEmail } from "./support";

const ZONE = "Asia/Kolkata";

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** A signed-in host (browser and API) with one event type on the default schedule. */
async function hostWithEventType(page: Page, request: APIRequestContext) {
  const registered = await request.post("/api/auth/register", {
    data: { name: "Ada Lovelace", email: uniqueEmail("rules"), password: "analytical-1843", timezone: ZONE },
  });
  expect(registered.ok()).toBeTruthy();
  const { token } = (await registered.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const created = await request.post("/api/event-types", {
    headers,
    data: {
      title: "Consultation",
      duration: 60,
      bookingSettings: { leadHours: 4, noticeUnit: "hours", daysAhead: 60, unit: "days", mode: "rolling" },
    },
  });
  expect(created.ok()).toBeTruthy();
  const eventTypeId = ((await created.json()) as { data: { _id: string } }).data._id;
  await page.addInitScript((t) => localStorage.setItem("auth_token", t), token);
  return { headers, eventTypeId };
}

/** Scrolls every scrolled ancestor of a field (the page, a dialog) back to its top. */
async function scrollAllToTop(page: Page) {
  await page.evaluate(() => {
    for (const el of document.querySelectorAll<HTMLElement>("*")) if (el.scrollTop > 0) el.scrollTop = 0;
    window.scrollTo(0, 0);
  });
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a change that cannot be saved says so, and Show brings its field into view and focus", async ({
    page,
    request,
  }) => {
    await hostWithEventType(page, request);
    await page.goto("/availability");
    // One saving model: every change saves by itself, no Save button waits for a click.
    await page.getByRole("switch", { name: "Saturday" }).click();
    await expect(page.getByText("All changes saved")).toBeVisible();
    await expect(page.getByRole("button", { name: "Save Changes" })).toHaveCount(0);

    const start = page.getByLabel("Saturday, time slot 1, start time");
    await start.selectOption("3:00pm");
    await page.getByLabel("Saturday, time slot 1, end time").selectOption("1:00pm");
    const status = page.getByRole("status").filter({ hasText: "Not saved: fix the highlighted times" });
    await expect(status).toBeVisible();

    // The host scrolls away; the sticky status stays in sight and leads back to the field.
    await scrollAllToTop(page);
    await expect(start).not.toBeInViewport();
    await status.getByRole("button", { name: "Show" }).click();
    await expect(start).toBeInViewport();
    await expect(start).toBeFocused();
  });

  test("an override whose hours need fixing: Add override brings them into view and focus", async ({
    page,
    request,
  }) => {
    await hostWithEventType(page, request);
    await page.goto("/availability");
    await page.getByRole("button", { name: "Add override" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a date override" });
    // A weekday a week or two out, with the week's 9:00am-5:00pm hours.
    let date = addDays(new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(new Date()), 8);
    while ([0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay())) date = addDays(date, 1);
    for (let i = 0; i < 2 && (await dialog.locator(`button[data-date="${date}"]`).count()) === 0; i++) {
      await dialog.getByRole("button", { name: "Next month" }).click();
    }
    await dialog.locator(`button[data-date="${date}"]`).click();
    await dialog.getByRole("switch", { name: "Available on this date" }).check();
    const start = dialog.getByLabel("Override time slot 1, start time");
    await start.selectOption("3:00pm");
    await dialog.getByLabel("Override time slot 1, end time").selectOption("1:00pm");

    // The dialog fits a phone with one slot: what counts is that the refused Add goes to the field.
    await dialog.getByLabel("Reason (optional)").focus();
    await dialog.getByRole("button", { name: "Add override" }).click();
    await expect(dialog).toBeVisible();
    await expect(start).toBeInViewport();
    await expect(start).toBeFocused();
  });
});

test("minimum notice, buffers and the window are shown on Availability and edited on the event type", async ({
  page,
  request,
}) => {
  const { eventTypeId } = await hostWithEventType(page, request);
  await page.goto("/availability");
  const rules = page.getByRole("region", { name: "Timezone and booking rules" });
  await expect(rules.getByText("4 hours notice · 60 days ahead · No buffers")).toBeVisible();
  // Read-only here: no control sets them on the schedule.
  await expect(page.getByLabel("Minimum notice")).toHaveCount(0);
  await expect(page.getByLabel("Buffer before")).toHaveCount(0);
  await expect(page.getByLabel("Maximum notice")).toHaveCount(0);

  // Their home: the event type's drawer, opened by the link.
  await rules.getByRole("link", { name: "Edit booking rules of Consultation" }).click();
  await expect(page).toHaveURL(/\/event-types$/);
  const drawer = page.getByRole("dialog", { name: "Edit Event Type" });
  await expect(drawer.getByRole("group", { name: "Minimum notice" })).toBeVisible();
  await drawer.getByLabel("Before", { exact: true }).selectOption("15");
  await drawer.getByRole("button", { name: "Save Changes" }).click();
  await expect(drawer).toBeHidden();

  // Calendar Settings shows the same rules with the same link, and sets the least every event type
  // keeps: a day's notice and 10 minutes each side raise this type's, and say where they come from.
  await page.goto("/availability?tab=calendar-settings");
  const card = page.getByRole("tabpanel");
  await expect(card.getByText("4 hours notice · 60 days ahead · 15 min before, none after")).toBeVisible();
  await expect(card.getByRole("link", { name: "Edit booking rules of Consultation" })).toBeVisible();
  await card.getByLabel("Minimum notice").selectOption({ label: "1 day" });
  await expect(page.getByText("Calendar settings saved").first()).toBeVisible();
  await card.getByLabel("Buffer time").selectOption({ label: "10 minutes" });
  await expect(
    card.getByText(
      "1 day notice (Calendar Settings) · 60 days ahead · 15 min before, 10 min after (Calendar Settings)",
    ),
  ).toBeVisible();
  // The booking page applies them: nothing bookable today any more.
  const { data: slotsToday } = await (
    await request.get(
      `/api/bookings/availability/${eventTypeId}?date=${new Date().toLocaleDateString("en-CA", { timeZone: "UTC" })}&timezone=UTC`,
    )
  ).json();
  expect(slotsToday).toEqual([]);

  // The editor says where the notice that applies comes from, and offers the spec's quick choices.
  await page.goto(`/event-types?edit=${eventTypeId}`);
  const editor = page.getByRole("dialog", { name: "Edit Event Type" });
  await expect(editor.getByTestId("floor-notice")).toHaveText(
    /Your Calendar Settings ask at least 1 day: invitees get that\./,
  );
  await editor
    .getByRole("group", { name: "Common notice lengths" })
    .getByRole("button", { name: "8 h" })
    .click();
  await expect(editor.locator("#edit-notice")).toHaveValue("8");
  await expect(editor.locator("#edit-notice-unit")).toHaveValue("hours");
  await editor
    .getByRole("group", { name: "Common windows" })
    .getByRole("button", { name: "90 days" })
    .click();
  await expect(editor.locator("#edit-days-ahead")).toHaveValue("90");
});

test("an 'Indefinitely' event type is bookable far beyond the schedule's old maximum notice", async ({
  page,
  request,
}) => {
  const { headers, eventTypeId } = await hostWithEventType(page, request);
  // The schedule's own maximum notice (an API field kept for old clients) used to cap every window.
  const [schedule] = (await (await request.get("/api/availability", { headers })).json()).data;
  const capped = await request.put(`/api/availability/${schedule._id}`, {
    headers,
    data: { maximumNotice: 30 },
  });
  expect(capped.ok()).toBeTruthy();

  await page.goto(`/event-types?edit=${eventTypeId}`);
  const drawer = page.getByRole("dialog", { name: "Edit Event Type" });
  await drawer.getByRole("radio", { name: /Indefinitely/ }).check();
  await drawer.getByRole("button", { name: "Save Changes" }).click();
  await expect(drawer).toBeHidden();

  // Fourteen months ahead: open days, open times, and a booking that goes through.
  const ahead = new Date();
  ahead.setUTCDate(1);
  ahead.setUTCMonth(ahead.getUTCMonth() + 14);
  const month = ahead.toISOString().slice(0, 7);
  const days = await request.get(`/api/bookings/availability/${eventTypeId}?month=${month}&timezone=${ZONE}`);
  const { days: open } = (await days.json()).data as { days: string[] };
  expect(open.length).toBeGreaterThan(15);
  const slots = await request.get(
    `/api/bookings/availability/${eventTypeId}?date=${open[3]}&timezone=${ZONE}`,
  );
  const [first] = (await slots.json()).data as { iso: string }[];
  const booked = await request.post("/api/bookings", {
    data: {
      eventTypeId,
      startTime: first.iso,
      attendee: { name: "Jordan Lee", email: uniqueEmail("far"), phone: "5551234567", timezone: ZONE },
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
});

test("a 'Date range' window is set with the spec's one date range picker; a same-day pick keeps only the start", async ({
  page,
  request,
}) => {
  const { headers, eventTypeId } = await hostWithEventType(page, request);
  const today = new Intl.DateTimeFormat("en-CA").format(new Date());
  const [start, end] = [addDays(today, 10), addDays(today, 14)];
  const settings = async () =>
    (await (await request.get(`/api/event-types/${eventTypeId}`, { headers })).json()).data.bookingSettings;

  await page.goto(`/event-types?edit=${eventTypeId}`);
  const drawer = page.getByRole("dialog", { name: "Edit Event Type" });
  await drawer.getByRole("radio", { name: /Date range/ }).check();
  const control = drawer.getByRole("button", { name: "Bookable dates" });
  await expect(control).toHaveText("Select date range");
  await control.click();
  const picker = page.getByRole("dialog", { name: "Choose dates" });
  await expect(picker.getByText("Pick a start and end date")).toBeVisible();
  const pick = async (date: string) => {
    for (let i = 0; i < 2 && (await picker.locator(`button[data-date="${date}"]`).count()) === 0; i++) {
      await picker.getByRole("button", { name: "Next month" }).click();
    }
    await picker.locator(`button[data-date="${date}"]`).click();
  };
  await pick(start);
  await expect(picker).toBeVisible();
  await pick(end);
  // Completing the range closes the picker; the control shows it.
  await expect(picker).toBeHidden();
  await expect(control).not.toHaveText("Select date range");
  await drawer.getByRole("button", { name: "Save Changes" }).click();
  await expect(drawer).toBeHidden();
  expect(await settings()).toMatchObject({ mode: "within", withinStart: start, withinEnd: end });

  // One day: the same date twice stores the start alone, and only that day is offered.
  await page.goto(`/event-types?edit=${eventTypeId}`);
  await control.click();
  await pick(start);
  await pick(start);
  await expect(picker).toBeHidden();
  await drawer.getByRole("button", { name: "Save Changes" }).click();
  await expect(drawer).toBeHidden();
  const oneDay = await settings();
  expect(oneDay).toMatchObject({ mode: "within", withinStart: start });
  expect(oneDay.withinEnd).toBeUndefined();
  const month = await request.get(
    `/api/bookings/availability/${eventTypeId}?month=${start.slice(0, 7)}&timezone=${ZONE}`,
  );
  expect(((await month.json()).data as { days: string[] }).days.filter((d) => d > start)).toEqual([]);

  // Clear empties the control.
  await page.goto(`/event-types?edit=${eventTypeId}`);
  await control.click();
  await picker.getByRole("button", { name: "Clear" }).click();
  await expect(control).toHaveText("Select date range");
});
