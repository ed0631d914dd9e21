import { type APIRequestContext, expect, test } from "@playwright/test";

// The browser runs far from the host's schedule zone: the editor must use the schedule's zone, not the browser's.
test.use({ timezoneId: "Pacific/Honolulu" });

const ZONE = "Asia/Kolkata";

/** Today in a zone, 'YYYY-MM-DD'. */
function todayIn(zone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(new Date());
}

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The first Saturday at least `minDays` ahead (clear of any notice), in the host's zone. */
function saturdayAfter(minDays: number): string {
  let date = addDays(todayIn(ZONE), minDays);
  while (new Date(`${date}T00:00:00Z`).getUTCDay() !== 6) date = addDays(date, 1);
  return date;
}

async function slotTimes(request: APIRequestContext, eventTypeId: string, date: string): Promise<string[]> {
  const res = await request.get(`/api/bookings/availability/${eventTypeId}?date=${date}&timezone=${ZONE}`);
  expect(res.ok()).toBeTruthy();
  const body = (await res.json()) as { data: { startTime: string }[] };
  return body.data.map((s) => s.startTime);
}

test("a host opens Saturday, blocks one date, and the booking slots follow", async ({ page, request }) => {
  const email = `avail-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const registered = await request.post("/api/auth/register", {
    data: { name: "Ada Lovelace", email, password: "analytical-1843", timezone: ZONE },
  });
  expect(registered.ok()).toBeTruthy();
  const { token } = (await registered.json()) as { token: string };
  const auth = { Authorization: `Bearer ${token}` };

  // A one-hour event type on the default schedule (event types use the default when none is chosen).
  const created = await request.post("/api/event-types", {
    headers: auth,
    data: { title: "Consultation", duration: 60 },
  });
  expect(created.ok()).toBeTruthy();
  const eventTypeId = ((await created.json()) as { data: { _id: string } }).data._id;

  const saturday = saturdayAfter(3);
  const nextSaturday = addDays(saturday, 7);
  expect(await slotTimes(request, eventTypeId, saturday)).toEqual([]);

  await page.addInitScript((t) => localStorage.setItem("auth_token", t), token);
  await page.goto("/availability");
  await expect(page.getByRole("heading", { name: "Availability", level: 1 })).toBeVisible();

  // Saturday on gives 9:00am-5:00pm; change it to 10:00am-2:00pm.
  const saturdaySwitch = page.getByRole("switch", { name: "Saturday" });
  await expect(saturdaySwitch).not.toBeChecked();
  await saturdaySwitch.click();
  await expect(page.getByLabel("Saturday, time slot 1, start time")).toHaveValue("9:00am");
  await page.getByLabel("Saturday, time slot 1, start time").selectOption("10:00am");
  await page.getByLabel("Saturday, time slot 1, end time").selectOption("2:00pm");
  await expect(page.getByText("All changes saved")).toBeVisible();

  await expect
    .poll(() => slotTimes(request, eventTypeId, saturday))
    .toEqual(["10:00am", "11:00am", "12:00pm", "1:00pm"]);

  // Block that Saturday with an unavailable override.
  await page.getByRole("button", { name: "Add override" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a date override" });
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 3 && (await dialog.locator(`button[data-date="${saturday}"]`).count()) === 0; i++) {
    await dialog.getByRole("button", { name: "Next month" }).click();
  }
  await dialog.locator(`button[data-date="${saturday}"]`).click();
  await expect(dialog.getByRole("switch", { name: "Available on this date" })).not.toBeChecked();
  await dialog.getByLabel("Reason (optional)").fill("Conference");
  await dialog.getByRole("button", { name: "Add override" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Conference")).toBeVisible();
  await expect(page.getByText("All changes saved")).toBeVisible();

  await expect.poll(() => slotTimes(request, eventTypeId, saturday)).toEqual([]);
  expect(await slotTimes(request, eventTypeId, nextSaturday)).toEqual([
    "10:00am",
    "11:00am",
    "12:00pm",
    "1:00pm",
  ]);

  // Both survive a reload.
  await page.reload();
  await expect(page.getByRole("switch", { name: "Saturday" })).toBeChecked();
  await expect(page.getByLabel("Saturday, time slot 1, start time")).toHaveValue("10:00am");
  await expect(page.getByLabel("Saturday, time slot 1, end time")).toHaveValue("2:00pm");
  const overrideRow = page.getByRole("listitem").filter({ hasText: "Conference" });
  await expect(overrideRow).toContainText("Unavailable");
  await expect(page.getByRole("button", { name: /Edit override on Saturday/ })).toBeVisible();

  // The API agrees.
  const schedules = await request.get("/api/availability", { headers: auth });
  const [schedule] = (
    (await schedules.json()) as {
      data: {
        schedule: { day: string; isAvailable: boolean; timeSlots: unknown[] }[];
        dateOverrides: { date: string; isAvailable: boolean; reason: string }[];
      }[];
    }
  ).data;
  expect(schedule.schedule[6]).toMatchObject({
    day: "saturday",
    isAvailable: true,
    timeSlots: [{ startTime: "10:00am", endTime: "2:00pm" }],
  });
  expect(schedule.dateOverrides).toEqual([
    expect.objectContaining({ date: saturday, isAvailable: false, reason: "Conference" }),
  ]);
});

test("overlapping slots are shown under the slot and never sent", async ({ page, request }) => {
  const email = `avail-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const registered = await request.post("/api/auth/register", {
    data: { name: "Grace Hopper", email, password: "cobol-1959", timezone: ZONE },
  });
  const { token } = (await registered.json()) as { token: string };
  await page.addInitScript((t) => localStorage.setItem("auth_token", t), token);
  await page.goto("/availability");

  // A new slot (6:00pm-7:00pm after 9:00am-5:00pm) is valid and saves by itself.
  await page.getByRole("button", { name: "Add a time slot on Monday" }).click();
  await expect(page.getByLabel("Monday, time slot 2, start time")).toHaveValue("6:00pm");
  await expect(page.getByText("All changes saved")).toBeVisible();

  // Moving it into the first slot is refused on the spot and not sent.
  await page.getByLabel("Monday, time slot 2, start time").selectOption("4:00pm");
  await expect(page.getByText("Time slots overlap")).toBeVisible();
  await expect(page.getByText("Not saved: fix the highlighted times")).toBeVisible();
  await page.waitForTimeout(1500);
  const monday = async () => {
    const res = await request.get("/api/availability", { headers: { Authorization: `Bearer ${token}` } });
    const [schedule] = ((await res.json()) as { data: { schedule: { timeSlots: unknown[] }[] }[] }).data;
    return schedule.schedule[1].timeSlots;
  };
  expect(await monday()).toEqual([
    { startTime: "9:00am", endTime: "5:00pm" },
    { startTime: "6:00pm", endTime: "7:00pm" },
  ]);

  // Auto-save is the only way to save here: no Save button waits for a click.
  await expect(page.getByRole("button", { name: "Save Changes" })).toHaveCount(0);

  // Fixing the slot saves it.
  await page.getByLabel("Monday, time slot 2, start time").selectOption("5:30pm");
  await expect(page.getByText("Time slots overlap")).toHaveCount(0);
  await expect(page.getByText("All changes saved")).toBeVisible();
  await expect.poll(monday).toEqual([
    { startTime: "9:00am", endTime: "5:00pm" },
    { startTime: "5:30pm", endTime: "7:00pm" },
  ]);
});

