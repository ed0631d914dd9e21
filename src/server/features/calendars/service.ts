import type { Providers } from "../../calendar-providers/gateway.js";
import type { Db } from "../../db/client.js";
import type { SecretBox } from "../../lib/secrets.js";
import type { ExternalBusySource } from "../slots/service.js";
import { createAccountsService } from "./service-accounts.js";
import { type BusyOptions, createBusyTimes } from "./service-busy.js";

export interface CalendarsDeps {
  secrets: SecretBox;
  providers: Providers;
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
  const accounts = createAccountsService(db, {
    secrets: deps.secrets,
    providers: deps.providers,
    now: deps.now,
    onSourcesChanged: (hostId, calendarIds) => busyRef?.invalidateHost(hostId, calendarIds),
  });
  const busy = createBusyTimes(db, { open: accounts.open, now: deps.now, options: deps.busyOptions });
  busyRef = busy;

  const externalBusy: ExternalBusySource = (hostId, range, zone) => busy.forHost(hostId, range, zone);

  return { accounts, busy, externalBusy };
}

export type CalendarsService = ReturnType<typeof createCalendarsService>;
