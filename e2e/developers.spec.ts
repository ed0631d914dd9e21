import { expect, test } from "@playwright/test";
import { expectAccessible, signedInHost } from "./event-types.page";

test("a host creates an API key, calls the public API with it, revokes it, and reads the reference", async ({
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const host = await signedInHost(request, browser, "Dev Developer");
  await host.context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const { page } = host;
  await page.goto("/settings#developers");
  const section = page.getByRole("region", { name: "Developers" });
  await expect(section.getByText("No API keys yet")).toBeVisible();

  // Nothing is made without a name and a permission.
  await section.getByRole("button", { name: "Create key" }).click();
  await expect(section.getByText("Give the key a name")).toBeVisible();
  await section.getByLabel("Name").fill("Zapier");
  await section.getByRole("checkbox", { name: "Read event types" }).click();
  await section.getByLabel("Expires").selectOption("30");
  await section.getByRole("button", { name: "Create key" }).click();

  const secretBox = section.getByLabel("New API key");
  await expect(secretBox).toHaveValue(/^kairos_live_[A-Za-z0-9_-]{43}$/);
  const secret = await secretBox.inputValue();
  await section.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByText("API key copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  const keys = section.getByRole("list", { name: "API keys" });
  await expect(keys.getByText("Event types (read)")).toBeVisible();
  await expect(keys.getByText(`${secret.slice(0, 20)}…`)).toBeVisible();
  await expectAccessible(page);
  if (process.env.E2E_SHOTS_DIR) {
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/developers-settings.png` });
  }

  // The key works on the public API, with only what it was given.
  const auth = { Authorization: `Bearer ${secret}` };
  const listed = await request.get("/api/v1/event-types", { headers: auth });
  expect(listed.status()).toBe(200);
  expect(await listed.json()).toMatchObject({ data: expect.any(Array), nextCursor: null });
  const refused = await request.get("/api/v1/bookings", { headers: auth });
  expect(refused.status()).toBe(403);
  expect(refused.headers()["content-type"]).toContain("application/problem+json");

  // Revoked, it stops at once.
  await section.getByRole("button", { name: "Done" }).click();
  await section.getByRole("button", { name: "Revoke Zapier" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(keys.getByText("Revoked")).toBeVisible();
  const after = await request.get("/api/v1/event-types", { headers: auth });
  expect(after.status()).toBe(401);
  expect((await after.json()).code).toBe("UNAUTHORIZED");

  // The reference page, served from this server only, renders the v1 description.
  const errors: string[] = [];
  const docs = await host.context.newPage();
  docs.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  docs.on("request", (r) => {
    if (!r.url().startsWith(new URL(page.url()).origin)) errors.push(`left the origin: ${r.url()}`);
  });
  await docs.goto("/api/v1/docs");
  await expect(docs.getByRole("heading", { name: /Kairos public API/ })).toBeVisible();
  await expect(docs.getByText("/api/v1/bookings/{id}/reschedule")).toBeVisible();
  expect(errors).toEqual([]);
  if (process.env.E2E_SHOTS_DIR)
    await docs.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/api-reference.png` });
  // Swagger UI puts each operation's copy button inside its summary button (nested-interactive): the
  // renderer's markup, not ours; everything else must pass.
  await expectAccessible(docs, ["nested-interactive"]);
});
