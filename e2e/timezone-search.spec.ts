import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { uniqueEmail } from "./support";

test.use({ timezoneId: "Europe/London" });

async function host(request: APIRequestContext) {
  const registered = await request.post("/api/auth/register", {
    data: {
      name: "Ada Lovelace",
      email: uniqueEmail("tz"),
      password: "analytical-1843",
      timezone: "Asia/Kolkata",
    },
  });
  expect(registered.ok()).toBeTruthy();
  const { token } = (await registered.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const created = await request.post("/api/event-types", {
    headers,
    data: { title: "Zone check", duration: 30 },
  });
  expect(created.ok()).toBeTruthy();
  const et = (await created.json()).data as { slug: string; user: { username: string } };
  return { token, headers, path: `/${et.user.username}/${et.slug}` };
}

/** Opens a picker by its trigger; the search box must have focus at once. */
async function openPicker(page: Page, trigger: ReturnType<Page["getByRole"]>) {
  await trigger.click();
  const search = page.getByRole("combobox", { name: "Search time zones" });
  await expect(search).toBeFocused();
  return search;
}

test("the invitee's picker focuses its search, loads its data on opening, and finds cities and abbreviations", async ({
  page,
  request,
}) => {
  const { path } = await host(request);
  const fetched: string[] = [];
  page.on("request", (r) => fetched.push(r.url()));
  await page.goto(path);
  const trigger = page.getByRole("button", { name: /Time zone/ });
  await expect(trigger).toContainText("London");
  // The search data is not part of the booking page's first scripts.
  expect(fetched.some((u) => u.includes("raw-time-zones"))).toBe(false);

  const search = await openPicker(page, trigger);
  await expect.poll(() => fetched.some((u) => u.includes("raw-time-zones"))).toBe(true);
  const options = page.getByRole("listbox", { name: "Time zones" }).getByRole("option");

  await search.fill("Delhi");
  await expect(options.first()).toContainText("Kolkata");
  await search.fill("bombay");
  await expect(options.first()).toContainText("Kolkata");
  await search.fill("Germany");
  await expect(options.first()).toContainText("Berlin");

  // An abbreviation lists every zone it can mean, the most likely first.
  await search.fill("IST");
  await expect(options.nth(0)).toContainText("Kolkata");
  await expect(options.nth(1)).toContainText("Jerusalem");
  await expect(options.filter({ hasText: "Dublin" })).toHaveCount(1);
  await search.fill("PST");
  await expect(options.first()).toContainText("Los Angeles");

  // Keyboard: Enter takes the active option and gives focus back to the trigger.
  await search.fill("CST");
  await expect(options.first()).toContainText("Chicago");
  await search.press("Enter");
  await expect(trigger).toContainText("Chicago");
  await expect(trigger).toBeFocused();
});

test("the schedule editor and the profile use the same search", async ({ page, request }) => {
  const { token, headers } = await host(request);
  await page.addInitScript((t) => localStorage.setItem("auth_token", t), token);

  await page.goto("/availability");
  const search = await openPicker(page, page.getByRole("button", { name: /^Timezone/ }));
  await search.fill("Germany");
  await search.press("Enter");
  await expect(page.getByText(/in Berlin \(GMT\+/)).toBeVisible();
  await expect(page.getByText("All changes saved")).toBeVisible();
  await expect
    .poll(async () => (await (await request.get("/api/availability", { headers })).json()).data[0].timezone)
    .toBe("Europe/Berlin");

  await page.goto("/settings");
  const profile = page.getByRole("form", { name: "Profile" });
  const zone = await openPicker(page, profile.getByRole("button", { name: /Time zone/ }));
  await zone.fill("EST");
  await zone.press("Enter");
  await profile.getByRole("button", { name: /Save/ }).click();
  await expect
    .poll(async () => (await (await request.get("/api/auth/me", { headers })).json()).data.user.timezone)
    .toBe("America/New_York");
});
