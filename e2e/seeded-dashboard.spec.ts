import { expect, type Page, test } from "@playwright/test";
import type { DashboardStats } from "../src/contract/analytics";
import type { BookingDto } from "../src/contract/bookings";
import type { bookingsResponses } from "../src/contract/responses/bookings";
import type { Answer } from "../src/contract/responses/shared";

/**
 * The e2e server starts on a database filled by `npm run seed` (see playwright.config.ts). The demo
 * host's dashboard must show what its bookings add up to; the expected figures are recomputed here from
 * the meetings list, a different query than the dashboard's SQL.
 */

const DEMO = { email: "demo@kairos.local", password: "kairos-demo" };
const COUNTED = new Set(["confirmed", "completed", "no_show"]);

const statValue = (page: Page, label: string) =>
  page.getByRole("group", { name: label }).getByTestId("stat-value");

test("the seeded demo host's dashboard adds up to its bookings", async ({ page, request }) => {
  const login = await request.post("/api/auth/login", { data: DEMO });
  expect(login.ok(), "the seed made the demo host").toBe(true);
  const auth = { authorization: `Bearer ${(await login.json()).token}` };

  const stats: DashboardStats = (
    await (await request.get("/api/analytics/dashboard?period=90d", { headers: auth })).json()
  ).data;
  const { startsAt, endsAt } = stats.range;
  const inRange: BookingDto[] = [];
  for (let page = 1; ; page++) {
    const query = new URLSearchParams({ from: startsAt, to: endsAt, limit: "100", page: String(page) });
    const res = await request.get(`/api/bookings?${query}`, { headers: auth });
    const body: Answer<typeof bookingsResponses.list> = await res.json();
    inRange.push(...body.data);
    if (page >= body.pagination.totalPages && !body.pagination.totalCapped) break;
  }
  const counted = inRange.filter((b) => COUNTED.has(b.status));
  expect(counted.length, "the seed books meetings in the last 90 days").toBeGreaterThan(20);
  const minutes = counted.reduce(
    (sum, b) => sum + (Date.parse(b.endTime) - Date.parse(b.startTime)) / 60_000,
    0,
  );
  const attendees = new Set(counted.map((b) => b.attendee.email)).size;

  await page.goto("/login");
  await page.getByLabel("Email").fill(DEMO.email);
  await page.getByLabel("Password").fill(DEMO.password);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: /Maya/ })).toBeVisible();
  await page.getByLabel("Period").selectOption({ label: "Last 90 days" });

  await expect(statValue(page, "Total Bookings")).toHaveText(String(counted.length));
  await expect(statValue(page, "Total Hours")).toHaveText(`${Math.round(minutes / 6) / 10}h`);
  await expect(statValue(page, "Unique Attendees")).toHaveText(String(attendees));
  // Five event types, one of them turned off.
  await expect(statValue(page, "Active Event Types")).toHaveText("4");
  await expect(page.getByText("Recent Bookings")).toBeVisible();
});
