// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { fakeApi, ok, renderScreen, testUser } from "../../testing/render";
import { DevelopersSection } from "./DevelopersSection";

const SECRET = `kairos_live_${"a".repeat(43)}`;

const stored = (overrides: Record<string, unknown> = {}) => ({
  _id: "00000000-0000-4000-8000-0000000000aa",
  name: "CRM sync",
  prefix: "kairos_live_aaaaaaaa",
  scopes: ["bookings:read", "bookings:write", "contacts:read"],
  createdAt: "2026-10-01T10:00:00.000Z",
  lastUsedAt: null,
  expiresAt: null,
  revokedAt: null,
  ...overrides,
});

describe("Settings > Developers", () => {
  it("refuses a key without a name or permissions before any call, then shows the new secret once and copies it", async () => {
    localStorage.setItem("auth_token", "t");
    const keys: ReturnType<typeof stored>[] = [];
    const api = fakeApi({
      "GET /auth/me": () => ok({ user: testUser }),
      "GET /api-keys": () => ok(keys),
      "POST /api-keys": (call) => {
        const made = stored({ ...(call.body as object), expiresAt: null });
        keys.push(made);
        return { status: 201, body: { success: true, data: { ...made, secret: SECRET } } };
      },
    });
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    renderScreen(<DevelopersSection />);
    expect(await screen.findByText("No API keys yet")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Create key" }));
    expect(await screen.findByText("Give the key a name")).toBeTruthy();
    expect(screen.getByText("Choose at least one permission")).toBeTruthy();
    expect(api.of("POST", "/api-keys")).toHaveLength(0);

    fireEvent.input(screen.getByLabelText("Name"), { target: { value: "CRM sync" } });
    fireEvent.click(screen.getByRole("checkbox", { name: "Read bookings" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Write bookings" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Read contacts" }));
    fireEvent.change(screen.getByLabelText("Expires"), { target: { value: "never" } });
    fireEvent.click(screen.getByRole("button", { name: "Create key" }));
    await waitFor(() => expect(api.of("POST", "/api-keys")).toHaveLength(1));
    expect(api.of("POST", "/api-keys")[0].body).toEqual({
      name: "CRM sync",
      scopes: ["bookings:read", "bookings:write", "contacts:read"],
      expiresInDays: null,
    });

    expect(((await screen.findByLabelText("New API key")) as HTMLInputElement).value).toBe(SECRET);
    fireEvent.click(screen.getByRole("button", { name: "Copy" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    const list = await screen.findByRole("list", { name: "API keys" });
    expect(within(list).getByText("Bookings (read, write) · Contacts (read)")).toBeTruthy();
    expect(within(list).getByText("kairos_live_aaaaaaaa…")).toBeTruthy();
    expect(within(list).queryByText(SECRET)).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByLabelText("New API key")).toBeNull());
  });

  it("revokes a key after confirming; a revoked key offers no revoke", async () => {
    localStorage.setItem("auth_token", "t");
    let revoked = false;
    const api = fakeApi({
      "GET /auth/me": () => ok({ user: testUser }),
      "GET /api-keys": () =>
        ok([
          stored(revoked ? { revokedAt: "2026-10-02T10:00:00.000Z" } : {}),
          stored({ _id: "b", name: "Old", revokedAt: "2026-09-01T00:00:00.000Z" }),
        ]),
      "DELETE /api-keys/00000000-0000-4000-8000-0000000000aa": () => {
        revoked = true;
        return ok();
      },
    });
    renderScreen(<DevelopersSection />);
    fireEvent.click(await screen.findByRole("button", { name: "Revoke CRM sync" }));
    // A revoked key offers no revoke button.
    expect(screen.queryByRole("button", { name: "Revoke Old" })).toBeNull();
    fireEvent.click(await screen.findByRole("button", { name: "Revoke key" }));
    await waitFor(() =>
      expect(api.of("DELETE", "/api-keys/00000000-0000-4000-8000-0000000000aa")).toHaveLength(1),
    );
    await waitFor(() => expect(screen.queryByRole("button", { name: "Revoke CRM sync" })).toBeNull());
    expect(screen.getAllByText("Revoked")).toHaveLength(2);
  });

  it("says when the list cannot be loaded", async () => {
    localStorage.setItem("auth_token", "t");
    fakeApi({
      "GET /auth/me": () => ok({ user: testUser }),
      "GET /api-keys": () => ({
        status: 500,
        body: { success: false, message: "down", errorCode: "INTERNAL" },
      }),
    });
    renderScreen(<DevelopersSection />);
    expect(await screen.findByText("Failed to load your API keys.")).toBeTruthy();
    expect(screen.getByRole("button", { name: /try again/i })).toBeTruthy();
  });
});
