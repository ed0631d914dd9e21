import type { BookingDto, BookingStatus } from "./bookings.js";

/** One attendee of a seated meeting, as its host sees them in the Meetings list (issue 28 item 2). */
export interface MeetingSeat {
  /** The seat's own booking: cancel one seat with PUT /bookings/:id/cancel. */
  _id: string;
  name: string;
  email: string;
  status: BookingStatus;
}

/** The seats of a group meeting: `taken` holding seats of `capacity`, every attendee (cancelled ones too). */
export interface MeetingSeats {
  taken: number;
  capacity: number;
  attendees: MeetingSeat[];
}

/**
 * A row of the host's Meetings list: a booking, or for a group event one meeting per slot (its first
 * holding seat stands for it) with `seats`; the list pages and counts meetings, not seats.
 */
export type ListedBooking = BookingDto & { seats?: MeetingSeats };
