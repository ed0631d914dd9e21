import { expect, test } from "@playwright/test";
import { bookAsInvitee } from "./booking.page";
import { EventTypesScreen, expectAccessible, signedInHost } from "./event-types.page";
import { uniqueEmail, waitForMail } from "./support";

/** Screenshots for a person to look at, only when asked for (E2E_SHOTS_DIR): CI writes none. */
const shoot = async (page: import("@playwright/test").Page, name: string) => {
  if (process.env.E2E_SHOTS_DIR) await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/${name}.png` });
};

/**
 * Issue 28 item 1: a host turns on "Requires confirmation"; the invitee's booking is a request
 * ("Pending host approval"); the host confirms it from Meetings and the invitee's mail says so.
 */
test("requires confirmation: the invitee's request is pending until the host confirms it from Meetings", async ({
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  const host = await signedInHost(request, browser, "Cora Confirm");
  const title = `Consultation ${Date.now().toString(36)}`;
  const created = await request.post("/api/event-types", {
    headers: host.headers,
    data: {
      title,
      duration: 30,
      bookingSettings: { leadHours: 0, noticeUnit: "minutes", daysAhead: 60, unit: "days", mode: "rolling" },
    },
  });
  expect(created.ok()).toBeTruthy();
  const { _id, slug } = (await created.json()).data as { _id: string; slug: string };

  // The host turns the setting on in the editor; it goes with the one Save Changes.
  const { page } = host;
  const screen = new EventTypesScreen(page);
  await screen.goto();
  const editor = await screen.openEditor(title);
  const toggle = editor.getByRole("switch", { name: "Requires confirmation" });
  await toggle.scrollIntoViewIfNeeded();
  await toggle.click();
  await expect(
    editor.getByText("Bookings are requests: the time is held until you confirm or decline"),
  ).toBeVisible();
  await expect(editor.getByLabel("Requests expire after")).toHaveValue("24");
  await expectAccessible(page);
  await shoot(page, "approval-editor");
  await editor.getByRole("button", { name: "Save Changes" }).click();
  await expect(editor).toBeHidden();
  const saved = await request.get(`/api/event-types/${_id}`, { headers: host.headers });
  expect((await saved.json()).data.confirmation).toEqual({
    required: true,
    noticeHours: null,
    expiryHours: 24,
  });

  // The invitee books: a request, pending the host's approval.
  const email = uniqueEmail("requester");
  const invitee = await (await browser.newContext({ timezoneId: "Asia/Kolkata" })).newPage();
  await invitee.goto(`/book/${slug}`);
  // The button says what it does: the host answers a request (the spec's text stays for other types).
  await bookAsInvitee(invitee, { name: "Rhea Request", email }, "Request booking");
  await expect(invitee.getByRole("heading", { name: "Pending host approval" })).toBeVisible();
  await expect(invitee.getByRole("heading", { name: "You're scheduled!" })).toHaveCount(0);
  await expectAccessible(invitee);
  await shoot(invitee, "approval-pending-invitee");
  const received = await waitForMail(email, /^Request received: /);
  expect(received.text).toContain("Pending host approval");

  // The host confirms it from Meetings' Pending filter.
  await page.goto("/meetings");
  await page.getByRole("combobox", { name: "Status" }).selectOption("pending");
  const item = page.getByRole("article", { name: `${title} with Rhea Request` });
  await expect(item.getByTestId("booking-status")).toHaveText("Pending");
  await expectAccessible(page);
  await shoot(page, "approval-meetings-pending");
  await item.getByRole("button", { name: `Confirm ${title} with Rhea Request` }).click();
  await expect(page.getByText("Confirmed: Rhea Request is emailed")).toBeVisible();
  await page.getByRole("combobox", { name: "Status" }).selectOption("confirmed");
  await expect(item.getByTestId("booking-status")).toHaveText("Confirmed");

  // The invitee's mail says it is confirmed, and their page too.
  const confirmed = await waitForMail(email, /^Confirmed: /);
  expect(confirmed.text).toContain("is scheduled");
  await invitee.reload();
  await expect(invitee.getByRole("heading", { name: "You're scheduled!" })).toBeVisible();

  // A second request, declined from the host's mail: its link's page asks first, then the link is spent.
  const second = uniqueEmail("declined");
  const other = await (await browser.newContext({ timezoneId: "Asia/Kolkata" })).newPage();
  await other.goto(`/book/${slug}`);
  await bookAsInvitee(other, { name: "Dev Declined", email: second }, "Request booking");
  await expect(other.getByRole("heading", { name: "Pending host approval" })).toBeVisible();
  const profile = await request.get("/api/users/profile", { headers: host.headers });
  const hostEmail = (await profile.json()).data.user.email as string;
  const asked = await waitForMail(hostEmail, /^Booking request: .* with Dev Declined/);
  const link = /https?:\/\/[^\s]+\/meetings\/request\?[^\s]+action=decline/.exec(asked.text)?.[0];
  expect(link, asked.text).toBeTruthy();
  const linkPage = await (await browser.newContext()).newPage();
  await linkPage.goto(new URL(link as string).pathname + new URL(link as string).search);
  await expect(linkPage.getByRole("heading", { name: "Decline this request?" })).toBeVisible();
  await expect(linkPage.getByText("Dev Declined")).toBeVisible();
  await expectAccessible(linkPage);
  await shoot(linkPage, "approval-request-link");
  await linkPage.getByLabel("Reason (optional)").fill("I am away that week");
  await linkPage.getByRole("button", { name: "Decline request" }).click();
  await expect(linkPage.getByText("This request was declined: the invitee has been emailed.")).toBeVisible();
  const declined = await waitForMail(second, /^Declined: /);
  expect(declined.text).toContain("I am away that week");
  await other.reload();
  await expect(other.getByRole("heading", { name: "Request declined" })).toBeVisible();
  if (process.env.E2E_SHOTS_DIR)
    await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/approval-meetings.png` });
});

