// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { fakeApi, ok, renderScreen, testUser } from "../../testing/render";
import { ContactDialog } from "./ContactDialog";

function signedIn(routes: Parameters<typeof fakeApi>[0]) {
  localStorage.setItem("auth_token", "t");
  return fakeApi({ "GET /auth/me": () => ok({ user: testUser }), ...routes });
}

const fill = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.input(within(dialog).getByLabelText(new RegExp(`^${label}`)), { target: { value } });

describe("Add Contact", () => {
  it("keeps Save disabled until name and email are typed, checks them with the contract, then sends", async () => {
    const api = signedIn({
      "POST /contacts": (call) => ({
        status: 201,
        body: { success: true, data: { _id: "c1", ...(call.body as object) } },
      }),
    });
    const onClose = vi.fn();
    renderScreen(<ContactDialog open contact={null} onClose={onClose} />);
    const dialog = await screen.findByRole("dialog", { name: "Add Contact" });
    const save = within(dialog).getByRole("button", { name: "Save" });
    expect(save.hasAttribute("disabled")).toBe(true);

    fill(dialog, "Full Name", "Nora Quinn");
    fill(dialog, "Email", "nora@");
    fill(dialog, "LinkedIn", "linkedin.com/in/nora");
    await waitFor(() => expect(save.hasAttribute("disabled")).toBe(false));
    fireEvent.click(save);
    expect(await within(dialog).findByText("Enter a valid email address")).toBeTruthy();
    expect(within(dialog).getByText("Enter a full URL starting with https://")).toBeTruthy();
    expect(api.of("POST", "/contacts")).toHaveLength(0);

    fill(dialog, "Email", " Nora@Example.COM ");
    fill(dialog, "LinkedIn", "");
    fireEvent.click(save);
    await waitFor(() => expect(api.of("POST", "/contacts")).toHaveLength(1));
    expect(api.of("POST", "/contacts")[0].body).toMatchObject({
      fullName: "Nora Quinn",
      email: "nora@example.com",
      timezone: "Asia/Kolkata",
      relationshipStage: "prospect",
      priority: "medium",
      tags: [],
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("keeps the dialog open with the spec's red box, and the server's field messages on their fields", async () => {
    let answers = 0;
    signedIn({
      "POST /contacts": () =>
        ++answers === 1
          ? { status: 502, body: "Bad gateway" }
          : {
              status: 409,
              body: {
                success: false,
                message: "A contact with this email already exists",
                errors: { email: "A contact with this email already exists" },
              },
            },
    });
    const onClose = vi.fn();
    renderScreen(<ContactDialog open contact={null} onClose={onClose} />);
    const dialog = await screen.findByRole("dialog", { name: "Add Contact" });
    fill(dialog, "Full Name", "Nora Quinn");
    fill(dialog, "Email", "nora@example.com");
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Failed to create contact")).toBeTruthy();

    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(within(dialog).getAllByText("A contact with this email already exists")).toHaveLength(2),
    );
    expect(
      within(dialog)
        .getByLabelText(/^Email/)
        .getAttribute("aria-invalid"),
    ).toBe("true");
    expect(onClose).not.toHaveBeenCalled();
  });
});