test("a host takes a week off in one go: a date range in the override dialog blocks every day of it", async ({
  page,
  request,
}) => {
  const email = `avail-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const registered = await request.post("/api/auth/register", {
    data: { name: "Lise Meitner", email, password: "fission-1938", timezone: ZONE },
  });
  const { token } = (await registered.json()) as { token: string };
  const auth = { Authorization: `Bearer ${token}` };
  const created = await request.post("/api/event-types", {
    headers: auth,
    data: { title: "Consultation", duration: 60 },
  });
  const eventTypeId = ((await created.json()) as { data: { _id: string } }).data._id;
  // Monday to Friday of a week well clear of any notice: open on weekdays by default.
  const monday = addDays(saturdayAfter(9), 2);
  const friday = addDays(monday, 4);
  const tuesdayAfter = addDays(monday, 8);
  expect(await slotTimes(request, eventTypeId, monday)).not.toEqual([]);

  await page.addInitScript((t) => localStorage.setItem("auth_token", t), token);
  await page.goto("/availability");
  await page.getByRole("button", { name: "Add override" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a date override" });
  await dialog.getByText("Date range", { exact: true }).click();
  for (let i = 0; i < 3 && (await dialog.locator(`button[data-date="${monday}"]`).count()) === 0; i++) {
    await dialog.getByRole("button", { name: "Next month" }).click();
  }
  await dialog.locator(`button[data-date="${monday}"]`).click();
  await expect(dialog.getByText("Now pick the last day of the range.")).toBeVisible();
  for (let i = 0; i < 2 && (await dialog.locator(`button[data-date="${friday}"]`).count()) === 0; i++) {
    await dialog.getByRole("button", { name: "Next month" }).click();
  }
  await dialog.locator(`button[data-date="${friday}"]`).click();
  await expect(dialog.getByTestId("override-dates")).toContainText("(5 days)");
  await dialog.getByLabel("Reason (optional)").fill("Week off");
  await dialog.getByRole("button", { name: "Add overrides (5 dates)" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("All changes saved")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Week off" })).toHaveCount(5);

  for (const day of [monday, addDays(monday, 2), friday])
    await expect.poll(() => slotTimes(request, eventTypeId, day)).toEqual([]);
  expect(await slotTimes(request, eventTypeId, tuesdayAfter)).not.toEqual([]);

  // Several separate dates in one go too.
  await page.getByRole("button", { name: "Add override" }).click();
  await expect(dialog.getByText("Pick one or more dates")).toBeVisible();
  const picks = [addDays(monday, 7), addDays(monday, 9)];
  for (const date of picks) {
    for (let i = 0; i < 2 && (await dialog.locator(`button[data-date="${date}"]`).count()) === 0; i++) {
      await dialog.getByRole("button", { name: "Next month" }).click();
    }
    await dialog.locator(`button[data-date="${date}"]`).click();
  }
  await dialog.getByRole("button", { name: "Add overrides (2 dates)" }).click();
  await expect(dialog).toBeHidden();
  for (const day of picks) await expect.poll(() => slotTimes(request, eventTypeId, day)).toEqual([]);
  expect(await slotTimes(request, eventTypeId, tuesdayAfter)).not.toEqual([]);
});
