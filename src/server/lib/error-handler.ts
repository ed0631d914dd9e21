import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ERROR_STATUS, type ErrorCode } from "../../contract/error-codes.js";
import { AppError } from "./errors.js";

/** Maps every failure to the envelope and the status codes of DESIGN.md. Never a 500 for bad input. */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        success: false,
        message: error.message,
        errorCode: error.errorCode,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "body";
        errors[key] ??= issue.message ?? "Invalid value";
      }
      const first = Object.entries(errors)[0];
      return reply.status(400).send({
        success: false,
        message: first ? `${first[0]}: ${first[1]}` : "Invalid request",
        errorCode: "VALIDATION_ERROR",
        errors,
      });
    }
    // A unique index lost a race that the service's own check could not see.
    if (databaseErrorCode(error) === "23505") {
      return reply.status(409).send({
        success: false,
        message: "This conflicts with something that already exists",
        errorCode: "CONFLICT",
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({
        success: false,
        message: "Too many requests. Please wait a moment and try again.",
        errorCode: "RATE_LIMITED",
      });
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
      return reply.status(ERROR_STATUS[code]).send({ success: false, message, errorCode: code });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ success: false, message: "Something went wrong", errorCode: "INTERNAL" });
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
