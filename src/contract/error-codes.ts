/**
 * Every `errorCode` the API answers, with its HTTP status: the one list. The server's `AppError` takes a
 * code and gets its status from here (src/server/lib/errors.ts), the error handler maps framework
 * failures onto these codes, and the web app reads `errorCode` as this type. A new failure adds its code
 * here; a code never changes its status.
 */
export const ERROR_STATUS = {
  // 400: the request itself is wrong; `errors` names the fields where it can.
  VALIDATION_ERROR: 400,
  INVALID_TOKEN: 400,
  WRONG_PASSWORD: 400,
  CONFIRMATION_MISMATCH: 400,
  DEFAULT_SCHEDULE: 400,
  SCHEDULE_IN_USE: 400,
  ADDRESS_NOT_ALLOWED: 400,
  CALDAV_UNREACHABLE: 400,
  CALDAV_AUTH_FAILED: 400,
  GOOGLE_REFUSED: 400,
  GOOGLE_ACCESS_DENIED: 400,
  STATE_INVALID: 400,
  REFRESH_FAILED: 400,
  // 401: no session, or a sign-in that did not succeed.
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  SSO_REFUSED: 401,
  // 403: not allowed (signed in without the right, or a provider's account we may not accept).
  FORBIDDEN: 403,
  EMAIL_MISSING: 403,
  EMAIL_NOT_VERIFIED: 403,
  /** The host blocked this booker (contract/blocklist.ts); the message does not say so. */
  BOOKING_REFUSED: 403,
  /** An API key without the permission the public API route needs (`<resource>:read|write`). */
  INSUFFICIENT_SCOPE: 403,
  // 404: not there, or not the caller's (never revealed); a provider not set up here.
  NOT_FOUND: 404,
  GOOGLE_NOT_CONFIGURED: 404,
  // 408: the request's body did not arrive in time.
  REQUEST_TIMEOUT: 408,
  // 409: the request meets a state that refuses it.
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  USERNAME_TAKEN: 409,
  SLUG_TAKEN: 409,
  IDENTITY_TAKEN: 409,
  LAST_SIGN_IN_METHOD: 409,
  SLOT_TAKEN: 409,
  SLOT_UNAVAILABLE: 409,
  ALREADY_BOOKED: 409,
  ALREADY_VOTED: 409,
  BOOKING_CLOSED: 409,
  /** An event type that cannot be booked as configured (no hosts, no proposed times). */
  EVENT_TYPE_INCOMPLETE: 409,
  /** A booking past the host's or event type's limit of bookings or meeting time (contract/booking-limits.ts). */
  BOOKING_LIMIT_REACHED: 409,
  /** A booking request that was already confirmed, declined or expired (or a spent mailed link). */
  REQUEST_ANSWERED: 409,
  /** Some occurrences of a recurring booking cannot be booked; `errors` names them (contract/recurrence.ts). */
  SERIES_CONFLICT: 409,
  // 410: a link that worked once and no longer does.
  NO_LONGER_AVAILABLE: 410,
  INVITE_EXPIRED: 410,
  INVITE_USED: 410,
  // 413, 415: the upload, or a request body too large for any route.
  FILE_TOO_LARGE: 413,
  PAYLOAD_TOO_LARGE: 413,
  NOT_CSV: 415,
  UNSUPPORTED_IMAGE: 415,
  UNSUPPORTED_MEDIA_TYPE: 415,
  // 424: a service the host connected cannot give what the booking needs (a Meet link); nothing booked.
  GOOGLE_NOT_CONNECTED: 424,
  GOOGLE_TOKEN_EXPIRED: 424,
  MEETING_CREATION_FAILED: 424,
  // 429: too many requests from this client.
  RATE_LIMITED: 429,
  // 500, 503: our fault, or a provider's.
  INTERNAL: 500,
  PROVIDER_UNAVAILABLE: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The codes answered with HTTP status S (helpers such as `conflict()` take only those). */
export type ErrorCodeWithStatus<S extends number> = {
  [K in ErrorCode]: (typeof ERROR_STATUS)[K] extends S ? K : never;
}[ErrorCode];
