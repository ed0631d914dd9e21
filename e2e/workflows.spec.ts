import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { bookAsInvitee } from "./booking.page";
import { uniqueEmail } from "./support";

const SHOTS = process.env.WORKFLOWS_SCREENSHOTS;

/** A local receiver for the webhook (the server runs with ALLOW_PRIVATE_TARGETS=true). */
async function startReceiver() {
  const got: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      got.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return { got, url: `http://127.0.0.1:${port}/hooks/kairos`, close: () => server.close() };
}

async function rowMenu(page: Page, name: string, item: string) {
  await page.getByRole("button", { name: `Actions for ${name}`, exact: true }).click();
  await page.getByRole("menuitem", { name: item }).click();
}

test("a host creates workflows from templates, a booking runs them, and the host pauses, duplicates and views executions", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const receiver = await startReceiver();
  try {
    const register = await request.post("/api/auth/register", {
      data: {
        name: "Wren Host",
        email: uniqueEmail("workflows"),
        password: "calendar-42",
        timezone: "Asia/Kolkata",
      },
    });
    expect(register.ok()).toBeTruthy();
    const token = (await register.json()).token as string;
    const created = await request.post("/api/event-types", {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        title: "Strategy Call",
        duration: 30,
        // A Meet link the host pasted: no Google account is connected here, so none could be made.
        locations: [{ type: "google_meet", value: "https://meet.google.com/abc-defg-hij" }],
        bookingSettings: {
          leadHours: 0,
          noticeUnit: "minutes",
          daysAhead: 60,
          unit: "days",
          mode: "rolling",
        },
      },
    });
    expect(created.status()).toBe(201);
    const slug = (await created.json()).data.slug as string;
    // Open around the clock, so the first open time is within a day whatever the day and hour of the run
    // (on a Friday evening in India the default weekdays' next time was Monday: the reminder waited).
    const auth = { Authorization: `Bearer ${token}` };
    const [schedule] = (await (await request.get("/api/availability", { headers: auth })).json()).data;
    const allDay = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"].map(
      (day) => ({
        day,
        isAvailable: true,
        timeSlots: [{ startTime: "12:00am", endTime: "12:00am" }],
      }),
    );
    const opened = await request.put(`/api/availability/${schedule._id}`, {
      headers: auth,
      data: { schedule: allDay },
    });
    expect(opened.ok(), await opened.text()).toBeTruthy();

    const host = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await host.addInitScript((t) => localStorage.setItem("auth_token", t), token);
    const page = await host.newPage();
    await page.goto("/workflows");
    await expect(page.getByRole("heading", { name: "No workflows yet" })).toBeVisible();

    // A reminder from its template: 1 day before, to the attendee.
    await page.getByRole("button", { name: "Create Workflow" }).click();
    await page.getByRole("button", { name: /Meeting reminder/ }).click();
    const dialog = page.getByRole("dialog", { name: "Configure workflow" });
    await expect(dialog.getByLabel("Name")).toHaveValue("Meeting reminder");
    await expect(dialog.getByLabel("Time")).toHaveValue("1");
    await expect(dialog.getByLabel("Before the meeting")).toHaveValue("days");
    // The template names the day itself and the clock time alone: true copy in the preview.
    await expect(dialog.getByRole("complementary", { name: "Preview" })).toContainText(
      "Reminder: Intro call tomorrow at 1:00pm",
    );
    // The variable picker inserts at the cursor and the preview renders the sample booking.
    const subject = dialog.getByRole("textbox", { name: "Subject" });
    await subject.fill("See you soon, ");
    await dialog.getByRole("button", { name: "Insert variable into Subject" }).click();
    await page.getByRole("menuitem", { name: /Attendee name/ }).click();
    await expect(subject).toHaveValue("See you soon, {{attendee_name}}");
    await expect(dialog.getByRole("complementary", { name: "Preview" })).toContainText(
      "See you soon, Priya Sharma",
    );
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dialog-desktop.png` });
    await dialog.getByRole("button", { name: "Create Workflow" }).click();
    await expect(page.getByText("Workflow created")).toBeVisible();
    await expect(page.getByTestId("workflow-row")).toHaveCount(1);

    // A webhook from its template; the signing secret is shown once.
    await page.getByRole("button", { name: "Create Workflow" }).click();
    await page.getByRole("button", { name: /Webhook notification/ }).click();
    await page.getByRole("textbox", { name: "URL" }).fill(receiver.url);
    await page.getByRole("button", { name: "Create Workflow" }).click();
    const secretBox = page.getByRole("textbox", { name: "Signing secret" });
    await expect(secretBox).toHaveValue(/^whsec_/);
    const secret = await secretBox.inputValue();
    await page.getByRole("button", { name: "Done" }).click();
    await expect(page.getByTestId("workflow-row")).toHaveCount(2);

    // An invitee books the first open time.
    const invitee = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const booking = await invitee.newPage();
    await booking.goto(`/book/${slug}`);
    await bookAsInvitee(booking, { name: "Iris Booker", email: uniqueEmail("iris"), phone: "+14155550123" });
    await expect(booking.getByRole("heading", { name: "You're scheduled!" })).toBeVisible();
    await invitee.close();

    // The webhook arrives signed; the receiver verifies it with the Standard Webhooks algorithm.
    await expect.poll(() => receiver.got.length, { timeout: 15_000 }).toBe(1);
    const [delivery] = receiver.got;
    const payload = new Webhook(secret).verify(delivery.body, {
      "webhook-id": String(delivery.headers["webhook-id"]),
      "webhook-timestamp": String(delivery.headers["webhook-timestamp"]),
      "webhook-signature": String(delivery.headers["webhook-signature"]),
    }) as { type: string; data: { booking: { attendee: { name: string } } } };
    expect(payload.type).toBe("event_scheduled");
    expect(payload.data.booking.attendee.name).toBe("Iris Booker");

    // Executions: the reminder (the meeting is within a day, so it went at once) and the webhook.
    await rowMenu(page, "Meeting reminder", "View Executions");
    await expect(page).toHaveURL(/\/workflows\/[^/]+\/executions$/);
    const reminderRun = page.getByTestId("execution").filter({ hasText: "Iris Booker" });
    await expect(reminderRun).toContainText("Send email");
    await expect(reminderRun.getByText("Sent", { exact: true })).toBeVisible({ timeout: 15_000 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/executions-desktop.png` });
    await page.getByRole("link", { name: "Workflows" }).first().click();
    await rowMenu(page, "Webhook notification", "View Executions");
    const hookRun = page.getByTestId("execution").filter({ hasText: "Iris Booker" });
    await expect(hookRun).toContainText("HTTP 204");
    await page.getByRole("link", { name: "Workflows" }).first().click();

    // Pause the reminder; duplicate it.
    await rowMenu(page, "Meeting reminder", "Pause");
    await expect(page.getByText("Workflow paused")).toBeVisible();
    const reminderRow = page.getByTestId("workflow-row").filter({ hasText: "Meeting reminder" }).first();
    await expect(reminderRow.getByText("Inactive")).toBeVisible();
    await expect(reminderRow).toContainText("Total runs1");
    await rowMenu(page, "Meeting reminder", "Duplicate");
    const copy = page.getByRole("dialog", { name: "Duplicate workflow" });
    await expect(copy.getByLabel("Name")).toHaveValue("Meeting reminder (copy)");
    await copy.getByRole("button", { name: "Create Workflow" }).click();
    await expect(page.getByTestId("workflow-row")).toHaveCount(3);
    // The copy starts paused like its source.
    await page.getByRole("combobox", { name: "Status" }).selectOption("inactive");
    await expect(page.getByTestId("workflow-row")).toHaveCount(2);
    await page.getByRole("combobox", { name: "Status" }).selectOption("active");
    await expect(page.getByTestId("workflow-row")).toHaveCount(1);
    await page.getByRole("combobox", { name: "Status" }).selectOption("all");
    // More Filters: by action (the webhook) and by trigger (the two reminders run before the meeting).
    await page.getByRole("button", { name: "More Filters" }).click();
    await page.getByRole("menuitemradio", { name: "Webhook" }).click();
    await expect(page.getByTestId("workflow-row")).toHaveCount(1);
    await expect(page.getByTestId("workflow-row")).toContainText("Webhook notification");
    await page.getByRole("button", { name: "More Filters (1)" }).click();
    await page.getByRole("menuitemradio", { name: "Any action" }).click();
    await page.getByRole("button", { name: "More Filters", exact: true }).click();
    await page.getByRole("menuitemradio", { name: "Before event" }).click();
    await expect(page.getByTestId("workflow-row")).toHaveCount(2);
    await page.getByRole("button", { name: "More Filters (1)" }).click();
    await page.getByRole("menuitemradio", { name: "Event cancelled" }).click();
    await expect(page.getByRole("heading", { name: "No workflows found" })).toBeVisible();
    await page.getByRole("button", { name: "More Filters (1)" }).click();
    await page.getByRole("menuitem", { name: "Clear filters" }).click();
    await expect(page.getByTestId("workflow-row")).toHaveCount(3);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/list-desktop.png`, fullPage: true });

    // On a phone: the list and the dialog fit.
    await page.setViewportSize({ width: 390, height: 844 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/list-phone.png`, fullPage: true });
    await rowMenu(page, "Webhook notification", "Edit");
    const edit = page.getByRole("dialog", { name: "Edit workflow" });
    await expect(edit.getByRole("textbox", { name: "URL" })).toHaveValue(receiver.url);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dialog-phone.png` });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await edit.getByRole("button", { name: "Cancel" }).click();
    await host.close();
  } finally {
    receiver.close();
  }
});
