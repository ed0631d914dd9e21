import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { healthResponses } from "../contract/responses/health.js";
import { webhookPayloadComponents } from "../contract/webhooks.js";
import type { AppConfig } from "./config.js";
import type { Database } from "./db/client.js";
import { analyticsPlugin } from "./features/analytics/plugin.js";
import { apiKeysPlugin } from "./features/api-keys/plugin.js";
import { apiV1Plugin } from "./features/api-v1/plugin.js";
import { authPlugin } from "./features/auth/plugin.js";
import { availabilityPlugin } from "./features/availability/plugin.js";
import { blocklistPlugin } from "./features/blocklist/plugin.js";
import type { BookingListener } from "./features/bookings/events.js";
import { bookingsPlugin } from "./features/bookings/plugin.js";
import type { CalendarSettingsListener } from "./features/calendar-settings/events.js";
import { calendarSettingsPlugin } from "./features/calendar-settings/plugin.js";
import { type CalendarsOptions, calendarsPlugin } from "./features/calendars/plugin.js";
import { contactsPlugin } from "./features/contacts/plugin.js";
import { embedsPlugin } from "./features/embeds/plugin.js";
import { eventTypesPlugin } from "./features/event-types/plugin.js";
import { holidaysPlugin } from "./features/holidays/plugin.js";
import { createOAuthStatesService } from "./features/oauth-states/service.js";
import { pollsPlugin } from "./features/polls/plugin.js";
import { slotsPlugin } from "./features/slots/plugin.js";
import { teamsPlugin } from "./features/teams/plugin.js";
import { usersPlugin } from "./features/users/plugin.js";
import { webhooksPlugin } from "./features/webhooks/plugin.js";
import { workflowsPlugin } from "./features/workflows/plugin.js";
import { createJobRunner, type JobRunner } from "./jobs/runner.js";
import { API_PREFIX, createApiRoutes, refuseApiRoutesOutsideScope } from "./lib/api-routes.js";
import { hostOnly } from "./lib/auth.js";
import { registerErrorHandlers } from "./lib/error-handler.js";
import { documentFailures } from "./lib/failure-responses.js";
import { createGoogleOAuth } from "./lib/google.js";
import { createOidcProviders } from "./lib/oidc.js";
import { postgresRateLimitStore } from "./lib/rate-limit-store.js";
import { registerRequestLog } from "./lib/request-log.js";
import { createSecretBox, loadSecretsKey } from "./lib/secrets.js";
import { registerSecurityHeaders } from "./lib/security-headers.js";
import { closeConnectionsWhenClosing } from "./lib/shutdown.js";
import type { Connector, Resolver } from "./lib/ssrf.js";
import { registerWebPages } from "./lib/web-pages.js";
import { registerMailJobs } from "./mail/outbox.js";
import { createSmtpTransport } from "./mail/transport.js";
import { pageRoutes } from "./pages.js";

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
  calendars?: CalendarsOptions;
}

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
    // Nothing of the host app or the API is framed; the invitees' pages relax both (allowFraming).
    xFrameOptions: { action: "deny" },
  });
  // Several instances on one PostgreSQL share their counters there; PGlite is one process, kept in memory.
  await app.register(rateLimit, {
    global: false,
    ...(database.kind === "postgres" ? { store: postgresRateLimitStore(database.db) } : {}),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: "Kairos API", version: "1" },
      // What webhook subscriptions POST to their receivers (features/webhooks). zod writes them for
      // OpenAPI 3.0; its JSON Schema type and the swagger plugin's are two names for one shape.
      components: { schemas: webhookPayloadComponents() as never },
    },
    transform: jsonSchemaTransform,
  });

  const transport = config.smtpUrl
    ? createSmtpTransport(config.smtpUrl, config.mailFrom, config.smtpTimeoutsMs)
    : null;
  // Features register their job kinds on this runner; main.ts starts it after listen.
  const jobs = createJobRunner(database.db, app.log, { now });
  app.decorate("jobs", jobs);
  app.addHook("onClose", async () => {
    await jobs.stop();
    transport?.close();
  });
  registerMailJobs(jobs, database.db, transport, app.log);

  app.decorate("infra", {
    config,
    db: database.db,
    now,
    secrets: createSecretBox(loadSecretsKey({ secretsKey: config.secretsKey, dataDir: config.dataDir })),
    outbound: {
      allowPrivate: config.allowPrivateTargets,
      resolve: deps.outboundResolver,
      connect: deps.outboundConnector,
    },
    oauthStates: createOAuthStatesService(database.db, now),
    google: config.google
      ? createGoogleOAuth(config.google, { publicUrl: config.publicUrl, timeoutMs: config.oauthTimeoutMs })
      : null,
    oidc: createOidcProviders(config.oidcProviders, {
      publicUrl: config.publicUrl,
      timeoutMs: config.oauthTimeoutMs,
    }),
  });
  // Routes under /api live only inside its scope below (its auth hook); the features add theirs to it.
  refuseApiRoutesOutsideScope(app);
  const apiRoutes = createApiRoutes();
  app.decorate("apiRoutes", apiRoutes);

  // The features, each after those it uses or follows (its plugin names them as `dependencies`).
  await app.register(usersPlugin);
  await app.register(authPlugin);
  await app.register(calendarSettingsPlugin);
  await app.register(availabilityPlugin);
  await app.register(holidaysPlugin);
  await app.register(teamsPlugin);
  await app.register(eventTypesPlugin);
  await app.register(slotsPlugin);
  await app.register(bookingsPlugin);
  await app.register(blocklistPlugin);
  await app.register(contactsPlugin);
  await app.register(calendarsPlugin, deps.calendars ?? {});
  await app.register(workflowsPlugin);
  await app.register(pollsPlugin);
  await app.register(analyticsPlugin);
  await app.register(embedsPlugin);
  await app.register(webhooksPlugin);
  await app.register(apiKeysPlugin);
  await app.register(apiV1Plugin);
  // Tests' listeners come after the features' own, so they observe what the features did.
  for (const listener of deps.bookingListeners ?? []) app.bookings.listeners.add(listener);
  for (const listener of deps.calendarSettingsListeners ?? []) app.calendarSettings.listeners.add(listener);

  await app.register(
    async (api) => {
      // Every route below is host-only unless public-routes.ts lists it (see lib/auth.ts).
      api.addHook("onRequest", hostOnly(app, app.apiKeys.service.authenticate));
      api.addHook("onRoute", documentFailures);
      api.get("/health", { schema: { response: healthResponses } }, async () => ({
        success: true,
        data: { status: "ok", db: database.kind },
      }));
      api.get("/docs", { schema: { hide: true } }, async () => app.swagger());
      // From here on app.apiRoutes.add refuses: a feature listed after this would have no routes.
      await apiRoutes.buildInto(api);
    },
    { prefix: API_PREFIX },
  );

  registerWebPages(
    app,
    config.webDir,
    pageRoutes({
      eventTypes: app.eventTypes.service,
      slots: app.slots.service,
      users: app.users.service,
      embeds: app.embeds.service,
      now,
    }),
  );
  return app;
}
