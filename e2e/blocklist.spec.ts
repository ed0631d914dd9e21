import { expect, test } from "@playwright/test";
import { bookAsInvitee } from "./booking.page";
import { expectAccessible, signedInHost } from "./event-types.page";
import { uniqueEmail } from "./support";

test("a host blocks a booker and a disposable domain; the invitee is refused neutrally and the host sees the attempt", async ({
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const host = await signedInHost(request, browser, "Bea Blocker");
  const created = await request.post("/api/event-types", {
    headers: host.headers,
    data: {
      title: "Guarded call",
      duration: 30,
      bookingSettings: { leadHours: 0, noticeUnit: "minutes", daysAhead: 60, unit: "days", mode: "rolling" },
    },
  });
  expect(created.ok()).toBeTruthy();
  const { slug } = (await created.json()).data as { slug: string };
  const blocked = uniqueEmail("pest");

  const { page } = host;
  await page.goto("/settings#blocked-bookers");
  const section = page.getByRole("region", { name: "Blocked bookers" });
  await expect(section.getByText("Nobody is blocked")).toBeVisible();
  // Bad input is refused inline and nothing is added.
  await section.getByLabel("E-mail address or domain").fill("not an address");
  await section.getByRole("button", { name: "Block" }).click();
  await expect(section.getByText(/Enter an e-mail address \(name@example.com\) or a domain/)).toBeVisible();
  await section.getByLabel("E-mail address or domain").fill(blocked.toUpperCase());
  await section.getByRole("button", { name: "Block" }).click();
  await expect(section.getByRole("list", { name: "Blocked" }).getByText(blocked)).toBeVisible();
  await section.getByRole("switch", { name: "Block disposable e-mail addresses" }).click();
  await expect(section.getByRole("switch", { name: "Block disposable e-mail addresses" })).toBeChecked();
  await expectAccessible(page);

  // The invitee with the blocked address is told only that it could not be completed.
  const invitee = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await invitee.goto(`/book/${slug}`);
  await bookAsInvitee(invitee, { name: "Pat Pest", email: blocked });
  await expect(
    invitee.getByText("This booking could not be completed. Please contact the host."),
  ).toBeVisible();
  await expect(invitee.getByRole("heading", { name: "You're scheduled!" })).toHaveCount(0);

  // The host sees the refused attempt; nothing was booked.
  await page.reload();
  const attempts = page.getByRole("list", { name: "Refused attempts" });
  await expect(attempts.getByText(blocked, { exact: true })).toBeVisible();
  await expect(attempts.getByText(/^Guarded call · .* · blocked address$/)).toBeVisible();
  if (process.env.E2E_SHOTS_DIR) {
    await attempts.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/blocklist-settings.png`, fullPage: false });
    await invitee.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/blocklist-refused-phone.png` });
  }
  const meetings = await request.get("/api/bookings?limit=10", { headers: host.headers });
  expect((await meetings.json()).pagination.total).toBe(0);
});
