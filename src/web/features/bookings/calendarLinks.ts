import type { BookingDto } from "../../../contract/bookings";
import { confirmationPath } from "./bookingApi";
import { toCalendarStamp } from "./time";

/** Where the meeting happens, as one line for a calendar entry. */
export function locationLine(b: BookingDto): string {
  return b.meetingLink || b.location?.value || b.location?.displayName || "";
}

function eventText(b: BookingDto): string {
  return `${b.eventType.title} with ${b.host.name}`;
}

function details(b: BookingDto, token?: string): string {
  const lines = [`${b.eventType.title} with ${b.host.name}.`];
  if (b.meetingLink) lines.push(`Join: ${b.meetingLink}`);
  if (b.meetingIdFormatted) lines.push(`Meeting ID: ${b.meetingIdFormatted}`);
  // The manage link lets the invitee reschedule or cancel straight from their calendar.
  if (token) lines.push(`Reschedule or cancel: ${window.location.origin}${confirmationPath(b.uid, token)}`);
  return lines.join("\n");
}

/** Google Calendar's "add event" template (UTC stamps, so no zone guessing on Google's side). */
export function googleCalendarUrl(b: BookingDto, token?: string): string {
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: eventText(b),
    dates: `${toCalendarStamp(b.startTime)}/${toCalendarStamp(b.endTime)}`,
    details: details(b, token),
    location: locationLine(b),
  });
  return `https://calendar.google.com/calendar/render?${params}`;
}

/** Outlook.com's compose deep link. */
export function outlookCalendarUrl(b: BookingDto, token?: string): string {
  const params = new URLSearchParams({
    path: "/calendar/action/compose",
    rru: "addevent",
    subject: eventText(b),
    startdt: b.startTime,
    enddt: b.endTime,
    body: details(b, token),
    location: locationLine(b),
  });
  return `https://outlook.live.com/calendar/0/action/compose?${params}`;
}
