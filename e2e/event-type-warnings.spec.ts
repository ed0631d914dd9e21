import { type APIRequestContext, type Browser, expect, test } from "@playwright/test";
import { uniqueEmail } from "./support";

/** What keeps a host from publishing a type that cannot deliver: no bookable hours, a link that never comes. */

const DAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

async function host(request: APIRequestContext, browser: Browser) {
  const register = await request.post("/api/auth/register", {
    data: {
      name: "Farah Qureshi",
      email: uniqueEmail("warn"),
      password: "calendar-42",
      timezone: "Asia/Kolkata",
    },
  });
  expect(register.ok(), await register.text()).toBeTruthy();
  const token = (await register.json()).token as string;
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    timezoneId: "Asia/Kolkata",
  });
  await context.addInitScript((t) => localStorage.setItem("auth_token", t), token);
  return { headers: { Authorization: `Bearer ${token}` }, page: await context.newPage(), context };
}

test("a type with no bookable hours is flagged on its card and in its drawer; one with hours is not", async ({
  browser,
  request,
}) => {
  const { headers, page, context } = await host(request, browser);
  const closed = await request.post("/api/availability", {
    headers,
    data: { name: "Closed", schedule: DAYS.map((day) => ({ day, isAvailable: false, timeSlots: [] })) },
  });
  expect(closed.status(), await closed.text()).toBe(201);
  const closedId = (await closed.json()).data._id;
  for (const [title, extra] of [
    ["Open Hours", {}],
    ["Closed Hours", { availabilityScheduleId: closedId }],
  ] as const) {
    const res = await request.post("/api/event-types", {
      headers,
      data: { title, type: "one-on-one", duration: 30, locations: [{ type: "phone" }], ...extra },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  await page.goto("/event-types");
  const card = (title: string) =>
    page.getByRole("list", { name: "Event types" }).getByRole("listitem").filter({ hasText: title });
  await expect(card("Closed Hours").getByText("No bookable times.")).toBeVisible();
  await expect(card("Open Hours")).toBeVisible();
  await expect(card("Open Hours").getByText("No bookable times.")).toHaveCount(0);

  await page.getByRole("button", { name: "Actions for Closed Hours" }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  await expect(
    page.getByRole("dialog", { name: "Edit Event Type" }).getByText("No bookable times."),
  ).toBeVisible();
  await context.close();
});

test("saving a video location without its link warns; samples start with a phone call", async ({
  browser,
  request,
}) => {
  const { headers, page, context } = await host(request, browser);

  await page.goto("/dashboard");
  const samples = page.getByRole("list", { name: "Sample event types" });
  await expect(samples.getByText("Phone call").first()).toBeVisible();
  await page.getByRole("button", { name: "Turn on 30 Minute Meeting" }).click();
  await expect(page.getByText('"30 Minute Meeting" is on.')).toBeVisible();
  const list = (await (await request.get("/api/event-types", { headers })).json()).data;
  expect(list[0].locations.map((l: { type: string }) => l.type)).toEqual(["phone"]);
  await expect(page.getByText("no meeting link will reach invitees")).toHaveCount(0);

  // Zoom is the spec's default location for a new type; without its link the host is told at once.
  await page.goto("/event-types");
  await page.getByRole("button", { name: "Create Event Type" }).first().click();
  await page
    .getByRole("dialog", { name: "Create" })
    .getByRole("button", { name: /One-on-one/ })
    .click();
  const drawer = page.getByRole("dialog", { name: /New One-on-One event type/ });
  await drawer.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page.getByText("Zoom: no meeting link will reach invitees")).toBeVisible();
  await context.close();
});

test("deleting a type with upcoming meetings says how many and what happens to them", async ({
  browser,
  request,
}) => {
  const { headers, page, context } = await host(request, browser);
  const created = await request.post("/api/event-types", {
    headers,
    data: { title: "Mentoring", type: "one-on-one", duration: 30, locations: [{ type: "phone" }] },
  });
  const et = (await created.json()).data;
  let booked = 0;
  for (let d = 1; d < 10 && booked < 2; d++) {
    const date = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    const res = await request.get(`/api/bookings/availability/${et._id}?date=${date}&timezone=Asia/Kolkata`);
    const [slot] = (await res.json()).data as { iso: string }[];
    if (!slot) continue;
    const b = await request.post("/api/bookings", {
      data: {
        eventTypeId: et._id,
        attendee: { name: `Invitee ${d}`, email: uniqueEmail("del"), phone: "919876543210" },
        startTime: slot.iso,
      },
    });
    expect(b.status(), await b.text()).toBe(201);
    booked++;
  }
  expect(booked).toBe(2);

  await page.goto("/event-types");
  await page.getByRole("button", { name: "Actions for Mentoring" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete Event Type" });
  await expect(confirm.getByText("2 upcoming meetings booked with this type.")).toBeVisible();
  await expect(confirm).toContainText("They stay on your calendar and in Meetings");
  await context.close();
});
