import { ApiError } from "../../lib/api";
import { currentLocale, t, type WebMessageId } from "../../lib/i18n";

export interface BookingAlert {
  /** Only the calendar codes carry a title; other failures show just the message. */
  title?: string;
  message: string;
}

/** Spec section 8, 'Booking codes': what the invitee is told when the host's calendar gets in the way. */
const CALENDAR_ALERTS: Record<string, [WebMessageId, WebMessageId]> = {
  GOOGLE_TOKEN_EXPIRED: ["alert.tokenExpired", "alert.tokenExpiredText"],
  GOOGLE_NOT_CONNECTED: ["alert.notConnected", "alert.notConnectedText"],
  GOOGLE_ACCESS_DENIED: ["alert.accessDenied", "alert.accessDeniedText"],
  MEETING_CREATION_FAILED: ["alert.meetingFailed", "alert.meetingFailedText"],
};

/** The slot went away between showing and booking: the page sends the invitee back to fresh times. */
export function isSlotConflict(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 409 || error.errorCode === "SLOT_TAKEN" || error.errorCode === "SLOT_UNAVAILABLE")
  );
}

export function bookingAlert(error: unknown): BookingAlert {
  const calendar =
    error instanceof ApiError && error.errorCode ? CALENDAR_ALERTS[error.errorCode] : undefined;
  if (calendar) return { title: t(calendar[0]), message: t(calendar[1]) };
  // The server's own words are English: other languages get the general message.
  const generic =
    !(error instanceof Error) ||
    !error.message ||
    error.message === "API call failed" ||
    currentLocale() !== "en";
  return { message: generic ? t("booking.failed") : (error as Error).message };
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
