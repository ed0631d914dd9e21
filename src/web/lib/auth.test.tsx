// @vitest-environment happy-dom
/** The session survives a network failure and ends when the server refuses the token. */
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "../testing/render";
import { TOKEN_KEY } from "./api";
import { AuthProvider, useAuth } from "./auth";

function Status() {
  const { state } = useAuth();
  return <p data-testid="status">{state.status}</p>;
}

const status = () => screen.getByTestId("status").textContent;

describe("the signed-in session", () => {
  beforeEach(() => localStorage.setItem(TOKEN_KEY, "a-token"));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("keeps the token when the server cannot be reached (offline, restarting, a request cut short)", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    render(
      <AuthProvider>
        <Status />
      </AuthProvider>,
    );
    await waitFor(() => expect(status()).toBe("signedOut"));
    expect(localStorage.getItem(TOKEN_KEY)).toBe("a-token");
  });

  it("keeps the token when the answer's body never arrives (the page was left while reading it)", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{", { status: 200, headers: { "Content-Type": "application/json" } })),
    );
    render(
      <AuthProvider>
        <Status />
      </AuthProvider>,
    );
    await waitFor(() => expect(status()).toBe("signedOut"));
    expect(localStorage.getItem(TOKEN_KEY)).toBe("a-token");
  });

  it("drops the token the server refuses", async () => {
    fakeApi({ "GET /auth/me": () => ({ status: 401, body: { success: false, message: "Unauthorized" } }) });
    render(
      <AuthProvider>
        <Status />
      </AuthProvider>,
    );
    await waitFor(() => expect(status()).toBe("signedOut"));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});
