import type { Providers } from "../../calendar-providers/gateway.js";
import { createGoogleCalendar } from "../../calendar-providers/google-calendar.js";
import type { Db } from "../../db/client.js";
import type { GoogleOAuth } from "../../lib/google.js";
import { createRegistry } from "../../lib/registry.js";
import type { SecretBox } from "../../lib/secrets.js";
import type { OAuthStatesService } from "../oauth-states/service.js";
import type { ExternalBusySource } from "../slots/service.js";
import { createAccountsService, type SourcesListener } from "./service-accounts.js";
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
  // Google's Calendar API for every Google account, unless a test wraps it.
  const google = deps.google
    ? {
        oauth: deps.google,
        calendarApi: createGoogleCalendar(deps.google, { timeoutMs: deps.googleTimeoutMs }),
      }
    : null;
  const providers: Providers = {
    caldav: deps.providers.caldav,
    google: deps.providers.google ?? google?.calendarApi ?? null,
  };
  // The busy-time cache opens accounts through the accounts service and follows its changes of calendars.
  const sourcesChanged = createRegistry<SourcesListener>();
  const accounts = createAccountsService(db, {
    secrets: deps.secrets,
    providers,
    now: deps.now,
    sourcesChanged: sourcesChanged.items,
  });
  const busy = createBusyTimes(db, { open: accounts.open, now: deps.now, options: deps.busyOptions });
  sourcesChanged.add((hostId, calendarIds) => busy.invalidateHost(hostId, calendarIds));
  const googleAccounts = createGoogleAccountsService({ accounts, oauthStates: deps.oauthStates, google });

  const externalBusy: ExternalBusySource = (hostId, range, zone) => busy.forHost(hostId, range, zone);

  return { accounts, busy, google: googleAccounts, externalBusy };
}

export type CalendarsService = ReturnType<typeof createCalendarsService>;
