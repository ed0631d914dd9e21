import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { defaultRateLimits } from "../../config.js";
import { callerKey } from "../../lib/auth.js";
import { AppError } from "../../lib/errors.js";
import { v1Scope } from "./routes.js";
import { v1AvailabilityRoutes } from "./routes-availability.js";
import { v1BookingsRoutes } from "./routes-bookings.js";
import { v1ContactsRoutes } from "./routes-contacts.js";
import { v1DocsRoutes } from "./routes-docs.js";
import { v1EventTypesRoutes } from "./routes-event-types.js";
import { v1WebhooksRoutes } from "./routes-webhooks.js";

type Limiter = ReturnType<FastifyInstance["createRateLimit"]>;

/**
 * One counter per key (or signed-in host; by address on the public docs) across the whole API, with
 * the IETF draft's `RateLimit-Limit/Remaining/Reset` on every answer and `Retry-After` on a 429.
 */
function limitPerCaller(check: Limiter) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const state = await check(request);
    if (state.isAllowed) return;
    reply.header("RateLimit-Limit", state.max);
    reply.header("RateLimit-Remaining", state.remaining);
    reply.header("RateLimit-Reset", state.ttlInSeconds);
    if (state.isExceeded) {
      reply.header("Retry-After", state.ttlInSeconds);
      throw new AppError("RATE_LIMITED", `Too many requests: at most ${state.max} a minute per key`);
    }
  };
}

/**
 * The public API, version 1 (/api/v1, issue 26): a stable contract over the features' services
 * (never their repos), for API keys and signed-in hosts alike; its reference at /api/v1/docs.
 */
export const apiV1Plugin = fp(
  async (app) => {
    const { config } = app.infra;
    const limit = config.rateLimits.publicApi ??
      defaultRateLimits.publicApi ?? { max: 120, windowMs: 60_000 };
    const answers = app.apiKeys.service;
    const eventTypes = app.eventTypes.service;
    app.apiRoutes.add((api) =>
      api.register(v1Scope, {
        prefix: "/v1",
        limit: limitPerCaller(
          app.createRateLimit({
            max: limit.max,
            timeWindow: limit.windowMs,
            keyGenerator: (request) => `api-v1:${callerKey(request) ?? `ip:${request.ip}`}`,
          }),
        ),
        resources: [
          (v1) => v1.register(v1EventTypesRoutes, { eventTypes, slots: app.slots.service, answers }),
          (v1) => v1.register(v1BookingsRoutes, { bookings: app.bookings, eventTypes }),
          (v1) => v1.register(v1AvailabilityRoutes, { schedules: app.availability.schedules }),
          (v1) => v1.register(v1ContactsRoutes, { contacts: app.contacts, answers }),
          (v1) => v1.register(v1WebhooksRoutes, { webhooks: app.webhooks.service, answers }),
          (v1) =>
            v1.register(v1DocsRoutes, {
              document: () => app.swagger() as unknown as Record<string, unknown>,
            }),
        ],
      }),
    );
  },
  {
    name: "api-v1",
    dependencies: ["api-keys", "availability", "event-types", "slots", "bookings", "contacts", "webhooks"],
  },
);
