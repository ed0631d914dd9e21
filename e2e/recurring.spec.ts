import { expect, test } from "@playwright/test";
import { expectScheduled, fillDetails, pickTime } from "./booking.page";
import { signedInHost } from "./event-types.page";
import { axeOn, uniqueEmail } from "./support";

// Issue 28 item 3: an invitee books a weekly series, sees its dates before and after confirming, and
// a date someone else holds is marked and skipped.
test("an invitee books a weekly series; a taken date is marked and skipped; the confirmation lists the dates", async ({
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const zone = "America/New_York";
  const host = await signedInHost(request, browser, "Rhea Recurring", undefined, zone);
  const created = await request.post("/api/event-types", {
    headers: host.headers,
    data: {
      title: "Weekly coaching",
      duration: 30,
      recurrence: { frequency: "weekly", maxOccurrences: 4 },
      bookingSettings: { leadHours: 0, noticeUnit: "minutes", daysAhead: 60, unit: "days", mode: "rolling" },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { slug, _id } = (await created.json()).data as { slug: string; _id: string };

  const page = await (await browser.newContext({ timezoneId: zone })).newPage();
  await page.goto(`/book/${slug}`);
  await pickTime(page);
  await expect(page.getByRole("heading", { name: "Every week for 4 occurrences" })).toBeVisible();
  const dates = page.getByRole("list", { name: "Dates" }).getByRole("listitem");
  await expect(dates).toHaveCount(4);

  // Someone books the second date meanwhile (the preview gives its instant); asking for 3 lists it taken.
  const start = new URL(page.url()).searchParams.get("time") ?? "";
  const preview = await request.post("/api/bookings/series/preview", {
    data: { eventTypeId: _id, startTime: start, occurrences: 3, timezone: zone },
  });
  const second = (await preview.json()).data.occurrences[1].startTime as string;
  const other = await request.post("/api/bookings", {
    data: {
      eventTypeId: _id,
      startTime: second,
      attendee: { name: "Quick Other", email: uniqueEmail("other"), phone: "+14155550134", timezone: zone },
    },
  });
  expect(other.status(), await other.text()).toBe(201);
  await page.getByRole("combobox", { name: "Occurrences" }).selectOption("3");
  await expect(page.getByRole("heading", { name: "Every week for 3 occurrences" })).toBeVisible();
  await expect(dates.filter({ hasText: "Already booked" })).toHaveCount(1);
  await expect(page.getByText("1 date is not available and will be skipped.")).toBeVisible();

  await fillDetails(page, { name: "Sana Series" });
  await page.getByRole("button", { name: "Schedule Event" }).click();
  await expectScheduled(page);
  await expect(page.getByRole("heading", { name: "Every week for 3 occurrences" })).toBeVisible();
  await expect(page.getByText("Occurrence 1 of 3")).toBeVisible();
  await expect(page.getByRole("list", { name: "Dates of the series" }).getByRole("listitem")).toHaveCount(2);
  await page.context().close();
});

// Issue 28 item 3: from the manage page of a series' 2nd occurrence, the invitee moves it and the
// following ones to a new time; the 1st stays. The confirm step, on a phone too, passes axe.
test("an invitee reschedules 'this and following' occurrences from the manage page", async ({
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const zone = "America/New_York";
  const host = await signedInHost(request, browser, "Remy Recurring", undefined, zone);
  const created = await request.post("/api/event-types", {
    headers: host.headers,
    data: {
      title: "Weekly lessons",
      duration: 30,
      recurrence: { frequency: "weekly", maxOccurrences: 4 },
      bookingSettings: { leadHours: 0, noticeUnit: "minutes", daysAhead: 60, unit: "days", mode: "rolling" },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { slug, _id } = (await created.json()).data as { slug: string; _id: string };

  // The series is booked from the page's first bookable time, three weeks.
  const context = await browser.newContext({ timezoneId: zone });
  const page = await context.newPage();
  await page.goto(`/book/${slug}`);
  await pickTime(page);
  const start = new URL(page.url()).searchParams.get("time") ?? "";
  const made = await request.post("/api/bookings/series", {
    data: {
      eventTypeId: _id,
      startTime: start,
      occurrences: 3,
      attendee: { name: "Milo Mover", email: uniqueEmail("milo"), phone: "+14155550134", timezone: zone },
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { uid, manageToken } = (await made.json()).data.booking as { uid: string; manageToken: string };
  const series = async (of: string) =>
    (await (await request.get(`/api/bookings/public/${of}?token=${manageToken}`)).json()).data.series as {
      count: number;
      occurrences: { uid: string; startTime: string; status: string }[];
    };
  const [first, second, third] = (await series(uid)).occurrences;

  // The 2nd occurrence's manage page, Reschedule, a new time.
  await page.goto(`/booking-confirmed?uid=${second.uid}&token=${manageToken}`);
  await page.getByRole("link", { name: "Reschedule" }).click();
  await pickTime(page);
  const moveTo = new URL(page.url()).searchParams.get("time") ?? "";
  await expect(page.getByRole("heading", { name: "Confirm New Time" })).toBeVisible();
  await expect(page.getByText("Occurrence 2 of 3")).toBeVisible();
  await page.getByRole("radio", { name: "This and following occurrences" }).check();
  await expect(page.getByText("The later occurrences move with it")).toBeVisible();
  const axe = await axeOn(page).analyze();
  expect(axe.violations.filter((v) => v.impact === "critical" || v.impact === "serious")).toEqual([]);

  // The same step on a phone: the choice fits and reads the same.
  const phone = await (
    await browser.newContext({ timezoneId: zone, viewport: { width: 390, height: 844 } })
  ).newPage();
  await phone.goto(page.url());
  await expect(phone.getByRole("radio", { name: "This and following occurrences" })).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const phoneAxe = await axeOn(phone).analyze();
  expect(phoneAxe.violations.filter((v) => v.impact === "critical" || v.impact === "serious")).toEqual([]);
  await phone.context().close();

  await page.getByRole("button", { name: "Reschedule Event" }).click();
  await expectScheduled(page);

  // The 1st stays; the 2nd and 3rd are a series of their own from the new time, a week apart.
  const before = await series(uid);
  expect(before.count).toBe(1);
  expect(before.occurrences.map((o) => o.startTime)).toEqual([first.startTime]);
  const after = await series(second.uid);
  expect(after.count).toBe(2);
  expect(after.occurrences.map((o) => [o.uid, o.status])).toEqual([
    [second.uid, "confirmed"],
    [third.uid, "confirmed"],
  ]);
  expect(after.occurrences[0].startTime).toBe(new Date(moveTo).toISOString());
  expect(Date.parse(after.occurrences[1].startTime) - Date.parse(after.occurrences[0].startTime)).toBe(
    7 * 24 * 3_600_000,
  );
  await context.close();
});
