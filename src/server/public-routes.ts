/**
 * The API routes anyone may call without signing in. Every other route under /api is host-only: the
 * /api scope's onRequest hook (app.ts, `hostOnly` of lib/auth.ts) answers 401 before the body is read or
 * validated. A new route is therefore host-only unless it is added here; auth-scope.test.ts asks every
 * route of the OpenAPI description anonymously and with forged tokens, and checks this list names only
 * routes that exist. Public routes that behave differently for a signed-in caller ask
 * `app.optionalSession(request)`.
 */
export const routeKey = (method: string, url: string) => `${method.toUpperCase()} ${url}`;

export const publicRoutes: ReadonlySet<string> = new Set([
  "GET /api/health",
  // Signing up, in and out; sign-in with a provider (a signed-in caller links the identity instead).
  "POST /api/auth/register",
  "POST /api/auth/login",
  "POST /api/auth/logout",
  "GET /api/auth/providers",
  "POST /api/auth/:provider/start",
  "POST /api/auth/google",
  "POST /api/auth/:provider",
  // Links that arrive by mail: the token is the credential.
  "POST /api/auth/confirm-email",
  "POST /api/auth/forgot-password",
  "POST /api/auth/reset-password",
  "GET /api/team-invites/:token",
  // What invitees see: profiles, event types, team pages, polls, slots, and their own bookings by uid.
  "GET /api/users/:id/avatar",
  "GET /api/users/:id/public",
  "GET /api/event-types/:slug/public",
  "GET /api/teams/:slug/public",
  "GET /api/polls/:slug/public",
  "POST /api/polls/:slug/votes",
  "GET /api/polls/:slug/votes/:token",
  "PUT /api/polls/:slug/votes/:token",
  "GET /api/bookings/availability/:eventTypeId",
  "POST /api/bookings",
  "POST /api/bookings/series",
  "POST /api/bookings/series/preview",
  "GET /api/bookings/public/:uid",
  "GET /api/bookings/public/:uid/ics",
  "POST /api/bookings/public/:uid/cancel",
  "POST /api/bookings/public/:uid/reschedule",
  // The public API's description and reference page (its routes need a key or a session).
  "GET /api/v1/openapi.json",
  "GET /api/v1/docs",
  "GET /api/v1/docs/:file",
  // The host's confirm and decline links in a new-request mail (issue 28): the token is the credential.
  "GET /api/bookings/requests/:uid",
  "POST /api/bookings/requests/:uid/confirm",
  "POST /api/bookings/requests/:uid/decline",
]);
