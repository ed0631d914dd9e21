import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { healthResponses } from "../contract/responses/health.js";
import { createCaldavProvider } from "./calendar-providers/caldav.js";
import type { Providers } from "./calendar-providers/gateway.js";
import type { AppConfig } from "./config.js";
import type { Database } from "./db/client.js";
import { analyticsRoutes } from "./features/analytics/routes.js";
import { createAnalyticsService } from "./features/analytics/service.js";
import { createUpcomingService } from "./features/analytics/service-upcoming.js";
import { authRoutes } from "./features/auth/routes.js";
import { ssoRoutes } from "./features/auth/routes-sso.js";
import { createAuthService } from "./features/auth/service.js";
import { createSsoService } from "./features/auth/service-sso.js";
import { availabilityRoutes } from "./features/availability/routes.js";
import { createAvailabilityService } from "./features/availability/service.js";
import type { BookingListener } from "./features/bookings/events.js";
import { bookingsRoutes } from "./features/bookings/routes.js";
import { createBookingsService } from "./features/bookings/service.js";
import type { CalendarSettingsListener } from "./features/calendar-settings/events.js";
import { calendarSettingsRoutes } from "./features/calendar-settings/routes.js";
import { createCalendarSettingsService } from "./features/calendar-settings/service.js";
import { calendarAccountsRoutes } from "./features/calendars/routes.js";
import { googleAccountsRoutes } from "./features/calendars/routes-google.js";
import { calendarSyncRoutes } from "./features/calendars/routes-sync.js";
import { createCalendarsService } from "./features/calendars/service.js";
import type { BusyOptions } from "./features/calendars/service-busy.js";
import { createCalendarSync } from "./features/calendars/service-sync.js";
import { contactsRoutes } from "./features/contacts/routes.js";
import { createContactsService } from "./features/contacts/service.js";
import { createContactsCsvService } from "./features/contacts/service-csv.js";
import { createContactsListService } from "./features/contacts/service-list.js";
import { eventTypesRoutes } from "./features/event-types/routes.js";
import { createEventTypesService } from "./features/event-types/service.js";
import { holidaysRoutes } from "./features/holidays/routes.js";
import { createHolidaysService } from "./features/holidays/service.js";
import { createOAuthStatesService } from "./features/oauth-states/service.js";
import { pollsRoutes } from "./features/polls/routes.js";
import { createPollsService } from "./features/polls/service.js";
import { slotsRoutes } from "./features/slots/routes.js";
import { createSlotsService } from "./features/slots/service.js";
import { teamsRoutes } from "./features/teams/routes.js";
import { createTeamsService } from "./features/teams/service.js";
import { createTeamHostsService } from "./features/teams/service-hosts.js";
import { usersRoutes } from "./features/users/routes.js";
import { accountDataRoutes } from "./features/users/routes-data.js";
import { securityRoutes } from "./features/users/routes-security.js";
import { createUsersService } from "./features/users/service.js";
import { type AccountDataPart, createAccountDataService } from "./features/users/service-data.js";
import { createSecurityService } from "./features/users/service-security.js";
import { workflowsRoutes } from "./features/workflows/routes.js";
import { createWorkflowsService, type WorkflowsService } from "./features/workflows/service.js";
import { contactsCrm } from "./features/workflows/service-crm.js";
import { createJobRunner, type JobRunner } from "./jobs/runner.js";
import { authPlugin, hostOnly } from "./lib/auth.js";
import { registerErrorHandlers } from "./lib/error-handler.js";
import { createGoogleOAuth } from "./lib/google.js";
import { createOidcProviders } from "./lib/oidc.js";
import { postgresRateLimitStore } from "./lib/rate-limit-store.js";
import { registerRequestLog } from "./lib/request-log.js";
import { createSecretBox, loadSecretsKey } from "./lib/secrets.js";
import { registerSecurityHeaders } from "./lib/security-headers.js";
import { closeConnectionsWhenClosing } from "./lib/shutdown.js";
import type { Connector, OutboundPolicy, Resolver } from "./lib/ssrf.js";
import { registerWebPages } from "./lib/web-pages.js";
import { registerMailJobs } from "./mail/outbox.js";
import { createSmtpTransport } from "./mail/transport.js";
import { pageRoutes } from "./pages.js";
import { createLogTransport, createTwilioTransport, type SmsTransport } from "./sms/transport.js";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Runs durable background jobs (src/server/jobs), sending mail among them (kind MAIL_JOB); main.ts
     * starts it, tests flush it (`flush(MAIL_JOB)` sends only the mail).
     */
    jobs: JobRunner;
  }
}

