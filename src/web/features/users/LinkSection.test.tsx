// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi, ok, renderScreen, testUser } from "../../testing/render";
import { LinkSection } from "./LinkSection";

function signedIn(routes: Parameters<typeof fakeApi>[0]) {
  localStorage.setItem("auth_token", "t");
  return fakeApi({ "GET /auth/me": () => ok({ user: testUser }), ...routes });
}

describe("Settings: the public link form", () => {
  it("refuses a reserved or malformed name before any call, and saves a good one trimmed and lower-cased", async () => {
    const api = signedIn({
      "PUT /users/username": (call) => ok({ user: { ...testUser, ...(call.body as object) } }),
    });
    renderScreen(<LinkSection />);
    const input = await screen.findByLabelText("Username");
    await waitFor(() => expect((input as HTMLInputElement).value).toBe("ada"));
    const save = screen.getByRole("button", { name: "Save username" });
    expect(save.hasAttribute("disabled")).toBe(true);

    fireEvent.input(input, { target: { value: "settings" } });
    fireEvent.click(save);
    expect(await screen.findByText("This username is reserved. Choose another.")).toBeTruthy();
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(api.of("PUT", "/users/username")).toHaveLength(0);

    fireEvent.input(input, { target: { value: " Grace-H " } });
    fireEvent.click(save);
    await waitFor(() => expect(api.of("PUT", "/users/username")).toHaveLength(1));
    expect(api.of("PUT", "/users/username")[0].body).toEqual({ username: "grace-h" });
    await waitFor(() => expect(screen.getByTestId("profile-link").textContent).toMatch(/\/grace-h$/));
  });

  it("shows the server's refusal on the field", async () => {
    signedIn({
      "PUT /users/username": () => ({
        status: 409,
        body: { success: false, message: "This username is taken", errorCode: "USERNAME_TAKEN" },
      }),
    });
    renderScreen(<LinkSection />);
    const input = await screen.findByLabelText("Username");
    await waitFor(() => expect((input as HTMLInputElement).value).toBe("ada"));
    fireEvent.input(input, { target: { value: "grace" } });
    fireEvent.click(screen.getByRole("button", { name: "Save username" }));
    expect(await screen.findByText("This username is taken")).toBeTruthy();
  });
});
