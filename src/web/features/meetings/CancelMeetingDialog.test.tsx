// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ListedBooking } from "../../../contract/seats";
import { fakeApi, ok, renderScreen, testUser } from "../../testing/render";
import { CancelMeetingDialog } from "./CancelMeetingDialog";

const SEAT_A = "00000000-0000-4000-8000-0000000000a1";
const SEAT_B = "00000000-0000-4000-8000-0000000000b2";

/** A group meeting of two seats as the Meetings list answers it (issue 28 item 2). */
const meeting = {
  _id: SEAT_A,
  uid: "u1",
  eventType: {
    _id: "e1",
    name: "Workshop",
    title: "Workshop",
    color: "#2563eb",
    slug: "w",
    duration: 60,
    type: "group",
  },
  attendee: { name: "Ada Seat", email: "ada@example.com", phone: "", timezone: "UTC" },
  startTime: "2026-11-30T04:30:00.000Z",
  endTime: "2026-11-30T05:30:00.000Z",
  status: "confirmed",
  host: { name: "Ada Host", timezone: "Asia/Kolkata", username: "ada" },
  seats: {
    taken: 2,
    capacity: 10,
    attendees: [
      { _id: SEAT_A, name: "Ada Seat", email: "ada@example.com", status: "confirmed" },
      { _id: SEAT_B, name: "Ben Seat", email: "ben@example.com", status: "confirmed" },
    ],
  },
} as unknown as ListedBooking;

describe("cancelling a group meeting", () => {
  const setUp = (seat: boolean) => {
    localStorage.setItem("auth_token", "t");
    const api = fakeApi({
      "GET /auth/me": () => ok({ user: testUser }),
      [`PUT /bookings/${SEAT_B}/cancel`]: () => ok({ ...meeting, _id: SEAT_B, status: "cancelled" }),
      [`PUT /bookings/${SEAT_A}/cancel-meeting`]: () => ok({ ...meeting, status: "cancelled" }),
    });
    renderScreen(
      <CancelMeetingDialog
        booking={meeting}
        seat={seat ? meeting.seats?.attendees[1] : null}
        onClose={() => {}}
      />,
    );
    return api;
  };

  it("one seat: names its attendee and cancels only that seat's booking", async () => {
    const api = setUp(true);
    const dialog = await screen.findByRole("dialog", { name: "Cancel seat" });
    expect(dialog.textContent).toContain("Workshop with Ben Seat");
    expect(dialog.textContent).toContain("Ben Seat is emailed; the other seats stay.");
    fireEvent.click(screen.getByRole("radio", { name: "Scheduling conflict" }));
    fireEvent.click(screen.getByRole("button", { name: "Cancel seat" }));
    await waitFor(() => expect(api.of("PUT", `/bookings/${SEAT_B}/cancel`)).toHaveLength(1));
    expect(api.of("PUT", `/bookings/${SEAT_B}/cancel`)[0].body).toEqual({ reason: "Scheduling conflict" });
    expect(api.of("PUT", `/bookings/${SEAT_A}/cancel-meeting`)).toHaveLength(0);
  });

  it("the whole meeting: every seat through cancel-meeting, the message to all attendees", async () => {
    const api = setUp(false);
    const dialog = await screen.findByRole("dialog", { name: "Cancel meeting" });
    expect(dialog.textContent).toContain("Workshop with 2 of 10 seats taken");
    expect(screen.getByLabelText(/Message to attendees/)).toBeTruthy();
    fireEvent.click(screen.getByRole("radio", { name: "Meeting no longer needed" }));
    fireEvent.click(screen.getByRole("button", { name: "Cancel meeting" }));
    await waitFor(() => expect(api.of("PUT", `/bookings/${SEAT_A}/cancel-meeting`)).toHaveLength(1));
    expect(api.of("PUT", `/bookings/${SEAT_A}/cancel`)).toHaveLength(0);
  });
});