test("limits: the host sets bookings per day in the editor's Limits section; a full day offers no times", async ({
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const host = await signedInHost(request, browser, "Lina Limits");
  const title = `Office hours ${Date.now().toString(36)}`;
  const created = await request.post("/api/event-types", {
    headers: host.headers,
    data: {
      title,
      duration: 30,
      bookingSettings: { leadHours: 0, noticeUnit: "minutes", daysAhead: 60, unit: "days", mode: "rolling" },
    },
  });
  const { _id, slug } = (await created.json()).data as { _id: string; slug: string };

  const screen = new EventTypesScreen(host.page);
  await screen.goto();
  const editor = await screen.openEditor(title);
  const perDay = editor.getByLabel("Bookings per day");
  await perDay.scrollIntoViewIfNeeded();
  // Bad input is refused in place and nothing is saved.
  await perDay.fill("0");
  await editor.getByRole("button", { name: "Save Changes" }).click();
  await expect(editor.getByText("At least 1")).toBeVisible();
  await perDay.fill("1");
  await expectAccessible(host.page);
  await shoot(host.page, "limits-editor");
  await editor.getByRole("button", { name: "Save Changes" }).click();
  await expect(editor).toBeHidden();
  const saved = await request.get(`/api/event-types/${_id}`, { headers: host.headers });
  expect((await saved.json()).data.bookingLimits).toMatchObject({ perDay: 1 });

  // The invitee books a time; that day then offers nothing more.
  const invitee = await (await browser.newContext({ timezoneId: "Asia/Kolkata" })).newPage();
  await invitee.goto(`/book/${slug}`);
  await bookAsInvitee(invitee, { name: "Omar Once" });
  await expect(invitee.getByRole("heading", { name: "You're scheduled!" })).toBeVisible();
  const list = await request.get("/api/bookings?limit=5", { headers: host.headers });
  const [booking] = (await list.json()).data as { startTime: string }[];
  const day = new Date(booking.startTime).toLocaleDateString("en-CA", { timeZone: "Asia/Kolkata" });
  const slots = await request.get(`/api/bookings/availability/${_id}?date=${day}&timezone=Asia/Kolkata`);
  expect((await slots.json()).data).toEqual([]);
});
