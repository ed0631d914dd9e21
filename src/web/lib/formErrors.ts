import type { FieldErrors, FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import { ApiError, errorMessage } from "./api";
import { localizeText } from "./server-text";

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
  for (const f of named)
    setError(f, { message: localizeText(fieldErrors?.[f] ?? "") }, { shouldFocus: f === named[0] });
  if (named.length > 0) return null;
  const message = errorMessage(error, fallback);
  if (fallbackField === null) return message;
  setError(fallbackField, { message }, { shouldFocus: true });
  return null;
}

/**
 * react-hook-form's nested errors as "path": "message" (the shape of the server's per-field errors), for
 * forms whose parts take a flat map: a nested list of actions, a slot list. A node's own message is kept
 * beside its children's ("actions": "Add at least one action").
 */
export function flattenErrors(errors: FieldErrors, prefix = ""): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== "object" || key === "ref") continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const node = value as { message?: unknown; root?: { message?: unknown } };
    const message = typeof node.message === "string" ? node.message : node.root?.message;
    if (typeof message === "string" && message) flat[path] = localizeText(message);
    Object.assign(flat, flattenErrors(value as FieldErrors, path));
  }
  return flat;
}
