import type { Providers } from "../../calendar-providers/gateway.js";
import type { Db } from "../../db/client.js";
import type { GoogleOAuth } from "../../lib/google.js";
import type { SecretBox } from "../../lib/secrets.js";
import type { OAuthStatesService } from "../oauth-states/service.js";
import type { ExternalBusySource } from "../slots/service.js";
import { createAccountsService } from "./service-accounts.js";
import { type BusyOptions, createBusyTimes } from "./service-busy.js";
import { createGoogleAccountsService } from "./service-google.js";

export interface CalendarsDeps {
  secrets: SecretBox;
  /** CalDAV always; Google's Calendar API is made from `google` unless given (tests may wrap it). */
  providers: Pick<Providers, "caldav"> & Partial<Pick<Providers, "google">>;
  google: GoogleOAuth | null;
  oauthStates: OAuthStatesService;
  /** How long one call to Google may take outside slot lookups. */
  googleTimeoutMs: number;
  now: () => Date;
  busyOptions?: Partial<BusyOptions>;
}

/**
 * Connected calendars: accounts (Google, CalDAV) and their calendars, the busy times slot lookups
 * subtract, and (service-sync.ts) the events bookings write into them.
 */
export function createCalendarsService(db: Db, deps: CalendarsDeps) {
  // The accounts service tells the busy-time cache when a host's calendars change; the cache opens
  // accounts through it. Built in this order, the first needs a late reference to the second.
  let busyRef: ReturnType<typeof createBusyTimes> | undefined;
  let googleRef: ReturnType<typeof createGoogleAccountsService> | undefined;
  const providers: Providers = {
    caldav: deps.providers.caldav,
    get google() {
      return deps.providers.google ?? googleRef?.calendarApi ?? null;
    },
  };
  const accounts = createAccountsService(db, {
    secrets: deps.secrets,
    providers,
    now: deps.now,
    onSourcesChanged: async (hostId, calendarIds) => busyRef?.invalidateHost(hostId, calendarIds),
  });
  const busy = createBusyTimes(db, { open: accounts.open, now: deps.now, options: deps.busyOptions });
  busyRef = busy;
  const google = createGoogleAccountsService({
    accounts,
    oauthStates: deps.oauthStates,
    google: deps.google,
    timeoutMs: deps.googleTimeoutMs,
  });
  googleRef = google;

  const externalBusy: ExternalBusySource = (hostId, range, zone) => busy.forHost(hostId, range, zone);

  return { accounts, busy, google, externalBusy };
}

export type CalendarsService = ReturnType<typeof createCalendarsService>;
