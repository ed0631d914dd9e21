import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { bookAsInvitee, expectScheduled, fillDetails } from "./booking.page";
import { uniqueEmail } from "./support";

/**
 * The confirmation page. It is reached with navigation state, which the browser keeps across reloads and
 * Back: whatever that state says, the page shows what the server says now. Its Add to Calendar entries
 * carry where to meet and the manage links.
 */

const ZONE = "America/New_York";

async function hostWithEventType(request: APIRequestContext, locations: unknown[] = [{ type: "phone" }]) {
  const register = await request.post("/api/auth/register", {
    data: {
      name: "Kavya Menon",
      email: uniqueEmail("reload"),
      password: "calendar-42",
      timezone: "Asia/Kolkata",
    },
  });
  expect(register.ok(), await register.text()).toBeTruthy();
  const headers = { Authorization: `Bearer ${(await register.json()).token}` };
  const created = await request.post("/api/event-types", {
    headers,
    data: {
      title: "Design Review",
      type: "one-on-one",
      duration: 30,
      locations,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { slug, user } = (await created.json()).data as { slug: string; user: { username: string } };
  // The host's own link: every run's host has the same title, so /book/{slug} would find the first one.
  return { headers, slug: `${user.username}/${slug}` };
}

const times = (page: Page) => page.getByRole("list", { name: "Available times" }).getByRole("button");

/** Books the first open time of the first open day through the page, in this tab. */
async function bookInTab(browser: Browser, slug: string) {
  const context = await browser.newContext({ timezoneId: ZONE, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`/${slug}`);
  await bookAsInvitee(page, { name: "Rohan Das" });
  await expectScheduled(page);
  return { context, page };
}

async function expectCancelledAfterReload(page: Page) {
  await page.reload();
  await expect(page.getByRole("heading", { name: "Cancelled" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "You're scheduled!" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Cancel" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Reschedule" })).toHaveCount(0);
}

test("a booking cancelled on its confirmation page stays cancelled after a reload", async ({
  browser,
  request,
}) => {
  const { slug } = await hostWithEventType(request);
  const { context, page } = await bookInTab(browser, slug);
  // This server sends mail (the e2e SMTP server): the spec's promise is true here.
  await expect(page.getByText("A calendar invitation has been sent to your email address.")).toBeVisible();

  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel Event" });
  await dialog.getByRole("radio", { name: "Changed plans" }).check();
  await dialog.getByRole("button", { name: "Cancel Event" }).click();
  await expect(page.getByRole("heading", { name: "Cancelled" })).toBeVisible();
  // The host connected no calendar: nothing was on it to remove, and the page does not say so.
  await expect(page.getByText("This meeting has been cancelled.", { exact: true })).toBeVisible();
  await expect(page.getByText("removed from the host's calendar")).toHaveCount(0);

  await expectCancelledAfterReload(page);
  await context.close();
});

test("a rescheduled booking shows its new time after a reload and Back, and a later cancel wins", async ({
  browser,
  request,
}) => {
  const { headers, slug } = await hostWithEventType(request);
  const { context, page } = await bookInTab(browser, slug);
  const firstTime = (await page.getByTestId("confirmed-time").textContent()) ?? "";

  await page.getByRole("link", { name: "Reschedule" }).click();
  // A day with two times besides the booking's own (late in the invitee's evening, today may have one).
  const days = page.getByRole("button", { name: /, times available$/ });
  await expect(days.first()).toBeVisible();
  for (let i = 0; i < (await days.count()); i++) {
    await days.nth(i).click();
    await expect(times(page).first()).toBeVisible();
    if ((await times(page).filter({ hasNotText: "Current" }).count()) >= 2) break;
  }
  // The second time that is not the booking's own.
  await times(page).filter({ hasNotText: "Current" }).nth(1).click();
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await page.getByRole("button", { name: "Reschedule Event" }).click();
  await expectScheduled(page);
  const movedTime = (await page.getByTestId("confirmed-time").textContent()) ?? "";
  expect(movedTime).not.toBe(firstTime);

  await page.reload();
  await expect(page.getByTestId("confirmed-time")).toHaveText(movedTime);

  // Back through the reschedule steps to the first confirmation: its state still holds the old time.
  const url = page.url();
  for (let i = 0; i < 8; i++) {
    await page.goBack();
    if (page.url().includes("/booking-confirmed?")) break;
  }
  await expect(page).toHaveURL(/\/booking-confirmed\?/);
  await expect(page.getByTestId("confirmed-time")).toHaveText(movedTime);
  await page.goto(url);

  // The host cancels elsewhere; the invitee's reload shows it.
  const list = await (await request.get("/api/bookings", { headers })).json();
  const cancel = await request.put(`/api/bookings/${list.data[0]._id}/cancel`, {
    headers,
    data: { reason: "Other" },
  });
  expect(cancel.ok(), await cancel.text()).toBeTruthy();
  await expectCancelledAfterReload(page);
  await context.close();
});

test("Add to Calendar links carry the join link and the manage links", async ({ browser, request }) => {
  const join = "https://zoom.us/j/5551234567";
  const { slug } = await hostWithEventType(request, [{ type: "zoom", value: join }]);
  const { context, page } = await bookInTab(browser, slug);
  await page.evaluate(() => {
    const w = window as unknown as { opened: string[] };
    w.opened = [];
    window.open = (url) => {
      w.opened.push(String(url));
      return null;
    };
  });
  for (const item of ["Google Calendar", "Outlook.com"]) {
    await page.getByRole("button", { name: "Add to Calendar" }).click();
    await page.getByRole("menuitem", { name: item }).click();
  }
  const [google, outlook] = (
    await page.evaluate(() => (window as unknown as { opened: string[] }).opened)
  ).map((u) => new URL(u).searchParams);
  const manage = new RegExp(`${new URL(page.url()).origin}/booking-confirmed\\?uid=[^&]+&token=`);
  expect(google.get("location")).toBe(join);
  expect(google.get("details")).toContain(`Join: ${join}`);
  expect(google.get("details")).toMatch(manage);
  expect(outlook.get("location")).toBe(join);
  expect(outlook.get("body")).toMatch(manage);
  await context.close();
});

test("long names, e-mails and notes never widen or stretch the pages at phone size; a tapped day shows its times", async ({
  browser,
  request,
}) => {
  const { headers } = await hostWithEventType(request);
  const longName = `${"Venkatanarasimharajuvaripeta".repeat(3)} Srinivasaraghavan`.slice(0, 100);
  const longEmail = `${"a".repeat(60)}.${"b".repeat(60)}@${"verylongdomainname".repeat(3)}.example.com`;
  const eventType = (await (await request.get(`/api/event-types`, { headers })).json()).data[0];
  const date = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  let slot: string | undefined;
  for (let d = 0; d < 7 && !slot; d++) {
    const day = new Date(Date.parse(date) + d * 86_400_000).toISOString().slice(0, 10);
    const res = await request.get(`/api/bookings/availability/${eventType._id}?date=${day}&timezone=${ZONE}`);
    slot = ((await res.json()).data as { iso: string }[])[0]?.iso;
  }
  const booked = await request.post("/api/bookings", {
    data: {
      eventTypeId: eventType._id,
      attendee: { name: longName, email: longEmail, phone: "4155550134", timezone: ZONE },
      startTime: slot,
      // 5,000 characters: clamped with 'Show more' where they are shown.
      message: `${"x".repeat(300)} ${"A long note about the agenda. ".repeat(157)}`.slice(0, 5000),
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { uid, manageToken } = (await booked.json()).data;

  const context = await browser.newContext({ timezoneId: ZONE, viewport: { width: 390, height: 844 } });
  await context.addInitScript(
    (token) => localStorage.setItem("auth_token", token),
    headers.Authorization.slice(7),
  );
  const page = await context.newPage();
  const pages = [
    { url: `/booking-confirmed?uid=${uid}&token=${manageToken}`, ready: page.getByText(longEmail) },
    { url: "/meetings", ready: page.getByRole("article").first() },
    { url: "/dashboard", ready: page.getByText(longName).first() },
  ];
  for (const { url, ready } of pages) {
    await page.goto(url);
    await expect(ready).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${url} is ${width} px wide`).toBeLessThanOrEqual(390);
  }

  // The note is clamped: the confirmation's actions stay near, one meeting is not a page tall.
  await page.goto(`/booking-confirmed?uid=${uid}&token=${manageToken}`);
  const more = page.getByRole("button", { name: "Show more" });
  await expect(more).toBeVisible();
  const actionsTop = async () =>
    (await page.getByRole("button", { name: "Cancel" }).first().boundingBox())?.y ?? Number.POSITIVE_INFINITY;
  expect(await actionsTop()).toBeLessThan(2 * 844);
  await more.click();
  await expect(page.getByRole("button", { name: "Show less" })).toBeVisible();
  expect(await actionsTop()).toBeGreaterThan(2 * 844);
  await page.goto("/meetings");
  const item = page.getByRole("article").first();
  await expect(item.getByRole("button", { name: "Show more" })).toBeVisible();
  expect((await item.boundingBox())?.height ?? 0).toBeLessThan(844);

  // On a phone the times sit below the month: tapping a day scrolls them into view.
  await page.goto(`/book/${eventType.slug}`);
  const days = page.getByRole("button", { name: /, times available$/ });
  await expect(days.first()).toBeVisible();
  const firstTime = page.getByRole("list", { name: "Available times" }).getByRole("button").first();
  await expect(firstTime).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await days.nth(1).click();
  // The day's times move up to the top of the screen, the month above them scrolled away.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  await expect(firstTime).toBeInViewport();
  await context.close();
});

test("a slot taken while the invitee types is explained, not logged as an error", async ({
  browser,
  request,
}) => {
  // `slug` is the host's own link, {username}/{slug}.
  const { headers, slug } = await hostWithEventType(request);
  const eventType = (await (await request.get("/api/event-types", { headers })).json()).data[0];
  const context = await browser.newContext({ timezoneId: ZONE, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) errors.push(m.text());
  });
  await page.goto(`/${slug}`);
  const day = page.getByRole("button", { name: /, times available$/ }).first();
  const date = await day.getAttribute("data-date");
  await day.click();
  await times(page).first().click();
  await page.getByRole("button", { name: "Next", exact: true }).click();

  // Someone else books the same time first.
  const res = await request.get(`/api/bookings/availability/${eventType._id}?date=${date}&timezone=${ZONE}`);
  const [first] = (await res.json()).data as { iso: string }[];
  const taken = await request.post("/api/bookings", {
    data: {
      eventTypeId: eventType._id,
      attendee: { name: "Someone Else", email: uniqueEmail("first"), phone: "4155550199", timezone: ZONE },
      startTime: first.iso,
    },
  });
  expect(taken.status(), await taken.text()).toBe(201);

  await fillDetails(page, { name: "Rohan Das" });
  await page.getByRole("button", { name: "Schedule Event" }).click();
  await expect(page.getByText("This time is no longer available").first()).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});
