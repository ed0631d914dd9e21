// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi, ok, renderScreen, testUser } from "../../testing/render";
import ExecutionsPage from "./ExecutionsPage";

const day = (date: string) => {
  const button = document.querySelector<HTMLButtonElement>(`button[data-date="${date}"]`);
  if (!button) throw new Error(`${date} is not shown`);
  fireEvent.click(button);
};

describe("executions: the due-date filter is the one date range picker", () => {
  it("filters by a range, and by one day when the same day is picked twice", async () => {
    localStorage.setItem("auth_token", "t");
    const api = fakeApi({
      "GET /auth/me": () => ok({ user: testUser }),
      // The page's workflow and pagination travel beside data in the envelope.
      "GET /workflows/w1/executions": () =>
        ok([], {
          workflow: { _id: "w1", name: "Reminder", isActive: true },
          pagination: { page: 1, limit: 25, total: 0, totalPages: 0 },
        }),
    });
    const { router } = renderScreen(<ExecutionsPage />, {
      path: "/workflows/w1/executions",
      route: "/workflows/:id/executions",
    });
    const picker = await screen.findByRole("button", { name: "Due between" });
    expect(picker.textContent).toBe("Select date range");
    const month = new Intl.DateTimeFormat("en-CA").format(new Date()).slice(0, 8);
    fireEvent.click(picker);
    day(`${month}10`);
    day(`${month}12`);
    await waitFor(() => expect(router.state.location.search).toBe(`?from=${month}10&to=${month}12`));
    fireEvent.click(picker);
    day(`${month}05`);
    day(`${month}05`);
    await waitFor(() => expect(router.state.location.search).toBe(`?from=${month}05&to=${month}05`));
    expect(picker.textContent).not.toContain(" - ");
    await waitFor(() => expect(api.calls.some((c) => c.path === "/workflows/w1/executions")).toBe(true));
  });
});
