import { expect, test } from "@playwright/test";
import { expectScheduled, fillDetails, pickTime } from "./booking.page";
import { signedInHost } from "./event-types.page";
import { uniqueEmail } from "./support";

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
