import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ERROR_STATUS, type ErrorCode } from "../../contract/error-codes.js";
import { AppError } from "./errors.js";

/** Maps every failure to the envelope and the status codes of DESIGN.md. Never a 500 for bad input. */
/** A failure as the API answers it: its status, code, message and field errors. */
export interface Failure {
  status: number;
  errorCode: ErrorCode;
  message: string;
  errors?: Record<string, string>;
}

/**
 * Every failure mapped to the codes of the one list and the status codes of DESIGN.md; never a 500
 * for bad input. The envelope (below) and the public API's problem details (lib/problem-details.ts)
 * both answer from it.
 */
export function describeFailure(error: FastifyError, request: FastifyRequest): Failure {
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      message: error.message,
      errorCode: error.errorCode,
      ...(error.errors ? { errors: error.errors } : {}),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: Record<string, string> = {};
    for (const issue of error.validation) {
      const key = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "body";
      errors[key] ??= issue.message ?? "Invalid value";
    }
    const first = Object.entries(errors)[0];
    return {
      status: 400,
      message: first ? `${first[0]}: ${first[1]}` : "Invalid request",
      errorCode: "VALIDATION_ERROR",
      errors,
    };
  }
  // A unique index lost a race that the service's own check could not see.
  if (databaseErrorCode(error) === "23505") {
    return {
      status: 409,
      message: "This conflicts with something that already exists",
      errorCode: "CONFLICT",
    };
  }
  const status = error.statusCode ?? 500;
  if (status === 429) {
    return {
      status: 429,
      message: "Too many requests. Please wait a moment and try again.",
      errorCode: "RATE_LIMITED",
    };
  }
  // Fastify's own refusals (a body too large or of an unknown type, unreadable JSON) answer with the
  // codes of the one list, never the framework's internal names.
  if (status >= 400 && status < 500) {
    const [code, message]: [ErrorCode, string] =
      status === 413
        ? ["PAYLOAD_TOO_LARGE", "Request is too large"]
        : status === 415
          ? ["UNSUPPORTED_MEDIA_TYPE", "Unsupported content type"]
          : status === 404
            ? ["NOT_FOUND", error.message]
            : status === 408
              ? ["REQUEST_TIMEOUT", "The request took too long to arrive"]
              : ["VALIDATION_ERROR", error.message];
    return { status: ERROR_STATUS[code], message, errorCode: code };
  }
  request.log.error({ err: error }, "unhandled error");
  return { status: 500, message: "Something went wrong", errorCode: "INTERNAL" };
}

/** Maps every failure to the envelope (describeFailure). */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, ...failure } = describeFailure(error, request);
    return reply.status(status).send({ success: false, ...failure });
  });
}

/** The SQLSTATE of a pg or PGlite error, also when drizzle wraps it. */
export function databaseErrorCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}
