import type { FastifyInstance } from "fastify";

/** Query parameters whose values are secrets (invitee manage links carry `token=`). */
const SECRET_PARAMS = /([?&](?:token|access_token|code)=)[^&#]*/gi;

/** The URL as it may appear in logs: secret query values replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, "$1[redacted]");
}

/**
 * One log line per API request, after it is answered: method, URL without secrets, status and time.
 * Fastify's own request logging (two lines per request, every asset, full URLs) is turned off in
 * buildApp; static files and the SPA are not logged at all.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook("onResponse", async (request, reply) => {
    if (!request.url.startsWith("/api/")) return;
    request.log.info(
      {
        method: request.method,
        url: redactUrl(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      "request",
    );
  });
}
