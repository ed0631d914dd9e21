import { calendarQuery, createCalendarObject, DAVClient, deleteObject, updateObject } from "tsdav";
import { checkUrl, createGuardedFetch, type OutboundPolicy, UnsafeUrlError } from "../lib/ssrf.js";
import { buildInvite } from "../mail/ics.js";
import { busyFromICalendar } from "./ical-busy.js";
import {
  type BookingEventInput,
  type BusyCalendar,
  type BusyInterval,
  CredentialsError,
  ProviderError,
  type RemoteCalendar,
  type WrittenEvent,
} from "./types.js";

export interface CaldavCredentials {
  serverUrl: string;
  username: string;
  password: string;
}

const basicAuth = (c: CaldavCredentials) => ({
  authorization: `Basic ${Buffer.from(`${c.username}:${c.password}`).toString("base64")}`,
});

const icsStamp = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;

const TIMED_OUT = /did not answer in time/;

/** tsdav reports HTTP failures in its messages; 401/403 mean the credentials, anything else the server. */
function translate(error: unknown, what: string): Error {
  if (error instanceof CredentialsError || error instanceof ProviderError) return error;
  if (error instanceof UnsafeUrlError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return new ProviderError(`The calendar server did not answer in time (${what})`);
  }
  if (/\b(401|403)\b|unauthori[sz]ed|forbidden/i.test(message)) {
    return new CredentialsError("The calendar server refused the user name or password");
  }
  return new ProviderError(`The calendar server could not ${what}: ${message.slice(0, 200)}`);
}

/** Throws unless a write answered 2xx; 401/403 are credential failures. */
function expectOk(response: Response, what: string, allow404 = false): void {
  if (response.ok || (allow404 && response.status === 404)) return;
  if (response.status === 401 || response.status === 403) {
    throw new CredentialsError("The calendar server refused the user name or password");
  }
  throw new ProviderError(`The calendar server could not ${what} (HTTP ${response.status})`);
}

/** A calendar's whole answer (a month of a busy calendar is large, but not this large). */
const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/**
 * CalDAV through tsdav. Connecting discovers the calendars (principal, calendar home, collections);
 * busy times and writes then go straight to each calendar's URL, one request each. Every request
 * (redirects included) passes the SSRF guard of lib/ssrf.ts, and `timeoutMs` is a total deadline for
 * each operation: a server trickling its answer is cut off, not kept alive by the trickle.
 */
