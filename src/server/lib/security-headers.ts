import type { FastifyInstance, FastifyReply } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

/**
 * Helmet's response headers, computed once at start-up. @fastify/helmet builds a new helmet
 * middleware (parsing the CSP directives) on every request, about 5% of the CPU of a slot lookup;
 * with static directives (no nonces) the headers never change, so each reply just gets the copy.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, collector as never, () => {});
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * Lets other sites frame this answer (the invitees' pages, issue 25): the CSP's frame-ancestors
 * becomes `ancestors` (null: any site) and X-Frame-Options goes, since it cannot name a list and
 * browsers that know frame-ancestors ignore it anyway. Everything else keeps 'none' / DENY.
 */
export function allowFraming(reply: FastifyReply, ancestors: readonly string[] | null): void {
  const csp = reply.getHeader("content-security-policy");
  const sources = ancestors && ancestors.length > 0 ? ancestors.join(" ") : "*";
  if (typeof csp === "string") {
    reply.header(
      "content-security-policy",
      csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${sources}`),
    );
  }
  reply.removeHeader("x-frame-options");
}
