import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { label12h } from "./support";

/**
 * The host's daily view: bookings made through the public API show up on /meetings (search, filter,
 * cancel with a reason, reschedule) and in the dashboard's figures; 'Get started' can be dismissed for good.
 */

// The dashboard counts bookings whose start falls in the last N days *including today* in the host's
// zone, so the test books meetings later today. It picks a zone where it is early in the day (01:00 to
// 10:59), which leaves at least 13 hours of slots whatever time the suite runs. Some zone always fits:
// no two neighbours in this list are more than 3.5 hours apart.
const ZONES = [
  "Asia/Kolkata",
  "Pacific/Kiritimati",
  "Pacific/Auckland",
  "Australia/Sydney",
  "Asia/Tokyo",
  "Asia/Dubai",
  "Europe/Berlin",
  "Europe/London",
  "America/Sao_Paulo",
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Los_Angeles",
  "America/Anchorage",
  "Pacific/Honolulu",
  "Pacific/Pago_Pago",
];

function hourIn(zone: string, at = new Date()): number {
  return Number(
    new Intl.DateTimeFormat("en-US", { hour: "numeric", hourCycle: "h23", timeZone: zone }).format(at),
  );
}

function dateIn(zone: string, at: Date): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);
}

const pickZone = () => ZONES.find((z) => hourIn(z) >= 1 && hourIn(z) <= 10) as string;

const INVITEES = [
  {
    name: "Ada Lovelace",
    email: "ada@analytical.example.com",
    phone: "+442079460000",
    company: "Analytical Engines",
  },
  {
    name: "Alan Turing",
    email: "alan@bletchley.example.com",
    phone: "+441908640404",
    company: "Bletchley Park",
  },
  {
    name: "Katherine Johnson",
    email: "katherine@langley.example.com",
    phone: "+17578643000",
    company: "NASA",
  },
  { name: "Dorothy Vaughan", email: "dorothy@langley.example.com", phone: "+17578643001", company: "NASA" },
];
/** Booked for tomorrow: upcoming on /meetings, but outside the dashboard's 'last 7 days'. */
const TOMORROW = {
  name: "Linus Torvalds",
  email: "linus@kernel.example.com",
  phone: "+3581234567",
  company: "Kernel",
};

