import { ERROR_STATUS, type ErrorCode, type ErrorCodeWithStatus } from "../../contract/error-codes.js";

/**
 * The one error type services throw; the error handler maps it to the envelope. Its HTTP status is the
 * code's, from the one list in `contract/error-codes.ts`.
 */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly errorCode: ErrorCode,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
    this.statusCode = ERROR_STATUS[errorCode];
  }
}

export const badRequest = (
  message: string,
  errors?: Record<string, string>,
  errorCode: ErrorCodeWithStatus<400> = "VALIDATION_ERROR",
) => new AppError(errorCode, message, errors);
export const unauthorized = (message = "Not signed in") => new AppError("UNAUTHORIZED", message);
/** Used for anything that is not the caller's: never reveal that it exists. */
export const notFound = (message = "Not found") => new AppError("NOT_FOUND", message);
/**
 * A provider we depend on (Google, an OpenID provider, a CalDAV server) did not answer or failed:
 * the same 503 and code wherever it happens, never a 4xx that blames the caller (a 401 would also look
 * like a lost session to the web app).
 */
export const providerUnavailable = (message: string) => new AppError("PROVIDER_UNAVAILABLE", message);
export const conflict = (message: string, errorCode: ErrorCodeWithStatus<409> = "CONFLICT") =>
  new AppError(errorCode, message);
