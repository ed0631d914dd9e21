import type { ErrorCode } from "./error-codes.js";

/** Every API answer has this shape (DESIGN.md, "The API contract"). */
export interface Envelope<T> {
  success: boolean;
  data?: T;
  message?: string;
  token?: string;
  errorCode?: ErrorCode;
  /** Per-field messages on 400, keyed by the field path ("attendee.email"). */
  errors?: Record<string, string>;
}
