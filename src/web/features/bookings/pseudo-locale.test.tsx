// @vitest-environment happy-dom
/**
 * Issue 27's check that no invitee-facing English is left in the booking page: it is rendered with a
 * pseudo catalogue (every word of the English catalogue wrapped in ⟦ ⟧, dates and times in Japanese),
 * so any Latin word outside the marks, in the text or in a label an assistive technology reads, is
 * a literal that never went through the catalogue. Also: dates and times per locale.
 */
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import en from "../../../i18n/web/en.json";
import { activate } from "../../lib/i18n";
import { compileCatalogue } from "../../lib/i18n-compile";
import BookingPage from "./BookingPage";
import { formatDateLong, formatDuration, formatTimeRange } from "./time";

/** Host-written data and names that are no English of ours. */
const DATA = new Set(["Zoom", "GMT", "UTC", "Tokyo", "Kathmandu", "Kolkata", "Kairos"]);

const pseudo = Object.fromEntries(
  Object.entries(en).map(([id, message]) => [
    id,
    compileMessage(message, (text) => text.replace(/[A-Za-z][A-Za-z'.]*/g, (w) => `⟦${w}⟧`)),
  ]),
);

/** The Latin words of the page's text and labels that did not come from the catalogue. */
function untranslated(): string[] {
  // The language switcher names each language in its own words.
  const page = document.body.cloneNode(true) as HTMLElement;
  for (const own of page.querySelectorAll("option[lang]")) own.remove();
  const texts = [page.textContent ?? ""];
  for (const el of page.querySelectorAll("[aria-label], [placeholder], [title], [abbr]"))
    for (const name of ["aria-label", "placeholder", "title", "abbr"])
      texts.push(el.getAttribute(name) ?? "");
  return texts
    .flatMap((text) => text.replace(/⟦[^⟧]*⟧/g, " ").match(/[A-Za-z]{2,}/g) ?? [])
    .filter((word) => !DATA.has(word));
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const eventType = {
  _id: "00000000-0000-4000-8000-0000000000e1",
  title: "面談",
  name: "面談",
  type: "one-on-one",
  duration: 90,
  description: "",
  color: "#3B82F6",
  slug: "intro",
  isActive: true,
  locations: [{ type: "zoom", value: "", displayName: "Zoom" }],
  bookingSettings: { daysAhead: 60, unit: "days", leadHours: 0, noticeUnit: "minutes", mode: "rolling" },
  questions: [{ id: "q1", question: "会社名", type: "text", required: false }],
  phoneField: "optional",
  maxInvitees: 3,
  confirmation: { required: false, noticeHours: null, expiryHours: 24 },
  bookingLimits: {},
  availabilityScheduleId: null,
  googleAccountId: null,
  language: null,
  user: {
    _id: "u1",
    name: "小林",
    username: "ada",
    avatar: null,
    timezone: "Asia/Tokyo",
    timeFormat: "12h",
    weekStart: "sunday",
    language: null,
  },
  fixedTimes: [],
  expiresAt: null,
  closedAt: null,
  team: null,
  hosts: [],
  missing: [],
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

beforeAll(() => {
  vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://kairos.test");
    const ok = (data: unknown) =>
      new Response(JSON.stringify({ success: true, data }), {
        headers: { "Content-Type": "application/json" },
      });
    if (url.pathname.endsWith("/public")) return ok(eventType);
    if (url.searchParams.has("month")) return ok({ days: [day(2), day(3)] });
    const date = url.searchParams.get("date") ?? "";
    if (date !== day(2)) return ok([]);
    return ok([
      { startTime: "10:00am", iso: `${date}T01:00:00.000Z`, seatsLeft: 2 },
      { startTime: "11:00am", iso: `${date}T02:00:00.000Z`, seatsLeft: 1 },
    ]);
  });
});
afterEach(cleanup);
afterAll(() => {
  vi.unstubAllGlobals();
  activate({ locale: "en", messages: compileCatalogue(en) });
});

describe("the booking page in a pseudo-locale", () => {
  it("shows no English that skipped the catalogue, on the times and on the details", async () => {
    activate({ locale: "ja", messages: pseudo });
    const router = createMemoryRouter([{ path: "/:username/:slug", element: <BookingPage /> }], {
      initialEntries: ["/ada/intro"],
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const times = await screen.findAllByRole("button", { pressed: false, name: /⟦seats⟧/ });
    expect(untranslated()).toEqual([]);

    fireEvent.click(times[0]);
    fireEvent.click(await screen.findByRole("button", { name: "⟦Next⟧" }));
    await screen.findByRole("heading", { name: "⟦Enter⟧ ⟦Details⟧" });
    fireEvent.click(screen.getByRole("button", { name: /⟦Schedule⟧/ }));
    await screen.findAllByText("⟦Name⟧ ⟦is⟧ ⟦required⟧");
    expect(untranslated()).toEqual([]);
  });
});

describe("dates and times per locale", () => {
  const start = "2027-03-15T13:00:00.000Z";
  const end = "2027-03-15T14:30:00.000Z";
  it.each([
    ["en", "Monday, March 15, 2027", "1:00pm - 2:30pm", "1 hr 30 min"],
    ["de", "Montag, 15. März 2027", "13:00–14:30", "1 Std. 30 Min."],
    ["fr", "lundi 15 mars 2027", "13:00 – 14:30", "1 h 30 min"],
    ["ja", "2027年3月15日月曜日", "13:00～14:30", "1時間30分"],
    ["ar", "الاثنين، 15 مارس 2027", "1:00 م - 2:30 م", "ساعة واحدة و30 دقيقة"],
  ] as const)("%s", async (locale, date, times, duration) => {
    const { loadCatalogue } = await import("../../lib/i18n-catalogues");
    activate({ locale, messages: compileCatalogue(await loadCatalogue(locale)) });
    expect(formatDateLong(start, "UTC")).toBe(date);
    expect(formatTimeRange(start, end, "UTC")).toBe(times);
    expect(formatDuration(90)).toBe(duration);
  });
});
