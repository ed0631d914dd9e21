// @vitest-environment happy-dom
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { fakeApi, ok, renderScreen } from "../../testing/render";
import LoginPage from "./LoginPage";
import SignupPage from "./SignupPage";

const noProviders = { "GET /auth/providers": () => ok({ providers: [] }) };
const bareFailure = () => ({ status: 502, body: "<html>Bad gateway</html>" });

async function fillSignup() {
  fireEvent.input(await screen.findByLabelText("Full Name"), { target: { value: "Ada Host" } });
  fireEvent.input(screen.getByLabelText("Email"), { target: { value: "ada@example.com" } });
  fireEvent.input(screen.getByLabelText("Password"), { target: { value: "secret123" } });
  fireEvent.click(screen.getByRole("button", { name: "Get started" }));
}

describe("spec section 8's auth fallbacks", () => {
  it("sign-up shows 'Registration failed' when the server answers without a message", async () => {
    const api = fakeApi({ ...noProviders, "POST /auth/register": bareFailure });
    renderScreen(<SignupPage />);
    await fillSignup();
    expect(await screen.findByText("Registration failed")).toBeTruthy();
    expect(api.of("POST", "/auth/register")[0].body).toMatchObject({ email: "ada@example.com" });
    expect(screen.queryByText("An unexpected error occurred")).toBeNull();
  });

  it("sign-up shows the server's own message when it gives one", async () => {
    fakeApi({
      ...noProviders,
      "POST /auth/register": () => ({ status: 429, body: { success: false, message: "Too many sign-ups" } }),
    });
    renderScreen(<SignupPage />);
    await fillSignup();
    expect(await screen.findByText("Too many sign-ups")).toBeTruthy();
  });

  it("login shows 'Login failed' when the server answers without a message", async () => {
    fakeApi({ ...noProviders, "POST /auth/login": bareFailure });
    renderScreen(<LoginPage />);
    fireEvent.input(await screen.findByLabelText("Email"), { target: { value: "ada@example.com" } });
    fireEvent.input(screen.getByLabelText("Password"), { target: { value: "secret123" } });
    fireEvent.click(screen.getByRole("button", { name: /sign in|log in/i }));
    expect(await screen.findByText("Login failed")).toBeTruthy();
  });

  it.each([
    ["google", "Google"],
    ["sbu", "SBU"],
  ])("the %s button shows '%s sign-in failed' when starting answers without a message", async (id, label) => {
    fakeApi({
      "GET /auth/providers": () => ok({ providers: [{ id, label }] }),
      [`POST /auth/${id}/start`]: bareFailure,
    });
    // The spec's popup opens at once (a blocked popup has its own message); here it opens and is closed.
    vi.stubGlobal(
      "open",
      vi.fn(() => ({ closed: false, close() {}, location: { href: "" } })),
    );
    renderScreen(<LoginPage />);
    fireEvent.click(await screen.findByRole("button", { name: `Continue with ${label}` }));
    expect(await screen.findByText(`${label} sign-in failed`)).toBeTruthy();
  });
});
