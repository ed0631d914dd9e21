// @vitest-environment happy-dom
/**
 * The invitees' team and poll pages in the visitor's language (issue 27): `?lang=de` starts the app in
 * German, as main.tsx does, and both pages then read German, host-written names as written.
 */
import { screen } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadAppLanguage, startingLanguage } from "../../lib/app-language";
import { fakeApi, ok, renderScreen } from "../../testing/render";
import PollPage from "../polls/PollPage";
import PublicTeamPage from "./PublicTeamPage";

beforeAll(async () => {
  window.history.replaceState(null, "", "/team/crew?lang=de");
  await loadAppLanguage(startingLanguage());
});
afterAll(async () => {
  window.history.replaceState(null, "", "/");
  await loadAppLanguage("en");
});

describe("the public team page with ?lang=de", () => {
  it("speaks German", async () => {
    fakeApi({
      "GET /teams/crew/public": () =>
        ok({
          name: "Crew",
          slug: "crew",
          logo: null,
          members: [{ _id: "m1", name: "Ada Host", avatar: null }],
          eventTypes: [
            {
              _id: "e1",
              title: "Intro call",
              slug: "intro",
              duration: 30,
              color: "#2563eb",
              type: "round-robin",
              isActive: true,
              hosts: [{ _id: "m1", name: "Ada Host" }],
            },
          ],
        }),
    });
    renderScreen(<PublicTeamPage />, { path: "/team/crew", route: "/team/:slug" });
    expect(await screen.findByText("Intro call")).toBeTruthy();
    expect(document.documentElement.lang).toBe("de");
    expect(screen.getByRole("list", { name: "Mitglieder" })).toBeTruthy();
    expect(screen.getByText(/30 Min\. · Round Robin/)).toBeTruthy();
    expect(screen.getByText("Mit Ada Host")).toBeTruthy();
  });

  it("says a missing team is not found, in German", async () => {
    fakeApi({});
    renderScreen(<PublicTeamPage />, { path: "/team/nobody", route: "/team/:slug" });
    expect(await screen.findByText("Team nicht gefunden")).toBeTruthy();
  });
});

describe("the public poll page with ?lang=de", () => {
  it("speaks German, with German answers and a 24-hour clock", async () => {
    fakeApi({
      "GET /polls/plan/public": () =>
        ok({
          title: "Planning",
          description: "",
          duration: 45,
          hostName: "Ada Host",
          hostTimezone: "Europe/Berlin",
          hostTimeFormat: "12h",
          closed: false,
          times: [{ start: "2027-03-15T13:00:00.000Z", yes: 2, maybe: 1, no: 0 }],
          voters: [],
        }),
    });
    renderScreen(<PollPage />, { path: "/poll/plan", route: "/poll/:slug" });
    expect(await screen.findByText("Ada Host fragt")).toBeTruthy();
    expect(screen.getByText("45 Min.")).toBeTruthy();
    expect(screen.getByText("2 ja · 1 notfalls")).toBeTruthy();
    expect(screen.getByLabelText("Ihr Name *")).toBeTruthy();
    expect(screen.getByText("Notfalls")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Stimmen abgeben" })).toBeTruthy();
    // German's own clock, not the host's 12-hour English one: no am/pm.
    expect(screen.queryByText(/[ap]m$/i)).toBeNull();
  });
});
