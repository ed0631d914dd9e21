/** What the calendar features need from a provider (Google Calendar v3, CalDAV). */

/** A busy stretch, epoch milliseconds, [start, end). */
export interface BusyInterval {
  start: number;
  end: number;
}

export interface RemoteCalendar {
  remoteId: string;
  name: string;
  color: string | null;
  /** The account's main calendar (Google's primary); it is picked to receive bookings first. */
  primary: boolean;
}

/** A calendar whose busy times a lookup reads. */
export interface BusyCalendar {
  remoteId: string;
  /** All-day events count as busy. */
  allDayBusy: boolean;
}

/** The event a booking puts in the host's calendar. */
export interface BookingEventInput {
  /** Stable across the booking's life (the booking's public uid). */
  uid: string;
  sequence: number;
  summary: string;
  description: string;
  start: Date;
  end: Date;
  /** The host's IANA zone; the event is written in it. */
  timeZone: string;
  location: string | null;
  organizer: { name: string; email: string };
  attendees: { name: string; email: string }[];
  /** Ask the provider for a Google Meet link (Google only). */
  meet: boolean;
  /**
   * A recurring booking's one event (issue 28 item 3): `start`/`end` are the rule's first occurrence,
   * repeated in `timeZone`; `exclude` are the starts not shown (EXDATE).
   */
  recurrence?: { frequency: "weekly" | "biweekly" | "monthly"; count: number; exclude: Date[] };
}

export interface WrittenEvent {
  remoteId: string;
  meetLink: string | null;
}

/**
 * A provider refused our credentials: the account needs reconnecting. `reason`: the grant expired or
 * was revoked, or the account lacks a permission (Google's 403).
 */
export class CredentialsError extends Error {
  constructor(
    message: string,
    readonly reason: "expired" | "denied" = "expired",
  ) {
    super(message);
  }
}

/**
 * The calendar server answered in a way we cannot use (not CalDAV, a 5xx, a timeout). `permanent`: it
 * refused this request as such (a 4xx other than credentials), so asking again gives the same answer.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly options: { permanent?: boolean } = {},
  ) {
    super(message);
  }
}
