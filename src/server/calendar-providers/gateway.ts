import type { CaldavProvider } from "./caldav.js";
import type { BookingEventInput, BusyCalendar, BusyInterval, RemoteCalendar, WrittenEvent } from "./types.js";

/** Sealed in calendar_accounts.secret, by provider. */
export type AccountSecret =
  | { provider: "caldav"; password: string }
  | { provider: "google"; accessToken: string | null; refreshToken: string | null; expiry: number | null };

/** Google tokens as they change: the gateway hands refreshed ones back to be stored. */
export interface GoogleTokens {
  accessToken: string | null;
  refreshToken: string | null;
  expiry: number | null;
}

/** Google Calendar v3 as the features use it; google-calendar.ts implements it with @googleapis/calendar. */
export interface GoogleCalendarApi {
  listCalendars(tokens: GoogleTokens, onTokens: (t: GoogleTokens) => void): Promise<RemoteCalendar[]>;
  busy(
    tokens: GoogleTokens,
    onTokens: (t: GoogleTokens) => void,
    calendars: BusyCalendar[],
    range: { from: number; to: number },
    floatingZone: string,
  ): Promise<Map<string, BusyInterval[]>>;
  write(
    tokens: GoogleTokens,
    onTokens: (t: GoogleTokens) => void,
    calendarId: string,
    event: BookingEventInput,
    existing: string | null,
  ): Promise<WrittenEvent>;
  remove(
    tokens: GoogleTokens,
    onTokens: (t: GoogleTokens) => void,
    calendarId: string,
    remoteId: string,
  ): Promise<void>;
  /** Revokes the refresh token (or access token) at Google. */
  revoke(tokens: GoogleTokens): Promise<void>;
}

export interface Providers {
  caldav: CaldavProvider;
  google: GoogleCalendarApi | null;
}

/** One account, opened with its credentials: what busy times, writes and deletes need. */
export interface AccountHandle {
  busy(
    calendars: { remoteId: string; allDayBusy: boolean }[],
    range: { from: number; to: number },
    floatingZone: string,
  ): Promise<Map<string, BusyInterval[]>>;
  write(calendarRemoteId: string, event: BookingEventInput, existing: string | null): Promise<WrittenEvent>;
  remove(calendarRemoteId: string, remoteId: string): Promise<void>;
}
