// @vitest-environment happy-dom
import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { type DaySchedule, defaultWeek } from "../../../contract/availability";
import "../../testing/render";
import { DateOverrideDialog, type DateOverrideDialogProps } from "./DateOverrideDialog";

// Weekdays 10:00am-4:00pm, so a fresh override's hours visibly come from the week.
const week: DaySchedule[] = defaultWeek().map((d) =>
  d.isAvailable ? { ...d, timeSlots: [{ startTime: "10:00am", endTime: "4:00pm" }] } : d,
);

function open(props: Partial<DateOverrideDialogProps> = {}) {
  const onSubmit = vi.fn();
  const onOpenChange = vi.fn();
  render(
    <DateOverrideDialog
      open
      onOpenChange={onOpenChange}
      editing={false}
      today="2026-12-01"
      week={week}
      existingDates={["2026-12-25"]}
      onSubmit={onSubmit}
      {...props}
    />,
  );
  const dialog = screen.getByRole("dialog");
  const day = (date: string) => {
    const button = dialog.querySelector<HTMLButtonElement>(`button[data-date="${date}"]`);
    if (!button) throw new Error(`${date} is not shown`);
    fireEvent.click(button);
  };
  return { dialog, day, onSubmit, onOpenChange };
}

describe("the date override dialog", () => {
  it("takes a range in one go: every day between two clicks gets the same day off", () => {
    const { dialog, day, onSubmit, onOpenChange } = open();
    fireEvent.click(within(dialog).getByLabelText("Date range"));
    day("2026-12-26");
    expect(within(dialog).getByText("Now pick the last day of the range.")).toBeTruthy();
    day("2026-12-24");
    expect(within(dialog).getByTestId("override-dates").textContent).toBe(
      "Thu, Dec 24, 2026 to Sat, Dec 26, 2026 (3 days)",
    );
    expect(
      within(dialog).getByText("1 of these dates already has an override; saving replaces it."),
    ).toBeTruthy();
    fireEvent.input(within(dialog).getByLabelText("Reason (optional)"), { target: { value: " Holidays " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add overrides (3 dates)" }));
    return vi.waitFor(() => {
      expect(onSubmit).toHaveBeenCalledWith(
        ["2026-12-24", "2026-12-25", "2026-12-26"].map((date) => ({
          date,
          isAvailable: false,
          reason: "Holidays",
          timeSlots: [],
        })),
        undefined,
      );
      expect(onOpenChange).toHaveBeenCalledWith(false);
    });
  });

  it("takes several dates picked one by one, with the first date's usual hours", async () => {
    const { dialog, day, onSubmit } = open();
    day("2026-12-07");
    day("2026-12-09");
    day("2026-12-11");
    day("2026-12-09");
    fireEvent.click(within(dialog).getByRole("switch", { name: "Available on this date" }));
    expect(
      (within(dialog).getByLabelText("Override time slot 1, start time") as HTMLSelectElement).value,
    ).toBe("10:00am");
    fireEvent.click(within(dialog).getByRole("button", { name: "Add overrides (2 dates)" }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const [overrides] = onSubmit.mock.calls[0];
    expect(overrides.map((o: { date: string }) => o.date)).toEqual(["2026-12-07", "2026-12-11"]);
    expect(overrides[1]).toMatchObject({
      isAvailable: true,
      timeSlots: [{ startTime: "10:00am", endTime: "4:00pm" }],
    });
  });

  it("refuses hours the contract refuses, and says why under the slot", async () => {
    const { dialog, day, onSubmit } = open();
    day("2026-12-08");
    fireEvent.click(within(dialog).getByRole("switch", { name: "Available on this date" }));
    fireEvent.change(within(dialog).getByLabelText("Override time slot 1, start time"), {
      target: { value: "3:00pm" },
    });
    fireEvent.change(within(dialog).getByLabelText("Override time slot 1, end time"), {
      target: { value: "1:00pm" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add override" }));
    await vi.waitFor(() =>
      expect(
        within(dialog).getByLabelText("Override time slot 1, start time").getAttribute("aria-invalid"),
      ).toBe("true"),
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("edits one override: a click moves it to another date, which replaces the old one", async () => {
    const { dialog, day, onSubmit } = open({
      editing: true,
      initial: { date: "2026-12-25", isAvailable: false, reason: "Christmas", timeSlots: [] },
    });
    expect(within(dialog).queryByLabelText("Date range")).toBeNull();
    day("2026-12-28");
    day("2026-12-29");
    fireEvent.click(within(dialog).getByRole("button", { name: "Save override" }));
    await vi.waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        [{ date: "2026-12-29", isAvailable: false, reason: "Christmas", timeSlots: [] }],
        "2026-12-25",
      ),
    );
  });

  it("opened on a date of the calendar view, starts from that weekday's usual hours", () => {
    const { dialog } = open({ initial: { date: "2026-12-09" } });
    fireEvent.click(within(dialog).getByRole("switch", { name: "Available on this date" }));
    expect((within(dialog).getByLabelText("Override time slot 1, end time") as HTMLSelectElement).value).toBe(
      "4:00pm",
    );
    expect(within(dialog).getByTestId("override-dates").textContent).toBe("Wed, Dec 9, 2026");
  });
});
