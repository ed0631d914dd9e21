import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import { ApiError, errorMessage } from "./api";

/**
 * Puts a failed submit's messages where the host looks: the server's per-field errors on the fields this
 * form has (the first one focused); otherwise its message on `fallbackField`, or, when `fallbackField` is
 * null, returns that message for the form to show as a whole. `fallback` is the spec's text when the
 * server gave none.
 */
export function setServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
  fallbackField: FieldPath<T> | null,
  fallback?: string,
): string | null {
  const fieldErrors = error instanceof ApiError ? error.errors : undefined;
  const named = fields.filter((f) => fieldErrors?.[f]);
  for (const f of named) setError(f, { message: fieldErrors?.[f] }, { shouldFocus: f === named[0] });
  if (named.length > 0) return null;
  const message = errorMessage(error, fallback);
  if (fallbackField === null) return message;
  setError(fallbackField, { message }, { shouldFocus: true });
  return null;
}
