import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { bookAsInvitee, expectScheduled } from "./booking.page";
import { expectAccessible, signedInHost } from "./event-types.page";
import { uniqueEmail } from "./support";

/** A local receiver (the e2e server runs with ALLOW_PRIVATE_TARGETS=true). */
async function startReceiver() {
  const got: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      got.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "content-type": "application/json" }).end('{"received":true}');
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return { got, url: `http://127.0.0.1:${port}/kairos`, close: () => server.close() };
}

test("a host adds a webhook, an invitee books, the delivery shows 200 in the log and Resend sends it again", async ({
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const receiver = await startReceiver();
  try {
    const host = await signedInHost(request, browser, "Hana Hooks");
    const created = await request.post("/api/event-types", {
      headers: host.headers,
      data: {
        title: "Hooked call",
        duration: 30,
        bookingSettings: {
          leadHours: 0,
          noticeUnit: "minutes",
          daysAhead: 60,
          unit: "days",
          mode: "rolling",
        },
      },
    });
    expect(created.ok()).toBeTruthy();
    const { slug } = (await created.json()).data as { slug: string };

    const { page } = host;
    await page.goto("/settings#webhooks");
    const section = page.getByRole("region", { name: "Webhooks" });
    await expect(section.getByText("No webhooks yet")).toBeVisible();
    await section.getByRole("button", { name: "Add webhook" }).click();
    const dialog = page.getByRole("dialog", { name: "Add webhook" });
    // Bad input is refused in the form and nothing is added.
    await dialog.getByLabel("Endpoint URL").fill("not a url");
    await dialog.getByRole("button", { name: "Add webhook" }).click();
    await expect(dialog.getByText("Enter a URL starting with https:// or http://")).toBeVisible();
    await dialog.getByLabel("Endpoint URL").fill(receiver.url);
    await expect(dialog.getByRole("checkbox", { name: /Booking created/ })).toBeChecked();
    await dialog.getByRole("checkbox", { name: /Booking cancelled/ }).click();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Add webhook" }).click();
    await expect(dialog).toBeHidden();
    const row = section.getByRole("listitem", { name: receiver.url });
    const secret = (await row.getByTestId("webhook-secret").textContent()) ?? "";
    expect(secret).toMatch(/^whsec_/);

    const invitee = await (await browser.newContext()).newPage();
    await invitee.goto(`/book/${slug}`);
    const email = uniqueEmail("hooked");
    await bookAsInvitee(invitee, { name: "Ivy Invitee", email });
    await expectScheduled(invitee);
    await expect.poll(() => receiver.got.length, { timeout: 20_000 }).toBe(1);

    // The receiver verifies the signature with the secret the host saw.
    const [first] = receiver.got;
    const payload = new Webhook(secret).verify(first.body, {
      "webhook-id": String(first.headers["webhook-id"]),
      "webhook-timestamp": String(first.headers["webhook-timestamp"]),
      "webhook-signature": String(first.headers["webhook-signature"]),
    }) as { type: string; data: { invitee: { email: string } } };
    expect(payload.type).toBe("booking.created");
    expect(payload.data.invitee.email).toBe(email);

    await row.getByRole("button", { name: "Deliveries" }).click();
    const log = row.getByRole("region", { name: "Deliveries" });
    await expect(log.getByTestId("delivery-status")).toHaveText("200");
    await log.getByRole("button", { name: "booking.created" }).click();
    await expect(log.getByText(/"received": true/)).toBeVisible();
    await expectAccessible(page);
    if (process.env.E2E_SHOTS_DIR) {
      await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/webhooks-settings.png`, fullPage: false });
    }

    await log.getByRole("button", { name: "Resend" }).click();
    await expect.poll(() => receiver.got.length, { timeout: 20_000 }).toBe(2);
    expect(receiver.got[1].body).toBe(first.body);
    expect(receiver.got[1].headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    await expect(log.getByTestId("delivery-status")).toHaveText(["200", "200"]);
  } finally {
    receiver.close();
  }
});
