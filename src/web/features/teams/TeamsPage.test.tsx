// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi, ok, renderScreen, testUser } from "../../testing/render";
import TeamsPage from "./TeamsPage";

const teamId = "00000000-0000-4000-8000-0000000000aa";
const team = {
  _id: teamId,
  name: "Crew",
  slug: "crew",
  logo: null,
  role: "owner",
  memberCount: 1,
  members: [{ ...testUser, avatar: null, role: "owner", joinedAt: "2026-11-01T00:00:00.000Z" }],
  invites: [],
  eventTypes: [],
};

function signedIn(routes: Parameters<typeof fakeApi>[0]) {
  localStorage.setItem("auth_token", "t");
  return fakeApi({ "GET /auth/me": () => ok({ user: testUser }), ...routes });
}

describe("Teams: the new team form", () => {
  it("says what is missing or wrong before any call, then sends the contract's body", async () => {
    const api = signedIn({
      "GET /teams": () => ok([]),
      "POST /teams": () => ({ status: 201, body: { success: true, data: team } }),
      [`GET /teams/${teamId}`]: () => ok(team),
    });
    renderScreen(<TeamsPage />);
    const form = await screen.findByRole("form", { name: "Create team" });
    fireEvent.click(within(form).getByRole("button", { name: "Create team" }));
    expect(await within(form).findByText("Team name is required")).toBeTruthy();

    fireEvent.input(screen.getByLabelText("Team name *"), { target: { value: "  Crew  " } });
    fireEvent.input(screen.getByLabelText("Logo (optional)"), {
      target: { value: "http://x.test/a.png" },
    });
    fireEvent.click(within(form).getByRole("button", { name: "Create team" }));
    expect(await within(form).findByText("Use an https:// image link or upload an image")).toBeTruthy();
    expect(api.of("POST", "/teams")).toHaveLength(0);

    fireEvent.input(screen.getByLabelText("Logo (optional)"), { target: { value: "" } });
    fireEvent.click(within(form).getByRole("button", { name: "Create team" }));
    await waitFor(() => expect(api.of("POST", "/teams")).toHaveLength(1));
    expect(api.of("POST", "/teams")[0].body).toEqual({ name: "Crew", logo: null });
    await waitFor(() => expect((screen.getByLabelText("Team name *") as HTMLInputElement).value).toBe(""));
  });

  it("uploads a logo image (as avatars are), and refuses one too large or not an image", async () => {
    const api = signedIn({
      "GET /teams": () => ok([]),
      "POST /teams": () => ({ status: 201, body: { success: true, data: team } }),
    });
    renderScreen(<TeamsPage />);
    const form = await screen.findByRole("form", { name: "Create team" });
    fireEvent.input(screen.getByLabelText("Team name *"), { target: { value: "Crew" } });
    const file = screen.getByLabelText("Logo image file");
    fireEvent.change(file, {
      target: { files: [new File(["x".repeat(200_001)], "big.png", { type: "image/png" })] },
    });
    expect(await within(form).findByText("The logo is too large (200 KB at most)")).toBeTruthy();
    fireEvent.change(file, { target: { files: [new File(["<svg/>"], "a.txt", { type: "text/plain" })] } });
    expect(await within(form).findByText("Upload a PNG, JPG, GIF or WebP image")).toBeTruthy();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    fireEvent.change(file, { target: { files: [new File([png], "logo.png", { type: "image/png" })] } });
    expect(await within(form).findByText("Uploaded image")).toBeTruthy();
    fireEvent.click(within(form).getByRole("button", { name: "Create team" }));
    await waitFor(() => expect(api.of("POST", "/teams")).toHaveLength(1));
    expect(api.of("POST", "/teams")[0].body).toEqual({
      name: "Crew",
      logo: "data:image/png;base64,iVBORw0KGgo=",
    });
  });

  it("puts the server's field message on its field", async () => {
    signedIn({
      "GET /teams": () => ok([]),
      "POST /teams": () => ({
        status: 400,
        body: { success: false, message: "Validation failed", errors: { name: "That name is taken" } },
      }),
    });
    renderScreen(<TeamsPage />);
    fireEvent.input(await screen.findByLabelText("Team name *"), { target: { value: "Crew" } });
    fireEvent.click(screen.getByRole("button", { name: "Create team" }));
    expect(await screen.findByText("That name is taken")).toBeTruthy();
    expect(screen.getByLabelText("Team name *").getAttribute("aria-invalid")).toBe("true");
  });

  it("shows a failed list with Try again, which asks again", async () => {
    let answers = 0;
    signedIn({
      "GET /teams": () =>
        ++answers === 1 ? { status: 500, body: { success: false, message: "Boom" } } : ok([]),
    });
    renderScreen(<TeamsPage />);
    expect(await screen.findByText("Failed to load teams")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No teams yet")).toBeTruthy();
  });
});

describe("Teams: the invite form", () => {
  it("shows its own inline error for a bad address and sends a good one", async () => {
    const api = signedIn({
      "GET /teams": () => ok([team]),
      [`GET /teams/${teamId}`]: () => ok(team),
      [`POST /teams/${teamId}/invites`]: (call) => ({
        status: 201,
        body: {
          success: true,
          data: {
            _id: "i1",
            email: (call.body as { email: string }).email,
            expiresAt: "2026-12-01T00:00:00.000Z",
            createdAt: "2026-11-24T00:00:00.000Z",
            link: "http://kairos.test/team-invite/abcdefghijkl",
          },
        },
      }),
    });
    renderScreen(<TeamsPage />);
    const form = await screen.findByRole("form", { name: "Invite member" });
    fireEvent.input(within(form).getByLabelText("Email"), { target: { value: "not-an-address" } });
    fireEvent.click(within(form).getByRole("button", { name: "Send invitation" }));
    expect(await within(form).findByText("Enter a valid email address")).toBeTruthy();
    expect(api.of("POST", `/teams/${teamId}/invites`)).toHaveLength(0);

    fireEvent.input(within(form).getByLabelText("Email"), { target: { value: " Grace@Example.com " } });
    fireEvent.click(within(form).getByRole("button", { name: "Send invitation" }));
    expect(await screen.findByTestId("invite-link")).toBeTruthy();
    expect(api.of("POST", `/teams/${teamId}/invites`)[0].body).toEqual({ email: "grace@example.com" });
  });
});
