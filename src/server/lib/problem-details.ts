import { STATUS_CODES } from "node:http";
import type { FastifyError, FastifyInstance } from "fastify";
import { describeFailure, type Failure } from "./error-handler.js";

/** Where a problem's `type` points (a URI reference, relative to the API's origin): the reference page. */
export const PROBLEM_TYPE_BASE = "/api/v1/docs#error-";

export const PROBLEM_MEDIA_TYPE = "application/problem+json";

/** A failure as RFC 7807 problem details, with the app's error code (and field errors) beside. */
export function problemOf(failure: Failure) {
  return {
    type: `${PROBLEM_TYPE_BASE}${failure.errorCode.toLowerCase().replaceAll("_", "-")}`,
    title: STATUS_CODES[failure.status] ?? "Error",
    status: failure.status,
    detail: failure.message,
    code: failure.errorCode,
    ...(failure.errors ? { errors: failure.errors } : {}),
  };
}

/**
 * The public API's failures (its scope only): the same codes and statuses as the rest of the API
 * (describeFailure), written as `application/problem+json`; unknown paths under the scope too.
 */
export function registerProblemDetails(scope: FastifyInstance): void {
  scope.setErrorHandler((error: FastifyError, request, reply) => {
    const failure = describeFailure(error, request);
    return reply.status(failure.status).type(PROBLEM_MEDIA_TYPE).send(problemOf(failure));
  });
  scope.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .type(PROBLEM_MEDIA_TYPE)
      .send(
        problemOf({
          status: 404,
          errorCode: "NOT_FOUND",
          message: `No route ${request.method} ${request.url.split("?")[0]} in the public API`,
        }),
      ),
  );
}
