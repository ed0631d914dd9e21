import { ApiError } from "../../lib/api";

export interface BookingAlert {
  /** Only the calendar codes carry a title; other failures show just the message. */
  title?: string;
  message: string;
}

/** Spec section 8, 'Booking codes': what the invitee is told when the host's calendar gets in the way. */
const CALENDAR_ALERTS: Record<string, BookingAlert> = {
  GOOGLE_TOKEN_EXPIRED: {
    title: "Google Calendar Access Expired",
    message:
      "The host's Google Calendar connection has expired. Please contact them so they can reconnect it, then try again.",
  },
  GOOGLE_NOT_CONNECTED: {
    title: "Google Calendar Not Connected",
    message: "The host has not connected a Google Calendar for this event. Please contact them to set it up.",
  },
  GOOGLE_ACCESS_DENIED: {
    title: "Google Calendar Access Denied",
    message:
      "The host's Google Calendar refused access because of a permissions issue. Please contact the host.",
  },
  MEETING_CREATION_FAILED: {
    title: "Meeting Creation Failed",
    message: "We were unable to create the meeting link. Please try again or contact the host.",
  },
};

/** The slot went away between showing and booking: the page sends the invitee back to fresh times. */
export function isSlotConflict(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 409 || error.errorCode === "SLOT_TAKEN" || error.errorCode === "SLOT_UNAVAILABLE")
  );
}

export function bookingAlert(error: unknown): BookingAlert {
  if (error instanceof ApiError && error.errorCode && CALENDAR_ALERTS[error.errorCode]) {
    return CALENDAR_ALERTS[error.errorCode];
  }
  const generic = !(error instanceof Error) || !error.message || error.message === "API call failed";
  return { message: generic ? "Failed to schedule meeting" : (error as Error).message };
}

/** Server field errors are keyed by path ('attendee.email'); the form's fields use the last segment. */
export function fieldErrorsFrom(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.errors) return {};
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(error.errors)) {
    const key = path.startsWith("attendee.") ? path.slice("attendee.".length) : path;
    const field = key.startsWith("guests") ? "guests" : key.startsWith("location") ? "location" : key;
    out[field] = message;
  }
  return out;
}
