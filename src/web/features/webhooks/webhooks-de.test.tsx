// @vitest-environment happy-dom
/**
 * A German host reads the API's English texts in German (issue 27, web/lib/server-text.ts): the contract
 * schema's messages under the fields, a server 400's per-field errors, a conflict's message, and the
 * reason the server stored when it switched a webhook off.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import de from "../../../i18n/app/webhooks/de.json";
import { loadAppLanguage } from "../../lib/app-language";
import { fakeApi, ok, renderScreen, testUser } from "../../testing/render";
import { CreateTeamCard } from "../teams/CreateTeamCard";
import { WebhooksSection } from "./WebhooksSection";
import { subscription as sub } from "./webhook-fixtures";

beforeAll(() => loadAppLanguage("de"));
afterAll(() => loadAppLanguage("en"));

async function openDialog() {
  renderScreen(<WebhooksSection />);
  fireEvent.click(await screen.findByRole("button", { name: de["webhooks.add"] }));
  return screen.findByRole("dialog");
}

describe("the API's English texts for a German host", () => {
  it("shows the contract schema's messages in German", async () => {
    localStorage.setItem("auth_token", "t");
    fakeApi({ "GET /auth/me": () => ok({ user: testUser }), "GET /webhooks": () => ok([]) });
    const dialog = await openDialog();
    fireEvent.input(within(dialog).getByLabelText(de["webhooks.dialog.url"]), {
      target: { value: "ftp://x" },
    });
    fireEvent.click(
      within(dialog).getByRole("checkbox", { name: new RegExp(de["webhooks.event.bookingCreated"]) }),
    );
    fireEvent.click(within(dialog).getByRole("button", { name: de["webhooks.add"] }));
    expect(
      await within(dialog).findByText("Geben Sie eine URL ein, die mit https:// oder http:// beginnt"),
    ).toBeTruthy();
    expect(within(dialog).getByText("Wählen Sie mindestens ein Ereignis")).toBeTruthy();
    expect(within(dialog).queryByText("Choose at least one event")).toBeNull();
  });

  it("puts a server 400's English field errors under the fields in German", async () => {
    localStorage.setItem("auth_token", "t");
    fakeApi({
      "GET /auth/me": () => ok({ user: testUser }),
      "GET /webhooks": () => ok([]),
      "POST /webhooks": () => ({
        status: 400,
        body: {
          success: false,
          errorCode: "VALIDATION_ERROR",
          message: "url: This value is not valid",
          errors: { url: "This value is not valid" },
        },
      }),
    });
    const dialog = await openDialog();
    fireEvent.input(within(dialog).getByLabelText(de["webhooks.dialog.url"]), {
      target: { value: "https://hooks.example/in" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: de["webhooks.add"] }));
    const error = await waitFor(() => {
      const found = dialog.querySelector("#webhook-url-error");
      if (!found) throw new Error("no error yet");
      return found;
    });
    expect(error.textContent).toBe("Dieser Wert ist ungültig");
  });

  it("shows the reason a webhook was switched off in German", async () => {
    localStorage.setItem("auth_token", "t");
    fakeApi({
      "GET /auth/me": () => ok({ user: testUser }),
      "GET /webhooks": () =>
        ok([{ ...sub, active: false, disabledReason: "Switched off after 15 failed deliveries in a row" }]),
    });
    renderScreen(<WebhooksSection />);
    expect(
      await screen.findByText(/^Nach 15 fehlgeschlagenen Zustellungen in Folge abgeschaltet/),
    ).toBeTruthy();
    expect(screen.queryByText(/Switched off after/)).toBeNull();
  });

  it("shows a form's empty required field, and a server conflict, in German", async () => {
    localStorage.setItem("auth_token", "t");
    fakeApi({
      "GET /auth/me": () => ok({ user: testUser }),
      "POST /teams": () => ({
        status: 409,
        body: {
          success: false,
          errorCode: "CONFLICT",
          message: "This team link is already taken. Choose another.",
        },
      }),
    });
    renderScreen(<CreateTeamCard onCreated={() => {}} />);
    const form = await screen.findByRole("form");
    fireEvent.submit(form);
    expect(await screen.findByText("Teamname ist erforderlich")).toBeTruthy();
    fireEvent.input(form.querySelector("#team-name") as HTMLInputElement, { target: { value: "Crew" } });
    fireEvent.submit(form);
    expect(
      await screen.findByText("Dieser Team-Link ist bereits vergeben. Wählen Sie einen anderen."),
    ).toBeTruthy();
  });
});