async function signUp(browser: Browser, zone: string) {
  const context = await browser.newContext({ timezoneId: zone, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto("/signup");
  await page.getByLabel("Full Name").fill("Margaret Hamilton");
  await page.getByLabel("Email").fill(`mh-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill("apollo-1969");
  await page.getByRole("button", { name: "Get started" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const token = await page.evaluate(() => localStorage.getItem("auth_token"));
  expect(token).toBeTruthy();
  return { context, page, headers: { Authorization: `Bearer ${token}` } };
}

/** Open all day, every day, with no notice, so slots exist for the rest of today. */
async function openAllDay(request: APIRequestContext, headers: Record<string, string>) {
  const list = await request.get("/api/availability", { headers });
  expect(list.ok()).toBeTruthy();
  const [schedule] = (await list.json()).data;
  const days = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
  const put = await request.put(`/api/availability/${schedule._id}`, {
    headers,
    data: {
      minimumNotice: 0,
      schedule: days.map((day) => ({
        day,
        isAvailable: true,
        timeSlots: [{ startTime: "12:00am", endTime: "12:00am" }],
      })),
    },
  });
  expect(put.ok(), await put.text()).toBeTruthy();
}

async function book(
  request: APIRequestContext,
  eventTypeId: string,
  startTime: string,
  who: { name: string; email: string; phone: string; company: string },
  zone: string,
) {
  const res = await request.post("/api/bookings", {
    data: {
      eventTypeId,
      attendee: { name: who.name, email: who.email, phone: who.phone, timezone: zone },
      startTime,
      answers: [{ question: "Company", answer: who.company }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function slotsOn(request: APIRequestContext, eventTypeId: string, date: string, zone: string) {
  const res = await request.get(`/api/bookings/availability/${eventTypeId}?date=${date}&timezone=${zone}`);
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data as { startTime: string; iso: string }[];
}

const meeting = (page: Page, attendee: string) =>
  page.getByRole("article", { name: new RegExp(`with ${attendee}$`) });
const statValue = (page: Page, label: string) =>
  page.getByRole("group", { name: label }).getByTestId("stat-value");

test("a host finds, cancels and moves meetings, and the dashboard counts what was booked", async ({
  browser,
  request,
}) => {
  const zone = pickZone();
  const { context, page, headers } = await signUp(browser, zone);
  await openAllDay(request, headers);

  const title = `Strategy Session ${Date.now().toString(36)}`;
  const created = await request.post("/api/event-types", {
    headers,
    data: {
      title,
      type: "one-on-one",
      duration: 30,
      color: "#8B5CF6",
      locations: [{ type: "zoom", value: "https://zoom.us/j/5551234567" }],
      questions: [{ question: "Company", type: "text", required: true }],
      bookingSettings: { leadHours: 0, noticeUnit: "minutes" },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const eventType = (await created.json()).data as { _id: string };

  const today = dateIn(zone, new Date());
  const tomorrow = dateIn(zone, new Date(Date.now() + 86_400_000 + 3_600_000));
  const todaySlots = await slotsOn(request, eventType._id, today, zone);
  expect(todaySlots.length).toBeGreaterThanOrEqual(INVITEES.length * 2 + 2);
  // Every other slot, from the second on, so each booking keeps free neighbours for the move below.
  for (const [i, who] of INVITEES.entries())
    await book(request, eventType._id, todaySlots[2 + i * 2].iso, who, zone);
  const [tomorrowSlot] = await slotsOn(request, eventType._id, tomorrow, zone);
  await book(request, eventType._id, tomorrowSlot.iso, TOMORROW, zone);

  // ---- Meetings ----
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Meetings", exact: true })
    .click();
  await expect(page).toHaveURL(/\/meetings$/);
  await expect(page.getByRole("tab", { name: "Upcoming" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("article")).toHaveCount(5);
  // Soonest first: today's four, then tomorrow's.
  await expect(page.getByRole("article").first()).toHaveAccessibleName(`${title} with Ada Lovelace`);
  await expect(page.getByRole("article").last()).toHaveAccessibleName(`${title} with Linus Torvalds`);
  await expect(page.getByRole("heading", { name: "Today" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Tomorrow" })).toBeVisible();

  const alan = meeting(page, "Alan Turing");
  await expect(alan).toContainText("alan@bletchley.example.com");
  // Stored as E.164, shown to the host in international format.
  await expect(alan).toContainText("+44 1908 640404");
  await expect(alan).toContainText("Additional Information");
  await expect(alan).toContainText("Bletchley Park");
  await expect(alan.getByTestId("booking-status")).toHaveText("Confirmed");
  await expect(alan.getByRole("link", { name: "Join Zoom" })).toHaveAttribute(
    "href",
    "https://zoom.us/j/5551234567",
  );
  await expect(alan.getByRole("link", { name: "Join Zoom" })).toHaveAttribute("target", "_blank");

  // Search is server-side and debounced: by name, then by e-mail domain.
  const search = page.getByRole("searchbox", { name: "Search meetings" });
  await search.fill("turing");
  await expect(page).toHaveURL(/q=turing/);
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(alan).toBeVisible();
  await search.fill("langley");
  await expect(page.getByRole("article")).toHaveCount(2);
  await search.fill("nobody-booked-this");
  await expect(page.getByText("No meetings found")).toBeVisible();
  await expect(page.getByText("Try adjusting your search or filter criteria")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page.getByRole("article")).toHaveCount(5);
  await expect(search).toHaveValue("");

  // Cancel Alan's meeting: a reason is required.
  await alan.getByRole("button", { name: /^Actions for/ }).click();
  await page.getByRole("menuitem", { name: "Cancel" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel meeting" });
  const confirm = dialog.getByRole("button", { name: "Cancel meeting" });
  await expect(confirm).toBeDisabled();
  // The host's own reasons, not the invitee's ("Found better option").
  for (const reason of [
    "Scheduling conflict",
    "No longer available at this time",
    "Meeting no longer needed",
    "Other",
  ])
    await expect(dialog.getByRole("radio", { name: reason })).toBeVisible();
  await expect(dialog.getByRole("radio", { name: "Found better option" })).toHaveCount(0);
  await dialog.getByRole("radio", { name: "Scheduling conflict" }).check();
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(page.getByText("Booking Cancelled..")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(alan.getByTestId("booking-status")).toHaveText("Cancelled");
  await expect(alan).toContainText("Scheduling conflict");
  await expect(alan.getByRole("link", { name: "Join Zoom" })).toHaveCount(0);
  // Cancel is offered only while a meeting is not cancelled: nothing is left to do with this one.
  await expect(alan.getByRole("button", { name: /^Actions for/ })).toHaveCount(0);
  await meeting(page, "Katherine Johnson")
    .getByRole("button", { name: /^Actions for/ })
    .click();
  await expect(page.getByRole("menuitem", { name: "Cancel" })).toBeVisible();
  await page.keyboard.press("Escape");

  // The status filter asks the server too.
  const status = page.getByRole("combobox", { name: "Status" });
  await status.selectOption({ label: "Cancelled" });
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(alan).toBeVisible();
  await status.selectOption({ label: "Confirmed" });
  await expect(page.getByRole("article")).toHaveCount(4);
  await expect(alan).toHaveCount(0);
  // Completed meetings are all past: the filter opens the Past tab (none are past here).
  await status.selectOption({ label: "Completed" });
  await expect(page.getByRole("tab", { name: "Past" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("No meetings found")).toBeVisible();
  await status.selectOption({ label: "All Status" });
  await page.getByRole("tab", { name: "Upcoming" }).click();
  await expect(page.getByRole("article")).toHaveCount(5);

  // Reschedule moves Ada's meeting to the free slot just before it.
  const ada = meeting(page, "Ada Lovelace");
  const adaBefore = await ada.textContent();
  await ada.getByRole("button", { name: /^Actions for/ }).click();
  await page.getByRole("menuitem", { name: "Reschedule" }).click();
  const move = page.getByRole("dialog", { name: "Reschedule meeting" });
  const times = move.getByRole("list", { name: "Available times" });
  await expect(times.getByRole("button", { name: new RegExp(`^${todaySlots[2].startTime}`) })).toBeDisabled();
  await times.getByRole("button", { name: todaySlots[1].startTime, exact: true }).click();
  await move.getByRole("button", { name: "Reschedule", exact: true }).click();
  await expect(page.getByText(/^Rescheduled to /)).toBeVisible();
  await expect(move).toBeHidden();
  const newEnd = new Date(Date.parse(todaySlots[1].iso) + 30 * 60_000).toISOString();
  await expect(ada).toContainText(`${todaySlots[1].startTime} - ${label12h(newEnd, zone)}`);
  expect(await ada.textContent()).not.toBe(adaBefore);

  // Nothing has ended yet.
  await page.getByRole("tab", { name: "Past" }).click();
  await expect(page).toHaveURL(/tab=past/);
  await expect(page.getByText("No meetings scheduled")).toBeVisible();
  await expect(page.getByText("Your scheduled meetings will appear here")).toBeVisible();

  // ---- Dashboard: today's 4 bookings, one cancelled; tomorrow's is outside the period ----
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Dashboard", exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Margaret");
  await expect(statValue(page, "Total Bookings")).toHaveText("3");
  await expect(statValue(page, "Total Hours")).toHaveText("1.5h");
  await expect(statValue(page, "Unique Attendees")).toHaveText("3");
  await expect(statValue(page, "Active Event Types")).toHaveText("1");
  // Nothing in the previous period: growth reads 'New', in green.
  const growth = page.getByRole("group", { name: "Total Bookings" }).getByTestId("growth");
  await expect(growth).toHaveText("New");
  await expect(growth).toHaveAttribute("data-trend", "up");
  await expect(page.getByTestId("trend-bars").locator("[data-count]")).toHaveCount(7);
  await expect(page.getByTestId("trend-bars").locator('[data-count="3"]')).toHaveCount(1);
  await expect(page.getByRole("list", { name: "Popular event types" })).toContainText(title);
  // Meetings dated today, and what was booked today whatever its date: tomorrow's booking too.
  await expect(page.getByTestId("bookings-made")).toHaveText("4 booked in it");
  // 'Your next meetings': the cancelled one is not among them.
  const recent = page.getByRole("list", { name: "Recent bookings" });
  await expect(recent.getByRole("listitem")).toHaveCount(4);
  await expect(recent).not.toContainText("Alan");
  await expect(page.locator('a[href="/meetings"]', { hasText: "View all" })).toBeVisible();

  // The period select asks the server again.
  const asked30 = page.waitForResponse(
    (r) => r.url().includes("/api/analytics/dashboard?period=30d") && r.ok(),
  );
  await page.getByRole("combobox", { name: "Period" }).selectOption({ label: "Last 30 days" });
  await asked30;
  await expect(page.getByTestId("trend-bars").locator("[data-count]")).toHaveCount(30);
  await expect(statValue(page, "Total Bookings")).toHaveText("3");
  await expect(page.getByRole("group", { name: "Total Bookings" })).toContainText("vs previous 30 days");

  // ---- Get started: X hides it for this tab only; 'Don't show again' is kept on the server ----
  const panel = page.getByRole("complementary", { name: "Get started" });
  await expect(panel).toBeVisible();
  // An event type, a saved schedule and bookings: three steps ticked, the calendar still to do.
  await expect(panel.getByRole("progressbar", { name: "3 of 4 done" })).toHaveAttribute("aria-valuenow", "3");
  await expect(panel.getByRole("link", { name: /^Create an event type \(done\)/ })).toBeVisible();
  await expect(panel.getByRole("link", { name: /^Set your availability \(done\)/ })).toBeVisible();
  await expect(panel.getByRole("link", { name: /^Connect your calendar Keep/ })).toBeVisible();
  await expect(panel.getByRole("button", { name: /^Share your link \(done\)/ })).toBeVisible();
  await panel.getByRole("button", { name: "Hide Get started" }).click();
  await expect(panel).toBeHidden();
  const second = await context.newPage();
  await second.goto("/dashboard");
  const panel2 = second.getByRole("complementary", { name: "Get started" });
  await expect(panel2).toBeVisible();
  const saved = second.waitForResponse((r) => r.url().endsWith("/api/users/preferences") && r.ok());
  await panel2.getByRole("button", { name: "Don't show again" }).click();
  await saved;
  await expect(panel2).toBeHidden();
  await second.reload();
  await expect(statValue(second, "Total Bookings")).toBeVisible();
  await expect(second.getByRole("complementary", { name: "Get started" })).toHaveCount(0);
  const third = await context.newPage();
  await third.goto("/dashboard");
  await expect(statValue(third, "Total Bookings")).toBeVisible();
  await expect(third.getByRole("complementary", { name: "Get started" })).toHaveCount(0);

  await context.close();
});

test("a new host sees friendly empty states on the dashboard and the meetings screen", async ({
  browser,
}) => {
  const { context, page } = await signUp(browser, "Asia/Kolkata");
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await expect(statValue(page, "Total Bookings")).toHaveText("0");
  // Get started: nothing done yet; copying the link ticks its step, kept on the server.
  const panel = page.getByRole("complementary", { name: "Get started" });
  await expect(panel.getByRole("link", { name: /^Create an event type Define/ })).toBeVisible();
  await expect(panel.getByRole("progressbar")).toHaveCount(0);
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/users/preferences") && r.ok());
  await panel.getByRole("button", { name: /^Share your link/ }).click();
  await saved;
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/[a-z0-9-]+$/);
  await expect(panel.getByRole("progressbar", { name: "1 of 4 done" })).toBeVisible();
  await page.reload();
  await expect(panel.getByRole("button", { name: /^Share your link \(done\)/ })).toBeVisible();
  await expect(page.getByText("No bookings in this period yet")).toBeVisible();
  await expect(page.getByText("Nothing booked yet")).toBeVisible();
  await expect(page.getByText("No upcoming meetings")).toBeVisible();
  // The event types section offers ready-made samples to a host with none.
  await expect(page.getByRole("list", { name: "Sample event types" })).toBeVisible();
  await page.goto("/meetings");
  await expect(page.getByText("No meetings scheduled")).toBeVisible();
  await expect(page.getByText("Your scheduled meetings will appear here")).toBeVisible();
  await context.close();
});
