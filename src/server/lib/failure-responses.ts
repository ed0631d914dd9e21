import type { RouteOptions } from "fastify";
import { errorEnvelope } from "../../contract/responses/shared.js";

/**
 * Gives every documented API route the failure envelope (contract/responses/shared.ts) for its 4xx
 * and 5xx answers, in one place rather than on 150 routes: /api/docs shows what a failure looks like
 * (success false, message, errorCode from the one list, field errors), and the serializer sends
 * failures through that schema as it sends successes through theirs. A route that names a specific
 * failure status keeps its own. Hidden routes (the docs themselves) are left as they are.
 */
export function documentFailures(route: RouteOptions): void {
  const schema = route.schema as { response?: Record<string, unknown>; hide?: boolean } | undefined;
  if (!schema?.response || schema.hide) return;
  schema.response = { "4xx": errorEnvelope, "5xx": errorEnvelope, ...schema.response };
}
