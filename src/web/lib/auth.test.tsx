// @vitest-environment happy-dom
/**
 * The session survives a network failure and ends only when the server refuses the token; meanwhile the
 * signed-in screens say the server cannot be reached, offer Try again and retry on their own.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RequireAuth } from "../components/layout/RouteGuards";
import { type FakeAnswer, fakeApi, ok, renderScreen, testUser } from "../testing/render";
import { TOKEN_KEY } from "./api";
import { AuthProvider, RETRY_FIRST_MS, useAuth } from "./auth";

function Status() {
  const { state } = useAuth();
  return <p data-testid="status">{state.status}</p>;
}

const status = () => screen.getByTestId("status").textContent;
const renderStatus = () =>
  render(
    <AuthProvider>
      <Status />
    </AuthProvider>,
  );

/** How long a screen may take to arrive after the server answers again (the CI machine can be loaded). */
const ARRIVAL_MS = 10_000;

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
    renderStatus();
    await waitFor(() => expect(status()).toBe("unreachable"));
    expect(localStorage.getItem(TOKEN_KEY)).toBe("a-token");
  });

  it("keeps the token when the answer's body never arrives (the page was left while reading it)", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{", { status: 200, headers: { "Content-Type": "application/json" } })),
    );
    renderStatus();
    await waitFor(() => expect(status()).toBe("unreachable"));
    expect(localStorage.getItem(TOKEN_KEY)).toBe("a-token");
  });

  it.each([500, 502, 503, 429])("keeps the token when the server answers %i", async (code) => {
    fakeApi({ "GET /auth/me": () => ({ status: code, body: { success: false, message: "Unavailable" } }) });
    renderStatus();
    await waitFor(() => expect(status()).toBe("unreachable"));
    expect(localStorage.getItem(TOKEN_KEY)).toBe("a-token");
  });

  it.each([401, 403])("drops the token the server refuses (%i)", async (code) => {
    fakeApi({ "GET /auth/me": () => ({ status: code, body: { success: false, message: "Unauthorized" } }) });
    renderStatus();
    await waitFor(() => expect(status()).toBe("signedOut"));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});

describe("a signed-in screen while the server cannot be reached", () => {
  beforeEach(() => localStorage.setItem(TOKEN_KEY, "a-token"));
  afterEach(() => vi.useRealTimers());

  /** GET /auth/me fails as `failure` until `reachable()` is called, then answers the test user. */
  function flakyServer(failure: FakeAnswer | "offline") {
    let up = false;
    const api = fakeApi({
      "GET /auth/me": () => {
        if (up) return ok({ user: testUser });
        if (failure === "offline") throw new TypeError("Failed to fetch");
        return failure;
      },
    });
    return { ...api, reachable: () => (up = true) };
  }

  const openMeetings = () =>
    renderScreen(
      <RequireAuth>
        <p>Meetings page</p>
      </RequireAuth>,
      { path: "/meetings" },
    );

  it("stays on the page with the session, says why, and Try again brings the page back", async () => {
    const server = flakyServer("offline");
    const { router } = openMeetings();

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Can't reach the server");
    expect(alert.textContent).toContain("You're still signed in.");
    expect(router.state.location.pathname).toBe("/meetings");
    expect(localStorage.getItem(TOKEN_KEY)).toBe("a-token");

    server.reachable();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Meetings page", {}, { timeout: ARRIVAL_MS })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/meetings");
  });

  it("retries as soon as the browser is back online", async () => {
    const server = flakyServer({ status: 503, body: { success: false, message: "Unavailable" } });
    openMeetings();
    await screen.findByRole("alert");

    server.reachable();
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    // The retry and the screen after it, given time: on a loaded CI machine the default 1 s ran out.
    expect(await screen.findByText("Meetings page", {}, { timeout: ARRIVAL_MS })).toBeTruthy();
  });

  it("retries on its own, waiting longer after each failure", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = flakyServer("offline");
    openMeetings();
    await screen.findByRole("alert");
    const asked = () => server.of("GET", "/auth/me").length;
    expect(asked()).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(RETRY_FIRST_MS));
    await waitFor(() => expect(asked()).toBe(2));
    // The second wait is twice the first: nothing is asked before it is over.
    await act(() => vi.advanceTimersByTimeAsync(RETRY_FIRST_MS));
    expect(asked()).toBe(2);

    server.reachable();
    // Past the second wait, short of a third.
    await act(() => vi.advanceTimersByTimeAsync(2 * RETRY_FIRST_MS));
    expect(await screen.findByText("Meetings page")).toBeTruthy();
    expect(asked()).toBe(3);
  });

  it("a refused token still goes to /login", async () => {
    fakeApi({ "GET /auth/me": () => ({ status: 401, body: { success: false, message: "Unauthorized" } }) });
    const { router } = openMeetings();
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
