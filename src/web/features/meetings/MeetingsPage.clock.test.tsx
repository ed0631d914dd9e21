// @vitest-environment happy-dom
/**
 * The Meetings list on the host's own clock (issue 27): Settings > Profile's time format and app
 * language, read by the signed-in guard, decide how every time reads; the booking page's defaults
 * (English 12-hour, other languages their own clock) do not.
 */
import { screen } from "@testing-library/react";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { ListedBooking } from "../../../contract/seats";
import { RequireAuth } from "../../components/layout/RouteGuards";
import { loadAppLanguage } from "../../lib/app-language";
import { followHostTimeFormat } from "../../lib/host-clock";
import { fakeApi, ok, renderScreen, testUser } from "../../testing/render";
import MeetingsPage from "./MeetingsPage";

/** 12:30 UTC on a winter Tuesday: 13:30 in Berlin (CET), the host's schedule zone. */
const meeting = {
  _id: "00000000-0000-4000-8000-0000000000b1",
  uid: "u1",
  eventType: { _id: "e1", name: "Beratung", title: "Beratung", color: "#2563eb", slug: "b", duration: 30 },
  attendee: { name: "Priya Sharma", email: "priya@example.com", phone: "", timezone: "Asia/Kolkata" },
  guests: [],
  answers: [],
  message: "",
  startTime: "2027-01-12T12:30:00.000Z",
  endTime: "2027-01-12T13:00:00.000Z",
  status: "confirmed",
  location: { type: "zoom", value: "", displayName: "Zoom" },
  meetingLink: "",
  host: { name: "Ada Host", timezone: "Europe/Berlin", username: "ada" },
} as unknown as ListedBooking;

function showList(appLanguage: "de" | "en", timeFormat: "12h" | "24h") {
  localStorage.setItem("auth_token", "t");
  fakeApi({
    "GET /auth/me": () => ok({ user: { ...testUser, timezone: "Europe/Berlin", appLanguage, timeFormat } }),
    "GET /bookings": () =>
      ok([meeting], { pagination: { page: 1, limit: 20, total: 1, totalPages: 1, totalCapped: false } }),
    "GET /calendar-sync": () => ok({}),
  });
  renderScreen(
    <RequireAuth>
      <MeetingsPage />
    </RequireAuth>,
    { path: "/meetings" },
  );
}

/** The first screen in a language waits for its catalogue to load and compile, slow on a busy machine. */
const LOADED = { timeout: 5000 };

afterEach(() => followHostTimeFormat(null));
afterAll(() => loadAppLanguage("en"));

describe("the Meetings list's times", () => {
  it("a German host on a 24-hour clock reads 13:30 - 14:00 and the zone's German name", async () => {
    showList("de", "24h");
    expect(await screen.findByText("13:30 - 14:00", {}, LOADED)).toBeTruthy();
    expect(document.documentElement.lang).toBe("de");
    expect(document.body.textContent).toContain("Mitteleuropäische Zeit (Berlin)");
    expect(document.body.textContent).not.toMatch(/pm|PM/);
  });

  it("a German host who chose 12-hour reads German's 12-hour form, not the 24-hour default", async () => {
    showList("de", "12h");
    expect(await screen.findByText("1:30 PM - 2:00 PM", {}, LOADED)).toBeTruthy();
  });

  it("an English host on a 12-hour clock reads the spec's 1:30pm - 2:00pm", async () => {
    showList("en", "12h");
    expect(await screen.findByText("1:30pm - 2:00pm", {}, LOADED)).toBeTruthy();
    expect(document.body.textContent).toContain("Central European Time (Berlin)");
  });

  it("an English host who chose 24-hour reads 13:30 - 14:00", async () => {
    showList("en", "24h");
    expect(await screen.findByText("13:30 - 14:00", {}, LOADED)).toBeTruthy();
  });
});
