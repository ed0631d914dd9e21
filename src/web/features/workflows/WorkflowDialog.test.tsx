// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { fakeApi, ok, renderScreen, testUser } from "../../testing/render";
import { emptyDraft } from "./format";
import { WorkflowDialog } from "./WorkflowDialog";

function signedIn(routes: Parameters<typeof fakeApi>[0]) {
  localStorage.setItem("auth_token", "t");
  return fakeApi({
    "GET /auth/me": () => ok({ user: testUser }),
    "GET /event-types": () => ok([]),
    ...routes,
  });
}

const saved = (body: unknown) => ({
  status: 201,
  body: {
    success: true,
    data: {
      ...(body as object),
      _id: "w1",
      statistics: { totalRuns: 0, successfulRuns: 0, failedRuns: 0, lastRun: null },
      webhookSecretHint: "",
      createdAt: "2026-11-27T00:00:00.000Z",
      updatedAt: "2026-11-27T00:00:00.000Z",
    },
  },
});

describe("the workflow dialog", () => {
  it("checks the draft with the contract's workflowBody before sending, then sends it", async () => {
    const api = signedIn({ "POST /workflows": (call) => saved(call.body) });
    const onClose = vi.fn();
    renderScreen(<WorkflowDialog mode={{ kind: "duplicate", draft: emptyDraft() }} onClose={onClose} />);
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Create Workflow" }));
    expect(await within(dialog).findByText("Name is required")).toBeTruthy();
    expect(within(dialog).getByLabelText(/^Name/).getAttribute("aria-invalid")).toBe("true");
    expect(api.of("POST", "/workflows")).toHaveLength(0);

    fireEvent.input(within(dialog).getByLabelText(/^Name/), { target: { value: "  Thank you  " } });
    // Fixing the field clears its message as one types, once a submit has shown it.
    await waitFor(() => expect(within(dialog).queryByText("Name is required")).toBeNull());
    fireEvent.input(within(dialog).getByRole("textbox", { name: "Subject" }), {
      target: { value: "Thanks" },
    });
    fireEvent.input(within(dialog).getByRole("textbox", { name: /^Body/ }), { target: { value: "See you" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create Workflow" }));
    await waitFor(() => expect(api.of("POST", "/workflows")).toHaveLength(1));
    expect(api.of("POST", "/workflows")[0].body).toMatchObject({
      name: "Thank you",
      trigger: { type: "event_scheduled", eventTypes: [] },
      actions: [{ type: "send_email", config: { to: "attendee", subject: "Thanks", body: "See you" } }],
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("puts the server's per-field errors on the action's fields", async () => {
    signedIn({
      "POST /workflows": () => ({
        status: 400,
        body: {
          success: false,
          message: "Validation failed",
          errors: { "actions.0.config.subject": "Unknown variable {{nope}}" },
        },
      }),
    });
    const draft = { ...emptyDraft(), name: "Reminder" };
    draft.actions = [{ type: "send_email", config: { to: "attendee", subject: "{{nope}}", body: "Hi" } }];
    renderScreen(<WorkflowDialog mode={{ kind: "duplicate", draft }} onClose={() => {}} />);
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Create Workflow" }));
    expect(await within(dialog).findByText("Unknown variable {{nope}}")).toBeTruthy();
  });

  it("says so when the event types fail to load, instead of 'No event types yet', and tries again", async () => {
    let calls = 0;
    signedIn({
      "GET /event-types": () =>
        ++calls === 1
          ? { status: 500, body: { success: false, message: "Boom" } }
          : ok([{ _id: "e1", title: "Intro call" }]),
    });
    renderScreen(<WorkflowDialog mode={{ kind: "duplicate", draft: emptyDraft() }} onClose={() => {}} />);
    const dialog = await screen.findByRole("dialog");
    const alert = await within(dialog).findByRole("alert");
    expect(alert.textContent).toContain("Failed to load event types.");
    expect(within(dialog).queryByText(/No event types yet/)).toBeNull();
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await within(dialog).findByLabelText("Intro call")).toBeTruthy();
  });
});
