import { expect, test } from "@playwright/test";
import { expectScheduled, fillDetails } from "./booking.page";
import { EventTypesScreen, expectAccessible, signedInHost } from "./event-types.page";
import { shoot, uniqueEmail } from "./support";

// Issue 28 item 2: invitees take the seats of one group slot, see how many are left, and a full slot
// is no longer offered; the host sees one meeting with its attendees and cancels a seat, then all.
test("two invitees take the last seats of a group slot, each told how many are left; then it is gone", async ({
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const host = await signedInHost(request, browser, "Gus Group");
  const created = await request.post("/api/event-types", {
    headers: host.headers,
    data: {
      title: "Small workshop",
      duration: 60,
      type: "group",
      maxInvitees: 2,
      bookingSettings: { leadHours: 0, noticeUnit: "minutes", daysAhead: 60, unit: "days", mode: "rolling" },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { slug } = (await created.json()).data as { slug: string };

  // The host shows attendees to each other (off by default): the second invitee sees the first's name.
  const screen = new EventTypesScreen(host.page);
  await screen.goto();
  const editor = await screen.openEditor("Small workshop");
  const toggle = editor.getByRole("switch", { name: "Show attendees to each other" });
  await toggle.scrollIntoViewIfNeeded();
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await editor.getByRole("button", { name: "Save Changes" }).click();
  await expect(editor).toBeHidden();

  let taken = "";
  for (const [who, left] of [
    ["Sia Seatone", "2 seats left"],
    ["Tom Seattwo", "1 seat left"],
  ] as const) {
    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await page.goto(`/book/${slug}`);
    await page
      .getByRole("button", { name: /, times available$/ })
      .first()
      .click();
    const times = page.getByRole("list", { name: "Available times" }).getByRole("button");
    const time = taken ? times.filter({ hasText: taken }) : times.nth(1);
    await expect(time).toContainText(left);
    if (!taken) taken = ((await time.textContent()) ?? "").replace(left, "").trim();
    if (left === "1 seat left") {
      await shoot(page, "seats-left-phone");
      await expectAccessible(page);
    }
    await time.click();
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await fillDetails(page, { name: who, email: uniqueEmail("seat") });
    await page.getByRole("button", { name: "Schedule Event" }).click();
    await expectScheduled(page);
    if (left === "1 seat left") await expect(page.getByTestId("other-attendees")).toHaveText("Sia Seatone");
    await page.context().close();
  }

  // The slot is full: a third invitee no longer sees it.
  const third = await (await browser.newContext()).newPage();
  await third.goto(`/book/${slug}`);
  await third
    .getByRole("button", { name: /, times available$/ })
    .first()
    .click();
  const times = third.getByRole("list", { name: "Available times" }).getByRole("button");
  await expect(times.first()).toBeVisible();
  await expect(times.filter({ hasText: new RegExp(`^${taken}`) })).toHaveCount(0);
  await third.context().close();

  // The host's Meetings list shows one meeting with both attendees; one seat is cancelled alone.
  const { page } = host;
  await page.goto("/meetings");
  const meeting = page.getByRole("article", { name: "Small workshop with 2 of 2 seats" });
  await expect(meeting.getByRole("list", { name: "Attendees" })).toContainText("Sia Seatone");
  await expect(meeting.getByRole("list", { name: "Attendees" })).toContainText("Tom Seattwo");
  await shoot(page, "seats-meeting-desktop");
  await expectAccessible(page);
  await meeting.getByRole("button", { name: "Cancel the seat of Tom Seattwo" }).click();
  const seatDialog = page.getByRole("dialog", { name: "Cancel seat" });
  await seatDialog.getByRole("radio", { name: "Scheduling conflict" }).check();
  await seatDialog.getByRole("button", { name: "Cancel seat" }).click();
  await expect(page.getByText("Tom Seattwo's seat cancelled")).toBeVisible();
  const left = page.getByRole("article", { name: "Small workshop with 1 of 2 seats" });
  await expect(left.getByText("Cancelled", { exact: true })).toBeVisible();

  // At phone size the host cancels the whole meeting from its menu.
  await page.setViewportSize({ width: 390, height: 844 });
  await left.getByRole("button", { name: /^Actions for/ }).click();
  await page.getByRole("menuitem", { name: "Cancel meeting" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel meeting" });
  await dialog.getByRole("radio", { name: "Meeting no longer needed" }).check();
  await shoot(page, "seats-cancel-meeting-phone");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Cancel meeting" }).click();
  await expect(page.getByText("Meeting cancelled; every attendee is emailed")).toBeVisible();
  await expect(page.getByRole("article", { name: "Small workshop with 0 of 2 seats" })).toBeVisible();
});
