import { expect, test } from "@playwright/test";
import { uniqueEmail } from "./support";

/** A new host whose bookings are all still to come sees them on the dashboard, not only zeros. */

test("a new host with only upcoming bookings sees upcoming figures and the next meeting", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const register = await request.post("/api/auth/register", {
    data: {
      name: "Zara Ahmed",
      email: uniqueEmail("upcoming"),
      password: "calendar-42",
      timezone: "Asia/Kolkata",
    },
  });
  expect(register.ok(), await register.text()).toBeTruthy();
  const token = (await register.json()).token as string;
  const headers = { Authorization: `Bearer ${token}` };
  const created = await request.post("/api/event-types", {
    headers,
    data: { title: "Portfolio Review", type: "one-on-one", duration: 30, locations: [{ type: "phone" }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const et = (await created.json()).data;

  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    timezoneId: "Asia/Kolkata",
  });
  await context.addInitScript((t) => localStorage.setItem("auth_token", t), token);
  const page = await context.newPage();

  // Before any booking: the look ahead says so, and the spec's cards are there as before.
  await page.goto("/dashboard");
  const upcoming = page.getByRole("group", { name: "Upcoming" });
  // The first page of a fresh server builds its caches; give it longer on a busy machine.
  await expect(upcoming.getByText("Nothing booked in the next 30 days")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("group", { name: "Total Bookings" })).toBeVisible();

  // Two meetings on the first open days ahead (weekdays, so within the next 7 days).
  const booked: string[] = [];
  for (let d = 1; d < 10 && booked.length < 2; d++) {
    const date = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    const res = await request.get(`/api/bookings/availability/${et._id}?date=${date}&timezone=Asia/Kolkata`);
    const [slot] = (await res.json()).data as { iso: string }[];
    if (!slot) continue;
    const b = await request.post("/api/bookings", {
      data: {
        eventTypeId: et._id,
        attendee: { name: `Invitee ${booked.length + 1}`, email: uniqueEmail("inv"), phone: "919876543210" },
        startTime: slot.iso,
      },
    });
    expect(b.status(), await b.text()).toBe(201);
    booked.push(slot.iso);
  }
  expect(booked).toHaveLength(2);

  await page.reload();
  const FIGURES = ["Next 7 days", "Next 30 days", "Next meeting"];
  // Each figure is a <dt> label and its <dd> value, in this order.
  const within = (label: string) => upcoming.locator("dd").nth(FIGURES.indexOf(label));
  await expect(upcoming.getByText("Next 7 days", { exact: true })).toBeVisible();
  await expect(within("Next 7 days")).toContainText("2 meetings");
  await expect(within("Next 7 days")).toContainText("1 h");
  await expect(within("Next 30 days")).toContainText("2 meetings");
  await expect(within("Next meeting")).toContainText("Portfolio Review");
  await expect(within("Next meeting")).toContainText("Invitee 1");
  // The spec's period cards stay beside it.
  for (const card of ["Total Bookings", "Total Hours", "Unique Attendees", "Active Event Types"])
    await expect(page.getByRole("group", { name: card })).toBeVisible();
  await context.close();
});
