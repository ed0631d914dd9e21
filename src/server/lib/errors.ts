/** The one error type services throw; the error handler maps it to the envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errorCode?: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string, errors?: Record<string, string>, errorCode?: string) =>
  new AppError(400, message, errorCode ?? "VALIDATION_ERROR", errors);
export const unauthorized = (message = "Not signed in") => new AppError(401, message, "UNAUTHORIZED");
/** Used for anything that is not the caller's: never reveal that it exists. */
export const notFound = (message = "Not found") => new AppError(404, message, "NOT_FOUND");
/**
 * A provider we depend on (Google, an OpenID provider, a CalDAV server) did not answer or failed:
 * the same 503 and code wherever it happens, never a 4xx that blames the caller (a 401 would also look
 * like a lost session to the web app).
 */
export const providerUnavailable = (message: string) => new AppError(503, message, "PROVIDER_UNAVAILABLE");
export const conflict = (message: string, errorCode = "CONFLICT") => new AppError(409, message, errorCode);
