// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi, ok, renderScreen, testUser } from "../../testing/render";
import { WebhooksSection } from "./WebhooksSection";
import { subscription as sub } from "./webhook-fixtures";

describe("Settings > Webhooks", () => {
  it("shows the empty state, checks the form with the contract before any call, and shows the new secret", async () => {
    localStorage.setItem("auth_token", "t");
    let list: unknown[] = [];
    const api = fakeApi({
      "GET /auth/me": () => ok({ user: testUser }),
      "GET /webhooks": () => ok(list),
      "POST /webhooks": (call) => {
        const made = { ...sub, ...(call.body as object), secret: "whsec_c2VjcmV0LXNlY3JldA==" };
        list = [made];
        return { status: 201, body: { success: true, data: made } };
      },
    });
    renderScreen(<WebhooksSection />);
    expect(await screen.findByText("No webhooks yet")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add webhook" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.input(within(dialog).getByLabelText("Endpoint URL"), { target: { value: "ftp://nope" } });
    fireEvent.click(within(dialog).getByRole("checkbox", { name: /Booking created/ }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Add webhook" }));
    expect(await within(dialog).findByText("Enter a URL starting with https:// or http://")).toBeTruthy();
    expect(within(dialog).getByText("Choose at least one event")).toBeTruthy();
    expect(api.of("POST", "/webhooks")).toHaveLength(0);

    fireEvent.input(within(dialog).getByLabelText("Endpoint URL"), {
      target: { value: "https://hooks.example/in" },
    });
    fireEvent.click(within(dialog).getByRole("checkbox", { name: /Contact updated/ }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Add webhook" }));
    await waitFor(() => expect(api.of("POST", "/webhooks")).toHaveLength(1));
    expect(api.of("POST", "/webhooks")[0].body).toEqual({
      url: "https://hooks.example/in",
      events: ["contact.updated"],
      active: true,
    });
    expect((await screen.findByTestId("webhook-secret")).textContent).toBe("whsec_c2VjcmV0LXNlY3JldA==");
  });

  it("shows an error with Try again when the list fails, and a switched-off subscription's reason", async () => {
    localStorage.setItem("auth_token", "t");
    let fail = true;
    fakeApi({
      "GET /auth/me": () => ok({ user: testUser }),
      "GET /webhooks": () =>
        fail
          ? { status: 500, body: { success: false, message: "boom" } }
          : ok([
              { ...sub, active: false, disabledReason: "Switched off after 15 failed deliveries in a row" },
            ]),
    });
    renderScreen(<WebhooksSection />);
    expect(await screen.findByText("Failed to load your webhooks.")).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: /Try again/ }));
    expect(await screen.findByText(/Switched off after 15 failed deliveries in a row/)).toBeTruthy();
    expect(screen.getByText("Switched off")).toBeTruthy();
    expect((screen.getByRole("button", { name: /Send test event/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
