import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { fillDetails, pickTime } from "./booking.page";
import { uniqueEmail } from "./support";

/** The host's drawer edits the whole list of locations; the invitee picks one of them. */

async function host(request: APIRequestContext, browser: Browser) {
  const register = await request.post("/api/auth/register", {
    data: {
      name: "Ines Duarte",
      email: uniqueEmail("loc"),
      password: "calendar-42",
      timezone: "Asia/Kolkata",
    },
  });
  expect(register.ok(), await register.text()).toBeTruthy();
  const token = (await register.json()).token as string;
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    timezoneId: "Asia/Kolkata",
  });
  await context.addInitScript((t) => localStorage.setItem("auth_token", t), token);
  return { headers: { Authorization: `Bearer ${token}` }, page: await context.newPage(), context };
}

async function openEditDrawer(page: Page, title: string) {
  await page.goto("/event-types");
  await page.getByRole("button", { name: `Actions for ${title}` }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const drawer = page.getByRole("dialog", { name: "Edit Event Type" });
  await expect(drawer.getByRole("list", { name: "Locations" })).toBeVisible();
  return drawer;
}

test("a host adds a second location, saves, sees both again; the invitee books the second one", async ({
  browser,
  request,
}) => {
  // Two browsers (host and invitee) and a booking: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const { headers, page, context } = await host(request, browser);
  const created = await request.post("/api/event-types", {
    headers,
    data: {
      title: "Site Visit",
      type: "one-on-one",
      duration: 30,
      locations: [{ type: "phone", value: "+91 98765 43210" }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const et = (await created.json()).data;

  let drawer = await openEditDrawer(page, "Site Visit");
  const rows = drawer.getByRole("list", { name: "Locations" }).getByRole("listitem");
  await expect(rows).toHaveCount(1);
  await drawer.getByRole("button", { name: "Add a location" }).click();
  await expect(rows).toHaveCount(2);
  // The new row's type has the focus; Phone call is taken, so it is not offered twice.
  const type2 = drawer.getByLabel("Location 2 type");
  await expect(type2).toBeFocused();
  await expect(type2.locator("option", { hasText: "Phone call" })).toBeDisabled();
  await type2.selectOption({ label: "In-person meeting" });
  await drawer.getByRole("textbox", { name: "Address" }).fill("Studio 4, 221B Baker Street");
  await drawer.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText('"Site Visit" saved')).toBeVisible();

  const saved = (await (await request.get(`/api/event-types/${et._id}`, { headers })).json()).data;
  expect(saved.locations.map((l: { type: string; value: string }) => [l.type, l.value])).toEqual([
    ["phone", "+91 98765 43210"],
    ["in_person", "Studio 4, 221B Baker Street"],
  ]);

  drawer = await openEditDrawer(page, "Site Visit");
  await expect(rows).toHaveCount(2);
  await expect(drawer.getByLabel("Location 1 type")).toHaveValue("phone");
  await expect(drawer.getByRole("textbox", { name: "Phone number" })).toHaveValue("+91 98765 43210");
  await expect(drawer.getByLabel("Location 2 type")).toHaveValue("in_person");
  await expect(drawer.getByRole("textbox", { name: "Address" })).toHaveValue("Studio 4, 221B Baker Street");
  // Reordering moves the row and keeps the focus on it; Cancel keeps the saved order.
  await drawer.getByRole("button", { name: "Move location 2 up" }).click();
  await expect(drawer.getByLabel("Location 1 type")).toHaveValue("in_person");
  await expect(drawer.getByRole("button", { name: "Move location 1 down" })).toBeFocused();
  await drawer.getByRole("button", { name: "Cancel" }).click();

  const invitee = await browser.newContext({
    timezoneId: "Asia/Kolkata",
    viewport: { width: 390, height: 844 },
  });
  const booking = await invitee.newPage();
  await booking.goto(`/${et.user.username}/${et.slug}`);
  await pickTime(booking);
  await fillDetails(booking, { name: "Rohan Das" });
  await expect(booking.getByRole("radio", { name: /Phone call/ })).toBeChecked();
  await booking.getByRole("radio", { name: /In-person meeting/ }).check();
  await booking.getByRole("button", { name: "Schedule Event" }).click();
  await expect(booking.getByRole("heading", { name: "You're scheduled!" })).toBeVisible();
  await expect(booking.getByText("Studio 4, 221B Baker Street")).toBeVisible();
  await invitee.close();

  const meetings = (await (await request.get("/api/bookings?status=upcoming", { headers })).json()).data;
  const list = Array.isArray(meetings) ? meetings : meetings.bookings;
  expect(list[0].location).toMatchObject({ type: "in_person", value: "Studio 4, 221B Baker Street" });
  await context.close();
});

test("choosing Zoom without its link warns beside the location until a link is typed", async ({
  browser,
  request,
}) => {
  const { headers, page, context } = await host(request, browser);
  const created = await request.post("/api/event-types", {
    headers,
    data: { title: "Office Hours", type: "one-on-one", duration: 30, locations: [{ type: "phone" }] },
  });
  expect(created.status(), await created.text()).toBe(201);

  const drawer = await openEditDrawer(page, "Office Hours");
  const warning = drawer.getByRole("status").filter({ hasText: "Your host will send the link" });
  await expect(warning).toHaveCount(0);
  await drawer.getByLabel("Location 1 type").selectOption({ label: "Zoom" });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText("Add your Zoom link, or choose another location.");
  const link = drawer.getByRole("textbox", { name: "Zoom link" });
  await expect(link).toHaveAttribute("aria-describedby", /warning/);

  // Something that is not a link is refused with the server's words, inline.
  await link.fill("zoom meeting");
  await expect(warning).toHaveCount(0);
  await drawer.getByRole("button", { name: "Save Changes" }).click();
  await expect(drawer.getByText("Paste the full Zoom link, starting with https://")).toBeVisible();
  await link.fill("https://zoom.us/j/1234567890");
  await expect(warning).toHaveCount(0);

  // Google Meet with no Google account connected: no invitee could book it (the server refuses with
  // GOOGLE_NOT_CONNECTED); the warning says so, with the way to connect one.
  await drawer.getByLabel("Location 1 type").selectOption({ label: "Google Meet" });
  const meetWarning = drawer.getByRole("status").filter({ hasText: "Invitees cannot book this" });
  await expect(meetWarning).toContainText("connect a Google account");
  await expect(meetWarning.getByRole("link", { name: "connect a Google account" })).toHaveAttribute(
    "href",
    "/availability?tab=calendar-settings",
  );
  await context.close();
});
