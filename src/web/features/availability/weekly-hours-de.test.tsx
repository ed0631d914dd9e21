// @vitest-environment happy-dom
/**
 * Weekly hours in the host's language and clock (issue 27): the stored labels ('9:00am', what the API
 * keeps and the selects still send) read as a German host on a 24-hour clock reads times.
 */

import { fireEvent, render, screen } from "@testing-library/react";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import type { DaySchedule, Weekday } from "../../../contract/availability";
import { RequireAuth } from "../../components/layout/RouteGuards";
import { loadAppLanguage } from "../../lib/app-language";
import { followHostTimeFormat } from "../../lib/host-clock";
import { fakeApi, ok, renderScreen, testUser } from "../../testing/render";
import { ScheduleSummary } from "./ScheduleSummary";
import { WeeklyHoursEditor } from "./WeeklyHoursEditor";

const off = (day: Weekday): DaySchedule => ({
  day,
  dayCode: day.slice(0, 3),
  isAvailable: false,
  timeSlots: [],
});
const week: DaySchedule[] = [
  off("sunday"),
  {
    day: "monday",
    dayCode: "mon",
    isAvailable: true,
    timeSlots: [{ startTime: "9:00am", endTime: "5:00pm" }],
  },
  {
    day: "tuesday",
    dayCode: "tue",
    isAvailable: true,
    timeSlots: [
      { startTime: "8:30am", endTime: "12:00pm" },
      { startTime: "6:00pm", endTime: "12:00am" },
    ],
  },
  off("wednesday"),
  off("thursday"),
  off("friday"),
  off("saturday"),
];

/** The first screen in a language waits for its catalogue to load and compile, slow on a busy machine. */
const LOADED = { timeout: 5000 };

afterEach(() => followHostTimeFormat(null));
afterAll(() => loadAppLanguage("en"));

describe("weekly hours for a German host on a 24-hour clock", () => {
  it("the schedule summary reads 9:00 - 17:00 and 18:00 - 24:00, and names the zone in German", async () => {
    localStorage.setItem("auth_token", "t");
    fakeApi({
      "GET /auth/me": () => ok({ user: { ...testUser, appLanguage: "de", timeFormat: "24h" } }),
      "GET /availability": () =>
        ok([
          {
            _id: "s1",
            name: "Arbeitszeiten",
            isDefault: true,
            timezone: "UTC",
            schedule: week,
            dateOverrides: [],
          },
        ]),
    });
    renderScreen(
      <RequireAuth>
        <ScheduleSummary />
      </RequireAuth>,
    );
    expect(await screen.findByText("9:00 - 17:00", {}, LOADED)).toBeTruthy();
    expect(screen.getByText("8:30 - 12:00, 18:00 - 24:00")).toBeTruthy();
    expect(document.body.textContent).toContain("Koordinierte Weltzeit");
    expect(document.body.textContent).not.toMatch(/\d(am|pm)/);
  });

  it("the editor's selects show the host's clock and still send the stored labels", async () => {
    await loadAppLanguage("de");
    followHostTimeFormat("24h");
    const update = vi.fn();
    render(<WeeklyHoursEditor week={week} errors={{}} update={update} />);
    const start = screen.getByRole("combobox", {
      name: "Montag, Zeitfenster 1, Beginn",
    }) as HTMLSelectElement;
    expect(start.value).toBe("9:00am");
    expect(start.selectedOptions[0].textContent).toBe("9:00");
    const lastEnd = screen.getByRole("combobox", {
      name: "Dienstag, Zeitfenster 2, Ende",
    }) as HTMLSelectElement;
    expect(lastEnd.value).toBe("12:00am");
    expect(lastEnd.selectedOptions[0].textContent).toBe("24:00");
    fireEvent.change(start, { target: { value: "1:30pm" } });
    expect(update).toHaveBeenCalled();
    const next = update.mock.calls[0][0]({ schedule: week });
    expect(next.schedule[1].timeSlots[0]).toEqual({ startTime: "1:30pm", endTime: "5:00pm" });
  });
});
