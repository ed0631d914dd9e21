import type { BookingStatus } from "../../../contract/bookings";
import type { BadgeTone } from "../../components/ui";
import type { AppMessageId } from "../../lib/app-messages";

/**
 * How each booking status reads on a badge. Its own module: the dashboard's list shows these badges,
 * and importing them from MeetingItem pulled the phone formatting data (25 KB) into the dashboard.
 */
export const STATUS_BADGE: Record<BookingStatus, { label: AppMessageId; tone: BadgeTone }> = {
  confirmed: { label: "meetings.status.confirmed", tone: "green" },
  cancelled: { label: "meetings.status.cancelled", tone: "red" },
  completed: { label: "meetings.status.completed", tone: "grey" },
  no_show: { label: "meetings.status.noShow", tone: "amber" },
  pending: { label: "meetings.status.pending", tone: "blue" },
  declined: { label: "meetings.status.declined", tone: "red" },
  expired: { label: "meetings.status.expired", tone: "grey" },
};