export function createCaldavProvider(options: { timeoutMs: number; outbound: OutboundPolicy }) {
  const fetchOptions = () => ({ signal: AbortSignal.timeout(options.timeoutMs) });
  const guardedFetch = createGuardedFetch({
    ...options.outbound,
    timeoutMs: options.timeoutMs,
    maxResponseBytes: MAX_RESPONSE_BYTES,
  });

  return {
    /** Logs in and lists the calendars that hold events; refuses servers that are not CalDAV. */
    async discover(credentials: CaldavCredentials): Promise<RemoteCalendar[]> {
      // Refused here with its own message: tsdav's discovery swallows the first failures it meets.
      await checkUrl(credentials.serverUrl, options.outbound);
      const client = new DAVClient({
        serverUrl: credentials.serverUrl,
        credentials: { username: credentials.username, password: credentials.password },
        authMethod: "Basic",
        defaultAccountType: "caldav",
        fetchOptions: fetchOptions(),
        fetch: guardedFetch,
      });
      let calendars: Awaited<ReturnType<DAVClient["fetchCalendars"]>>;
      try {
        await client.login();
        calendars = await client.fetchCalendars();
      } catch (error) {
        const translated = translate(error, "be reached as a CalDAV server");
        // tsdav's discovery fails without a status when the URL answers but is not CalDAV.
        if (translated instanceof ProviderError && !TIMED_OUT.test(translated.message)) {
          throw new ProviderError(
            "This address is not a CalDAV server, or it has no calendars for this user",
          );
        }
        throw translated;
      }
      const withEvents = calendars.filter((c) => !c.components || c.components.includes("VEVENT"));
      if (withEvents.length === 0) {
        throw new ProviderError("This address is not a CalDAV server, or it has no calendars for this user");
      }
      return withEvents.map((c, i) => ({
        remoteId: c.url,
        name: typeof c.displayName === "string" && c.displayName ? c.displayName : `Calendar ${i + 1}`,
        color: typeof c.calendarColor === "string" ? c.calendarColor.slice(0, 7) : null,
        primary: i === 0,
      }));
    },

    /**
     * Busy times of one calendar: a single calendar-query REPORT with a time range (the server picks
     * the objects with an occurrence in it; Radicale and others have no VFREEBUSY), expanded here.
     */
    async busy(
      credentials: CaldavCredentials,
      calendar: BusyCalendar,
      range: { from: number; to: number },
      floatingZone: string,
    ): Promise<BusyInterval[]> {
      try {
        const responses = await calendarQuery({
          url: calendar.remoteId,
          props: { "d:getetag": {}, "c:calendar-data": {} },
          filters: {
            "comp-filter": {
              _attributes: { name: "VCALENDAR" },
              "comp-filter": {
                _attributes: { name: "VEVENT" },
                "time-range": { _attributes: { start: icsStamp(range.from), end: icsStamp(range.to) } },
              },
            },
          },
          depth: "1",
          headers: basicAuth(credentials),
          fetchOptions: fetchOptions(),
          fetch: guardedFetch,
        });
        for (const r of responses) {
          if (r.status === 401 || r.status === 403)
            throw new CredentialsError("The calendar server refused the user name or password");
          if (r.status >= 400 && r.status !== 404)
            throw new ProviderError(`The calendar server answered HTTP ${r.status}`);
        }
        const texts = responses
          .map((r) => {
            const data = r.props?.calendarData;
            return typeof data === "string" ? data : (data?._cdata as string | undefined);
          })
          .filter((t): t is string => typeof t === "string" && t.length > 0);
        return busyFromICalendar(texts, range, { floatingZone, allDayBusy: calendar.allDayBusy });
      } catch (error) {
        throw translate(error, "list busy times");
      }
    },

    /** Creates or replaces the booking's event (its object is named by the booking's uid). */
    async write(
      credentials: CaldavCredentials,
      calendarUrl: string,
      event: BookingEventInput,
      existing: string | null,
    ): Promise<WrittenEvent> {
      const ics = eventObject(event);
      try {
        if (existing) {
          const response = await updateObject({
            url: existing,
            data: ics,
            headers: { ...basicAuth(credentials), "content-type": "text/calendar; charset=utf-8" },
            fetchOptions: fetchOptions(),
            fetch: guardedFetch,
          });
          // The host deleted it in their calendar: put it back.
          if (response.status !== 404) {
            expectOk(response, "update the event");
            return { remoteId: existing, meetLink: null };
          }
        }
        const filename = `${event.uid}.ics`;
        const response = await createCalendarObject({
          calendar: { url: calendarUrl },
          filename,
          iCalString: ics,
          headers: basicAuth(credentials),
          fetchOptions: fetchOptions(),
          fetch: guardedFetch,
        });
        const url = new URL(filename, calendarUrl.endsWith("/") ? calendarUrl : `${calendarUrl}/`).href;
        // 412: a retry after a lost answer finds the object it made: overwrite it.
        if (response.status === 412) return this.write(credentials, calendarUrl, event, url);
        expectOk(response, "create the event");
        return { remoteId: url, meetLink: null };
      } catch (error) {
        throw translate(error, "write the event");
      }
    },

    async remove(credentials: CaldavCredentials, remoteId: string): Promise<void> {
      try {
        const response = await deleteObject({
          url: remoteId,
          headers: basicAuth(credentials),
          fetchOptions: fetchOptions(),
          fetch: guardedFetch,
        });
        expectOk(response, "delete the event", true);
      } catch (error) {
        throw translate(error, "delete the event");
      }
    },
  };
}

export type CaldavProvider = ReturnType<typeof createCaldavProvider>;

/** A stored calendar object: the invite without METHOD (RFC 4791 forbids it in calendar collections). */
export function eventObject(event: BookingEventInput): string {
  return buildInvite({
    uid: event.uid,
    sequence: event.sequence,
    method: "REQUEST",
    start: event.start,
    end: event.end,
    timeZone: event.timeZone,
    summary: event.summary,
    description: event.description,
    location: event.location,
    url: null,
    organizer: event.organizer,
    attendees: event.attendees,
    stamp: new Date(),
    recurrence: event.recurrence,
  }).replace(/^METHOD:[^\r\n]*\r?\n/m, "");
}