export interface AppDeps {
  config: AppConfig;
  database: Database;
  /** The clock; tests pin it. */
  now?: () => Date;
  /** Overrides for the logger (tests pass false). */
  logger?: boolean | object;
  /** Extra listeners of booking changes, after the features' own (tests observe changes with them). */
  bookingListeners?: readonly BookingListener[];
  /** Extra listeners of calendar settings changes, after the features' own (tests make one fail). */
  calendarSettingsListeners?: readonly CalendarSettingsListener[];
  /** DNS and connections of addresses users type: webhooks, CalDAV (tests inject them: nothing may leave loopback). */
  outboundResolver?: Resolver;
  outboundConnector?: Connector;
  /** Calendar providers and timings; tests shorten timeouts or wrap providers. */
  calendars?: {
    providers?: Partial<Providers>;
    busyOptions?: Partial<BusyOptions>;
    /** Total deadline of one CalDAV operation outside slot lookups (connect, writes). */
    caldavTimeoutMs?: number;
  };
}

/** How long one CalDAV operation outside slot lookups (connect, writes) may take, answer included. */
const CALDAV_TIMEOUT_MS = 15_000;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const now = deps.now ?? (() => new Date());
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    // registerRequestLog writes one line per API request instead, without secrets in URLs.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Long-polling clients and slow networks: keep defaults but never hang forever.
    requestTimeout: 30_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandlers(app);
  registerRequestLog(app);
  closeConnectionsWhenClosing(app);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        // sonner injects its stylesheet at runtime.
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Sign-in and calendar connections open the provider in a popup and wait for it to close or answer;
    // plain same-origin would cut that popup off from this window.
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
  });
  // Several instances on one PostgreSQL share their counters there; PGlite is one process, kept in memory.
  await app.register(rateLimit, {
    global: false,
    ...(database.kind === "postgres" ? { store: postgresRateLimitStore(database.db) } : {}),
  });
  await app.register(swagger, {
    openapi: { info: { title: "Kairos API", version: "1" } },
    transform: jsonSchemaTransform,
  });

  const transport = config.smtpUrl
    ? createSmtpTransport(config.smtpUrl, config.mailFrom, config.smtpTimeoutsMs)
    : null;
  // Features register their job kinds on this runner below; main.ts starts it after listen.
  const jobs = createJobRunner(database.db, app.log, { now });
  app.decorate("jobs", jobs);
  app.addHook("onClose", async () => {
    await jobs.stop();
    transport?.close();
  });
  registerMailJobs(jobs, database.db, transport, app.log);

  // OAuth plumbing shared by SSO sign-in and calendar connections (see ARCHITECTURE.md).
  const oauthStates = createOAuthStatesService(database.db, now);
  const google = config.google
    ? createGoogleOAuth(config.google, { publicUrl: config.publicUrl, timeoutMs: config.oauthTimeoutMs })
    : null;
  // Calendar tokens, CalDAV passwords and webhook signing secrets are sealed at rest with one key.
  const secrets = createSecretBox(loadSecretsKey({ secretsKey: config.secretsKey, dataDir: config.dataDir }));
  // One SSRF guard for every address a user types: workflow webhooks and CalDAV servers.
  const outbound: OutboundPolicy = {
    allowPrivate: config.allowPrivateTargets,
    resolve: deps.outboundResolver,
    connect: deps.outboundConnector,
  };
  const calendars = createCalendarsService(database.db, {
    secrets,
    providers: {
      caldav: createCaldavProvider({
        timeoutMs: deps.calendars?.caldavTimeoutMs ?? CALDAV_TIMEOUT_MS,
        outbound,
      }),
      ...deps.calendars?.providers,
    },
    google,
    oauthStates,
    googleTimeoutMs: config.oauthTimeoutMs,
    now,
    busyOptions: deps.calendars?.busyOptions,
  });
  // Features that follow calendar settings, told inside the saving transaction (calendar-settings/events.ts).
  // `workflows` is assigned below, before any request is served.
  const calendarSettingsListeners = (): CalendarSettingsListener[] => [
    // checkForConflicts decides whether connected calendars block slots: lookups must see a change at once.
    async (_tx, change) => {
      if (change.kind === "sync") await calendars.busy.invalidateHost(change.userId);
    },
    (tx, change) => (workflows as WorkflowsService).settingsListener(tx, change),
    ...(deps.calendarSettingsListeners ?? []),
  ];
  const calendarSettings = createCalendarSettingsService(database.db, {
    listeners: calendarSettingsListeners,
  });
  const availability = createAvailabilityService(database.db, { calendarSettings });
  const holidays = createHolidaysService(database.db, { now, hostZone: availability.hostZone });
  const oidc = createOidcProviders(config.oidcProviders, {
    publicUrl: config.publicUrl,
    timeoutMs: config.oauthTimeoutMs,
  });
  const teams = createTeamsService(database.db, { now, publicUrl: config.publicUrl });
  const teamHosts = createTeamHostsService(database.db);
  // The public profile lists event types; event types resolve a host's former usernames: each gets
  // the other's function, called only at request time.
  const eventTypes = createEventTypesService(database.db, {
    parts: teamHosts.partsOf,
    teamHosts,
    now,
    formerHolder: (username) => users.formerHolder(username),
  });
  const users = createUsersService(database.db, now, [eventTypes.publicProfilePart]);
  const auth = createAuthService(database.db, now, {
    onUserCreated: [availability.createDefaultSchedule],
    freeUsername: users.freeUsername,
  });
  const sso = createSsoService(database.db, { auth, oauthStates, google, oidc, now });
  const security = createSecurityService(database.db, { auth, now, publicUrl: config.publicUrl });
  const slots = createSlotsService(database.db, {
    holidays,
    now,
    externalBusy: calendars.externalBusy,
    formerUsernameRef: eventTypes.formerUsernameRef,
  });
  // Bookings written to the host's calendar by the job runner; the booking is read back when the job runs.
  const calendarSync = createCalendarSync(database.db, {
    accounts: calendars.accounts,
    busy: calendars.busy,
    calendarSettings,
    jobs,
    now,
    publicUrl: config.publicUrl,
    eventTypeAccount: eventTypes.googleAccountOf,
    bookingRecord: (hostId, id) => bookings.record(hostId, id),
    setMeetingLink: (hostId, id, link) => bookings.setMeetingLink(hostId, id, link),
  });
  // Features that react to bookings add their listener here; each runs inside the booking's transaction.
  const contacts = createContactsService(database.db, { now });
  const contactsList = createContactsListService(database.db, { now });
  // Workflows need the bookings service for their jobs, so their listener reaches the service through
  // `workflows`, assigned right after bookings.
  let workflows: WorkflowsService | undefined;
  const bookingListeners: BookingListener[] = [
    contacts.bookingListener,
    calendarSync.listener,
    (reader, change) => (workflows as WorkflowsService).onBookingChange(reader, change),
    ...(deps.bookingListeners ?? []),
  ];
  const bookings = createBookingsService(database.db, {
    slots,
    calendarSettings,
    now,
    publicUrl: config.publicUrl,
    listeners: bookingListeners,
    prepareMeeting: calendarSync.prepareMeeting,
  });
  const sms: SmsTransport = config.smsUrl
    ? createTwilioTransport(config.smsUrl, config.smsFrom)
    : createLogTransport(app.log);
  workflows = createWorkflowsService(database.db, {
    bookings,
    eventTypeIds: async (user) => (await eventTypes.list(user)).map((et) => et._id),
    notificationsIn: calendarSettings.notificationsIn,
    hostZone: availability.hostZone,
    crm: contactsCrm(contacts),
    env: {
      publicUrl: config.publicUrl,
      allowPrivateTargets: outbound.allowPrivate,
      sms,
      secrets,
      resolve: outbound.resolve,
      connect: outbound.connect,
    },
    now,
  });
  workflows.registerJobs(jobs);
  const analytics = createAnalyticsService(database.db, { now, hostZone: availability.hostZone });
  const upcoming = createUpcomingService(database.db, { now, hostZone: availability.hostZone });
  // Settings > Data: each feature's share of the export. Features that land later add theirs here.
  const accountParts: AccountDataPart[] = [
    { name: "eventTypes", export: (user) => eventTypes.list(user) },
    { name: "availabilitySchedules", export: (user) => availability.list(user.id) },
    { name: "calendarSettings", export: (user) => calendarSettings.get(user.id) },
    { name: "holidays", export: (user) => holidays.view(user) },
    { name: "bookings", export: (user) => bookings.exportForHost(user.id) },
    { name: "contacts", export: (user) => allContacts(user.id) },
    { name: "signInMethods", export: (user) => sso.listIdentities(user.id) },
    { name: "workflows", export: (user) => (workflows as WorkflowsService).list(user.id) },
  ];
  /** Every contact of the host, page by page (the list's largest page is 100). */
  async function allContacts(hostUserId: string) {
    const all = [];
    for (let page = 1; ; page++) {
      const { data, pagination } = await contactsList.list(hostUserId, { page, limit: 100 });
      all.push(...data);
      if (page >= pagination.totalPages) return all;
    }
  }
  const accountData = createAccountDataService(database.db, {
    now,
    parts: accountParts,
    // Upcoming meetings are cancelled (invitees told) before the cascade removes the rows.
    onDelete: [(tx, user) => bookings.cancelUpcomingForDeletedHost(tx, user.id)],
  });
  await app.register(authPlugin, { auth });

  await app.register(
    async (api) => {
      // Every route below is host-only unless public-routes.ts lists it (see lib/auth.ts).
      api.addHook("onRequest", hostOnly(app));
      api.get("/health", { schema: { response: healthResponses } }, async () => ({
        success: true,
        data: { status: "ok", db: database.kind },
      }));
      api.get("/docs", { schema: { hide: true } }, async () => app.swagger());
      await api.register(authRoutes, { auth, rateLimits: config.rateLimits });
      await api.register(ssoRoutes, { sso, rateLimits: config.rateLimits });
      await api.register(usersRoutes, { users });
      await api.register(securityRoutes, { security, auth, rateLimits: config.rateLimits });
      await api.register(accountDataRoutes, { data: accountData });
      await api.register(eventTypesRoutes, { eventTypes });
      await api.register(teamsRoutes, { teams, hosts: teamHosts });
      await api.register(pollsRoutes, { polls: createPollsService(database.db, { bookings, now }) });
      await api.register(availabilityRoutes, { availability });
      await api.register(holidaysRoutes, { holidays });
      await api.register(calendarSettingsRoutes, { calendarSettings });
      await api.register(calendarAccountsRoutes, { accounts: calendars.accounts });
      await api.register(googleAccountsRoutes, { accounts: calendars.accounts, google: calendars.google });
      await api.register(calendarSyncRoutes, { sync: calendarSync });
      await api.register(slotsRoutes, { slots, excludable: bookings.excludable });
      await api.register(bookingsRoutes, {
        bookings,
        rateLimits: config.rateLimits,
        hostZone: availability.hostZone,
      });
      await api.register(analyticsRoutes, { analytics, upcoming });
      await api.register(contactsRoutes, {
        contacts,
        contactsList,
        contactsCsv: createContactsCsvService(database.db, { now }),
      });
      await api.register(workflowsRoutes, { workflows });
    },
    { prefix: "/api" },
  );

  registerWebPages(app, config.webDir, pageRoutes({ eventTypes, slots, users, now }));
  return app;
}
