// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi, ok, renderScreen, testUser } from "../../testing/render";
import DashboardPage from "./DashboardPage";

const stat = (value: number) => ({ value, previous: 0, growth: null });
const range = { from: "2026-11-22", to: "2026-11-28", startsAt: "", endsAt: "" };

/** The dashboard's figures for a host with `activeEventTypes` event types and no bookings. */
const dashboard = (activeEventTypes: number) => ({
  period: "7d",
  timezone: "Asia/Kolkata",
  range,
  previousRange: range,
  overview: {
    totalBookings: stat(0),
    bookingsMade: stat(0),
    totalHours: stat(0),
    uniqueAttendees: stat(0),
    activeEventTypes: { ...stat(activeEventTypes), total: activeEventTypes },
  },
  dailyTrends: [],
  popularEventTypes: [],
  statusCounts: { upcoming: 0, completed: 0, noShow: 0, cancelled: 0 },
});

function dashboardWith(activeEventTypes: number) {
  localStorage.setItem("auth_token", "t");
  fakeApi({
    "GET /auth/me": () => ok({ user: { ...testUser, preferences: {} } }),
    "GET /analytics/dashboard": () => ok(dashboard(activeEventTypes)),
    "GET /bookings": () => ok([], { pagination: { page: 1, limit: 5, total: 0, totalPages: 0 } }),
    // An answer from before the host made an event type elsewhere (the API, another tab).
    "GET /event-types": () => ok([]),
    "GET /availability": () => ok([]),
    "GET /calendar-accounts": () => ok([]),
  });
  renderScreen(<DashboardPage />);
}

describe("Dashboard: Get started", () => {
  it("ticks 'Create an event type' when the dashboard's figures count one, whatever the cached list says", async () => {
    dashboardWith(1);
    const panel = await screen.findByRole("complementary", { name: "Get started" });
    expect(await within(panel).findByRole("link", { name: /^Create an event type \(done\)/ })).toBeTruthy();
    expect(within(panel).getByRole("progressbar", { name: "1 of 4 done" })).toBeTruthy();
  });

  it("leaves it to do for a host without one", async () => {
    dashboardWith(0);
    const panel = await screen.findByRole("complementary", { name: "Get started" });
    const step = await within(panel).findByRole("link", { name: /^Create an event type/ });
    expect(step.textContent).not.toContain("(done)");
    // No step done: no progress bar at all.
    expect(within(panel).queryByRole("progressbar")).toBeNull();
  });
});
