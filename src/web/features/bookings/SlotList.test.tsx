// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SlotList } from "./SlotList";

afterEach(cleanup);

describe("the booking page's times", () => {
  it("shows the seats left of a group event's times, and nothing for one-seat types", () => {
    const props = {
      date: "2026-10-29",
      loading: false,
      error: false,
      onRetry: () => {},
      selected: null,
      onSelect: () => {},
      onNext: () => {},
    };
    render(
      <SlotList
        {...props}
        slots={[
          { startTime: "10:00am", iso: "2026-10-29T14:00:00.000Z", seatsLeft: 1 },
          { startTime: "11:00am", iso: "2026-10-29T15:00:00.000Z", seatsLeft: 3 },
        ]}
      />,
    );
    expect(screen.getByRole("button", { name: "10:00am 1 seat left" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "11:00am 3 seats left" })).toBeTruthy();
    cleanup();
    render(<SlotList {...props} slots={[{ startTime: "10:00am", iso: "2026-10-29T14:00:00.000Z" }]} />);
    expect(screen.getByRole("button", { name: "10:00am" })).toBeTruthy();
  });
});
