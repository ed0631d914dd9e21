import { useAuth } from "../../lib/auth";
import { useSchedules } from "../availability/queries";
import { useCalendarAccounts } from "../calendars/queries";
import { useEventTypes } from "../event-types/queries";

/** Which of the 'Get started' panel's four steps the host has done, from what the dashboard loads. */
export interface GetStartedProgress {
  eventType: boolean;
  availability: boolean;
  calendar: boolean;
  link: boolean;
  done: number;
  /** Every step done, as far as the answers so far tell (a step not yet answered counts as not done). */
  allDone: boolean;
}

/**
 * `hasBookings`: someone booked the host (the dashboard's figures or upcoming list say so), which is
 * what sharing the link was for. Availability counts as set once a schedule was saved after it was
 * made (sign-up makes the default one), has a date override, a second schedule exists, or bookings
 * were made within it (the seeded demo host never saved theirs).
 * `hasEventTypes`: the dashboard's figures count an event type of the host. The event types list may be
 * a cached answer from before one was made elsewhere (the API, another tab); the panel must not say
 * "Create an event type" beside "Active Event Types 1".
 * `wanted`: the panel may show; a host who hid it does not pay for the two lists only it reads.
 */
export function useGetStartedProgress(
  hasBookings: boolean,
  hasEventTypes: boolean,
  wanted: boolean,
): GetStartedProgress {
  const { user } = useAuth();
  const eventTypes = useEventTypes();
  const schedules = useSchedules({ enabled: wanted });
  const calendars = useCalendarAccounts({ enabled: wanted });
  const list = schedules.data ?? [];
  const steps = {
    eventType: hasEventTypes || (eventTypes.data?.length ?? 0) > 0,
    // Bookings were made within the hours the schedule offers: it is in use, saved or not.
    availability:
      hasBookings ||
      list.length > 1 ||
      list.some((s) => s.updatedAt !== s.createdAt || s.dateOverrides.length > 0),
    calendar: (calendars.data?.length ?? 0) > 0,
    link: hasBookings || !!user?.preferences.sharedBookingLink,
  };
  const done = Object.values(steps).filter(Boolean).length;
  return { ...steps, done, allDone: done === 4 };
}
