import type { BookingStatus } from "../../../contract/bookings";
import type { BadgeTone } from "../../components/ui";

/**
 * How each booking status reads on a badge. Its own module: the dashboard's list shows these badges,
 * and importing them from MeetingItem pulled the phone formatting data (25 KB) into the dashboard.
 */
export const STATUS_BADGE: Record<BookingStatus, { label: string; tone: BadgeTone }> = {
  confirmed: { label: "Confirmed", tone: "green" },
  cancelled: { label: "Cancelled", tone: "red" },
  completed: { label: "Completed", tone: "grey" },
  no_show: { label: "No Show", tone: "amber" },
  pending: { label: "Pending", tone: "blue" },
  declined: { label: "Declined", tone: "red" },
  expired: { label: "Expired", tone: "grey" },
};
