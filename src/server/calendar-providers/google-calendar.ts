import type { calendar_v3 } from "@googleapis/calendar";
import { Temporal } from "temporal-polyfill";
import { GoogleError, type GoogleOAuth, toGoogleError } from "../lib/google.js";
import { calendarUid, recurrenceLines } from "../mail/ics.js";
import type { GoogleCalendarApi, GoogleTokens } from "./gateway.js";
import { CredentialsError, ProviderError, type RemoteCalendar } from "./types.js";

/** What a calendar connection asks Google for: who the account is, its calendars, and its events. */
export const GOOGLE_CALENDAR_SCOPES = [
  "openid",
  "email",
  "profile",
  "https://www.googleapis.com/auth/calendar.readonly",
  "https://www.googleapis.com/auth/calendar.events",
];

/** Google's failures in our terms: refused credentials mean reconnect, the rest is the provider's trouble. */
function translate(error: unknown, what: string): Error {
  const g = error instanceof GoogleError ? error : toGoogleError(error);
  const status = (error as { response?: { status?: number } })?.response?.status;
  if (g.code === "invalid_grant" || status === 401) {
    return new CredentialsError("Google refused the connection (access revoked or expired)");
  }
  if (status === 403) {
    return new CredentialsError("Google refused access to this calendar (permissions)", "denied");
  }
  // A 4xx other than a timeout, a conflict or too many requests: the same request fails again.
  const permanent = !!status && status >= 400 && status < 500 && ![404, 408, 409, 429].includes(status);
  return new ProviderError(`Google could not ${what}: ${g.message}`, { permanent });
}

/** Google Calendar v3 through @googleapis/calendar, authorised by google-auth-library's client. */
export function createGoogleCalendar(google: GoogleOAuth, options: { timeoutMs: number }): GoogleCalendarApi {
  // The generated client is large: load it on first use, so servers without Google start no slower.
  let library: Promise<typeof import("@googleapis/calendar")> | undefined;

  async function api(
    tokens: GoogleTokens,
    onTokens: (t: GoogleTokens) => void,
  ): Promise<calendar_v3.Calendar> {
    library ??= import("@googleapis/calendar");
    const { calendar } = await library;
    const auth = google.client({
      accessToken: tokens.accessToken ?? undefined,
      refreshToken: tokens.refreshToken,
      // No known expiry: let the library refresh before the first call.
      expiresAt: new Date(tokens.expiry ?? 0),
    });
    // The library refreshes expired access tokens itself; the new ones are stored (sealed) by the caller.
    auth.on("tokens", (t) =>
      onTokens({
        accessToken: t.access_token ?? null,
        refreshToken: t.refresh_token ?? null,
        expiry: t.expiry_date ?? null,
      }),
    );
    return calendar({
      version: "v3",
      auth: auth as never,
      rootUrl: `${google.apiBase}/`,
      timeout: options.timeoutMs,
    });
  }

  async function run<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      throw translate(error, what);
    }
  }

  const at = (d: Date, zone: string) => ({
    dateTime: Temporal.Instant.fromEpochMilliseconds(d.getTime())
      .toZonedDateTimeISO(zone)
      .toString({ timeZoneName: "never", offset: "auto" }),
    timeZone: zone,
  });

  return {
    async listCalendars(tokens, onTokens): Promise<RemoteCalendar[]> {
      return run("list the calendars", async () => {
        const res = await (await api(tokens, onTokens)).calendarList.list({ minAccessRole: "writer" });
        return (res.data.items ?? [])
          .filter((c) => c.id)
          .map((c) => ({
            remoteId: c.id as string,
            name: c.summaryOverride ?? c.summary ?? (c.id as string),
            color: c.backgroundColor ?? null,
            primary: c.primary === true,
          }));
      });
    },

    /** One freeBusy call for all the account's calendars. Google already expands recurrences. */
    async busy(tokens, onTokens, calendars, range) {
      return run("read busy times", async () => {
        const res = await (await api(tokens, onTokens)).freebusy.query({
          requestBody: {
            timeMin: new Date(range.from).toISOString(),
            timeMax: new Date(range.to).toISOString(),
            items: calendars.map((c) => ({ id: c.remoteId })),
          },
        });
        const out = new Map<string, { start: number; end: number }[]>();
        for (const c of calendars) {
          const answer = res.data.calendars?.[c.remoteId];
          if (answer?.errors?.length) throw new ProviderError(`Google could not read calendar ${c.remoteId}`);
          out.set(
            c.remoteId,
            (answer?.busy ?? [])
              .map((b) => ({ start: Date.parse(b.start ?? ""), end: Date.parse(b.end ?? "") }))
              .filter((b) => Number.isFinite(b.start) && Number.isFinite(b.end) && b.end > b.start),
          );
        }
        return out;
      });
    },

    async write(tokens, onTokens, calendarId, event, existing) {
      return run("write the event", async () => {
        const client = await api(tokens, onTokens);
        const body: calendar_v3.Schema$Event = {
          summary: event.summary,
          description: event.description,
          location: event.location ?? undefined,
          start: at(event.start, event.timeZone),
          end: at(event.end, event.timeZone),
          attendees: event.attendees.map((a) => ({ email: a.email, displayName: a.name })),
          // The same UID as the invitation mail, so calendars see one event.
          iCalUID: existing ? undefined : calendarUid(event.uid),
          sequence: event.sequence,
          // A series' one event: the invite's RRULE and EXDATE lines, the start's zone as the rule's zone.
          ...(event.recurrence
            ? { recurrence: recurrenceLines({ ...event, recurrence: event.recurrence }) }
            : {}),
        };
        if (existing) {
          try {
            const res = await client.events.patch({
              calendarId,
              eventId: existing,
              sendUpdates: "none",
              requestBody: body,
            });
            return { remoteId: res.data.id ?? existing, meetLink: meetLinkOf(res.data) };
          } catch (error) {
            const status = (error as { response?: { status?: number } })?.response?.status;
            // Deleted in Google by the host: make it again below.
            if (status !== 404 && status !== 410) throw error;
          }
        }
        const res = await client.events.insert({
          calendarId,
          // Kairos mails the invitation itself; Google must not send a second one.
          sendUpdates: "none",
          conferenceDataVersion: event.meet ? 1 : 0,
          requestBody: {
            ...body,
            ...(event.meet
              ? {
                  conferenceData: {
                    createRequest: {
                      requestId: `${event.uid}-${event.sequence}`,
                      conferenceSolutionKey: { type: "hangoutsMeet" },
                    },
                  },
                }
              : {}),
          },
        });
        if (!res.data.id) throw new ProviderError("Google created an event without an id");
        return { remoteId: res.data.id, meetLink: meetLinkOf(res.data) };
      });
    },

    async remove(tokens, onTokens, calendarId, remoteId) {
      await run("delete the event", async () => {
        try {
          await (await api(tokens, onTokens)).events.delete({
            calendarId,
            eventId: remoteId,
            sendUpdates: "none",
          });
        } catch (error) {
          const status = (error as { response?: { status?: number } })?.response?.status;
          if (status !== 404 && status !== 410) throw error;
        }
      });
    },

    async revoke(tokens) {
      const token = tokens.refreshToken ?? tokens.accessToken;
      if (token) await google.revoke(token);
    },
  };
}

function meetLinkOf(event: calendar_v3.Schema$Event): string | null {
  if (event.hangoutLink) return event.hangoutLink;
  const video = event.conferenceData?.entryPoints?.find((e) => e.entryPointType === "video");
  return video?.uri ?? null;
}
