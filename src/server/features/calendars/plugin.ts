import fp from "fastify-plugin";
import { createCaldavProvider } from "../../calendar-providers/caldav.js";
import type { Providers } from "../../calendar-providers/gateway.js";
import { calendarAccountsRoutes } from "./routes.js";
import { googleAccountsRoutes } from "./routes-google.js";
import { calendarSyncRoutes } from "./routes-sync.js";
import { createCalendarsService } from "./service.js";
import type { BusyOptions } from "./service-busy.js";
import { createCalendarSync } from "./service-sync.js";

/** Calendar providers and timings; tests shorten timeouts or wrap providers (AppDeps.calendars). */
export interface CalendarsOptions {
  providers?: Partial<Providers>;
  busyOptions?: Partial<BusyOptions>;
  /** Total deadline of one CalDAV operation outside slot lookups (connect, writes). */
  caldavTimeoutMs?: number;
}

/** How long one CalDAV operation outside slot lookups (connect, writes) may take, answer included. */
const CALDAV_TIMEOUT_MS = 15_000;

/**
 * Connected calendars (Google, CalDAV): their busy times block slots, bookings are written into them
 * by the `calendar.sync` job, and google_meet bookings get their link from Google.
 */
export const calendarsPlugin = fp<CalendarsOptions>(
  async (app, opts) => {
    const { db, now, config, secrets, outbound, google, oauthStates } = app.infra;
    const calendars = createCalendarsService(db, {
      secrets,
      providers: {
        caldav: createCaldavProvider({ timeoutMs: opts.caldavTimeoutMs ?? CALDAV_TIMEOUT_MS, outbound }),
        ...opts.providers,
      },
      google,
      oauthStates,
      googleTimeoutMs: config.oauthTimeoutMs,
      now,
      busyOptions: opts.busyOptions,
    });
    const bookings = app.bookings.service;
    // Bookings written to the host's calendar by the job runner; the booking is read back when the job runs.
    const sync = createCalendarSync(db, {
      accounts: calendars.accounts,
      busy: calendars.busy,
      calendarSettings: app.calendarSettings.service,
      jobs: app.jobs,
      now,
      publicUrl: config.publicUrl,
      eventTypeAccount: app.eventTypes.service.googleAccountOf,
      bookingRecord: bookings.record,
      seatsOf: bookings.seatsOf,
      seriesOf: bookings.seriesOf,
      setMeetingLink: bookings.setMeetingLink,
    });
    app.slots.busySources.add(calendars.externalBusy);
    // checkForConflicts decides whether connected calendars block slots: lookups must see a change at once.
    app.calendarSettings.listeners.add(async (_tx, change) => {
      if (change.kind === "sync") await calendars.busy.invalidateHost(change.userId);
    });
    app.bookings.listeners.add(sync.listener);
    app.bookings.meetingMakers.add(sync.prepareMeeting);
    app.bookings.calendarChecks.add(sync.onHostCalendar);
    app.apiRoutes.add(async (api) => {
      await api.register(calendarAccountsRoutes, { accounts: calendars.accounts });
      await api.register(googleAccountsRoutes, { accounts: calendars.accounts, google: calendars.google });
      await api.register(calendarSyncRoutes, { sync });
    });
  },
  {
    name: "calendars",
    dependencies: ["calendar-settings", "event-types", "slots", "bookings"],
  },
);
