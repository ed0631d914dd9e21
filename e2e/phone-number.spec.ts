import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { expectScheduled, fillDetails, pickTime } from "./booking.page";
import { uniqueEmail } from "./support";

const SHOTS = process.env.PHONE_SCREENSHOTS;

/**
 * Issue 14, item 8: the invitee's phone takes international numbers. The country defaults from the
 * invitee's zone, the number is stored as E.164 and hosts read it formatted; per event type the host
 * makes it required (default), optional or hidden, and a phone-call location always asks for it.
 */

async function signUpHost(request: APIRequestContext) {
  const register = await request.post("/api/auth/register", {
    data: { name: "Ines Keller", email: uniqueEmail("phone-host"), password: "calendar-42", timezone: "UTC" },
  });
  expect(register.ok(), await register.text()).toBeTruthy();
  const { token } = await register.json();
  return { token, headers: { Authorization: `Bearer ${token}` } };
}

async function eventType(request: APIRequestContext, headers: Record<string, string>, data: object) {
  const res = await request.post("/api/event-types", {
    headers,
    data: {
      type: "one-on-one",
      duration: 30,
      locations: [{ type: "zoom", value: "https://zoom.us/j/1234567890" }],
      ...data,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const et = (await res.json()).data as {
    _id: string;
    slug: string;
    title: string;
    user: { username: string };
  };
  return { ...et, path: `/${et.user.username}/${et.slug}` };
}

async function invitee(browser: Browser, timezoneId: string) {
  const context = await browser.newContext({ timezoneId, viewport: { width: 390, height: 844 } });
  return { context, page: await context.newPage() };
}

/** The first open day and time, then the details form without a phone (each test types its own). */
async function toDetails(page: Page, path: string) {
  await page.goto(path);
  await pickTime(page);
  await expect(page.getByRole("heading", { name: "Enter Details" })).toBeVisible();
  await fillDetails(page, { name: "Lena Vogel", email: uniqueEmail("lena"), phone: null });
}

test("an invitee in Berlin books with a local number; the host reads it formatted in Meetings", async ({
  browser,
  request,
}) => {
  const host = await signUpHost(request);
  const et = await eventType(request, host.headers, { title: `Beratung ${Date.now().toString(36)}` });
  const { context, page } = await invitee(browser, "Europe/Berlin");
  await toDetails(page, et.path);

  // Germany, from the invitee's zone, with its calling code; the select is a labelled combobox.
  const country = page.getByRole("combobox", { name: "Country code" });
  await expect(country).toHaveValue("DE");
  await expect(page.getByText("DE +49")).toBeVisible();
  const phone = page.getByRole("textbox", { name: "Phone", exact: true });

  // A number that is not valid for the chosen country is refused on the page, naming the country.
  await phone.fill("12");
  await page.getByRole("button", { name: "Schedule Event" }).click();
  await expect(page.getByText("Enter a valid phone number for Germany")).toBeVisible();
  await expect(phone).toBeFocused();

  // Typing "+" and a calling code picks the country; the keyboard changes it back.
  await phone.fill("+44 20 7946 0000");
  await expect(country).toHaveValue("GB");
  await country.focus();
  await country.selectOption("DE");
  await expect(country).toHaveValue("DE");

  // The local number, as a German types it.
  await phone.fill("030 1234567");
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/booking-phone-390.png`, fullPage: true });
  await expect(page.getByText("Enter a valid phone number for Germany")).toBeHidden();
  // The field fits a phone's width: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole("button", { name: "Schedule Event" }).click();
  await expectScheduled(page);
  await context.close();

  const list = await request.get("/api/bookings", { headers: host.headers });
  const [booking] = (await list.json()).data;
  expect(booking.attendee.phone).toBe("+49301234567");

  // The host: Meetings shows it in international format and finds it by the digits typed any way.
  const hostContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const hostPage = await hostContext.newPage();
  await hostPage.goto("/");
  await hostPage.evaluate((t) => localStorage.setItem("auth_token", t), host.token);
  await hostPage.goto("/meetings");
  const meeting = hostPage.getByRole("article", { name: /with Lena Vogel$/ });
  // The list can take a while on a loaded machine; the text is what is checked.
  await expect(meeting).toContainText("+49 30 1234567", { timeout: 30_000 });
  if (SHOTS) await hostPage.screenshot({ path: `${SHOTS}/meetings.png` });
  await expect(meeting.getByRole("link", { name: "+49 30 1234567" })).toHaveAttribute(
    "href",
    "tel:+49301234567",
  );
  await hostPage.getByRole("searchbox", { name: "Search meetings" }).fill("030 1234567");
  await expect(hostPage.getByRole("article")).toHaveCount(1);
  await hostContext.close();
});

test("hidden asks for no phone, optional books without one, a phone call always asks", async ({
  browser,
  request,
}) => {
  const host = await signUpHost(request);
  const hidden = await eventType(request, host.headers, { title: "No phone", phoneField: "hidden" });
  const optional = await eventType(request, host.headers, { title: "Maybe phone", phoneField: "optional" });
  const call = await eventType(request, host.headers, {
    title: "Call me",
    phoneField: "hidden",
    locations: [{ type: "phone" }],
  });
  const { context, page } = await invitee(browser, "Europe/Berlin");

  await toDetails(page, hidden.path);
  await expect(page.getByRole("textbox", { name: /Phone/ })).toHaveCount(0);
  await expect(page.getByRole("combobox", { name: "Country code" })).toHaveCount(0);
  await page.getByRole("button", { name: "Schedule Event" }).click();
  await expectScheduled(page);

  await toDetails(page, optional.path);
  await expect(page.getByRole("textbox", { name: "Phone (optional)" })).toHaveAttribute(
    "aria-required",
    "false",
  );
  await page.getByRole("button", { name: "Schedule Event" }).click();
  await expectScheduled(page);

  await toDetails(page, call.path);
  await page.getByRole("button", { name: "Schedule Event" }).click();
  await expect(page.getByText("Phone is required")).toBeVisible();
  await page.getByRole("textbox", { name: "Phone", exact: true }).fill("0151 12345678");
  await page.getByRole("button", { name: "Schedule Event" }).click();
  await expectScheduled(page);
  await context.close();

  const phones = Object.fromEntries(
    (
      (await (await request.get("/api/bookings", { headers: host.headers })).json()).data as {
        eventType: { title: string };
        attendee: { phone: string };
      }[]
    ).map((b) => [b.eventType.title, b.attendee.phone]),
  );
  expect(phones).toEqual({ "No phone": "", "Maybe phone": "", "Call me": "+4915112345678" });
});

test("the host makes the phone optional in the edit drawer; a phone call says it always asks", async ({
  browser,
  request,
}) => {
  const host = await signUpHost(request);
  const et = await eventType(request, host.headers, { title: `Intro ${Date.now().toString(36)}` });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto("/");
  await page.evaluate((t) => localStorage.setItem("auth_token", t), host.token);
  await page.goto("/event-types");
  await page.getByRole("button", { name: `Actions for ${et.title}` }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const drawer = page.getByRole("dialog", { name: "Edit Event Type" });
  const group = drawer.getByRole("group", { name: "Invitee's phone number" });
  await expect(group.getByRole("radio", { name: /Required/ })).toBeChecked();
  await expect(group).not.toContainText("A phone call always asks");
  await group.getByRole("radio", { name: /Optional/ }).check();
  await drawer.getByRole("button", { name: "Save Changes" }).click();
  await expect(drawer).toBeHidden();
  const saved = await request.get(`/api/event-types/${et._id}`, { headers: host.headers });
  expect((await saved.json()).data.phoneField).toBe("optional");

  const call = await eventType(request, host.headers, {
    title: `Call ${Date.now().toString(36)}`,
    locations: [{ type: "phone" }],
  });
  await page.reload();
  await page.getByRole("button", { name: `Actions for ${call.title}` }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  await expect(drawer.getByRole("group", { name: "Invitee's phone number" })).toContainText(
    "A phone call always asks for the invitee's number, whatever you choose here.",
  );
  if (SHOTS)
    await drawer
      .getByRole("group", { name: "Invitee's phone number" })
      .screenshot({ path: `${SHOTS}/drawer.png` });
  await context.close();
});
