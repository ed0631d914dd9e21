// @vitest-environment happy-dom
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi, ok, renderScreen, testUser } from "../../testing/render";
import { SignInMethodsSection } from "../auth/SignInMethodsSection";
import PublicProfilePage from "./PublicProfilePage";
import { SessionsSection } from "./SessionsSection";

/** Fails the first `failures` calls with a server fault, then answers `answer`. */
function flaky(failures: number, answer: () => ReturnType<typeof ok>) {
  let calls = 0;
  return () => (++calls <= failures ? { status: 500, body: { success: false, message: "Boom" } } : answer());
}

function signedIn(routes: Parameters<typeof fakeApi>[0]) {
  localStorage.setItem("auth_token", "t");
  return fakeApi({
    "GET /auth/me": () => ok({ user: testUser }),
    "GET /auth/providers": () => ok({ providers: [] }),
    ...routes,
  });
}

describe("the shared list states on settings and the public profile", () => {
  it("sessions: a failed load says so with Try again, which loads them", async () => {
    signedIn({
      "GET /users/sessions": flaky(1, () =>
        ok([
          {
            _id: "s1",
            device: "Chrome on Linux",
            current: true,
            createdAt: "2026-11-01T00:00:00.000Z",
            lastUsedAt: "2026-11-27T00:00:00.000Z",
          },
        ]),
      ),
    });
    renderScreen(<SessionsSection />);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load your sessions.");
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Chrome on Linux")).toBeTruthy();
    expect(screen.queryByText("Retry")).toBeNull();
  });

  it("sign-in methods: a failed load says so with Try again", async () => {
    signedIn({ "GET /auth/identities": flaky(1, () => ok({ identities: [], hasPassword: true })) });
    renderScreen(<SignInMethodsSection />);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load your sign-in methods.");
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Email and password sign-in is on")).toBeTruthy();
  });

  it("public profile: the spec's 'Failed to load user profile' with Try again", async () => {
    fakeApi({
      "GET /users/ada/public": flaky(1, () =>
        ok({
          user: {
            ...testUser,
            avatar: null,
            welcomeText: "",
            timeFormat: "12h",
            weekStart: "sunday",
            createdAt: "",
          },
          eventTypes: [],
          canonicalPath: "/ada",
        }),
      ),
    });
    renderScreen(<PublicProfilePage />, { path: "/ada", route: "/:username" });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load user profile");
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Ada Host" })).toBeTruthy();
  });
});
