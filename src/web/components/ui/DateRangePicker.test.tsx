// @vitest-environment happy-dom
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import "../../testing/render";
import { DateRangePicker, type DateRangeValue, pickInRange } from "./DateRangePicker";

function Harness({
  initial = {},
  onChange,
}: {
  initial?: DateRangeValue;
  onChange: (v: DateRangeValue) => void;
}) {
  const [value, setValue] = useState<DateRangeValue>(initial);
  return (
    <DateRangePicker
      id="range"
      value={value}
      today="2026-12-01"
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

const day = (date: string) => {
  const button = document.querySelector<HTMLButtonElement>(`button[data-date="${date}"]`);
  if (!button) throw new Error(`${date} is not shown`);
  fireEvent.click(button);
};
const control = () => {
  const button = document.getElementById("range");
  if (!button) throw new Error("no control");
  return button;
};

describe("the date range picker (spec section 5)", () => {
  it("is one control reading 'Select date range'; it opens with 'Pick a start and end date' and closes on completing a range", () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    expect(control().textContent).toBe("Select date range");
    fireEvent.click(control());
    expect(screen.getByText("Pick a start and end date")).toBeTruthy();
    day("2026-12-07");
    expect(onChange).toHaveBeenLastCalledWith({ start: "2026-12-07" });
    expect(screen.getByText("Now pick the end date")).toBeTruthy();
    day("2026-12-18");
    expect(onChange).toHaveBeenLastCalledWith({ start: "2026-12-07", end: "2026-12-18" });
    expect(screen.queryByText("Pick a start and end date")).toBeNull();
    expect(control().textContent).toBe("Dec 7, 2026 - Dec 18, 2026");
  });

  it("stores only the start for a same-day pick, and Clear empties it", () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.click(control());
    day("2026-12-09");
    day("2026-12-09");
    expect(onChange).toHaveBeenLastCalledWith({ start: "2026-12-09" });
    expect(screen.queryByText("Pick a start and end date")).toBeNull();
    expect(control().textContent).toBe("Dec 9, 2026");
    fireEvent.click(control());
    fireEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(onChange).toHaveBeenLastCalledWith({});
    expect(control().textContent).toBe("Select date range");
  });

  it("a click before the start starts the range again there", () => {
    expect(pickInRange({ start: "2026-12-10" }, "2026-12-03", true)).toEqual({
      value: { start: "2026-12-03" },
      done: false,
    });
    expect(pickInRange({ start: "2026-12-10", end: "2026-12-12" }, "2026-12-20", false)).toEqual({
      value: { start: "2026-12-20" },
      done: false,
    });
  });
});
