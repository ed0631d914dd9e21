import type { Envelope } from "../../contract/envelope";

export const TOKEN_KEY = "auth_token";

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Private mode without storage: the session lasts for this page only.
  }
}

/** A failed call: the server's message, its code and per-field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errorCode?: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** Spec section 8: a failed call without a message of its own. */
const GENERIC_FAILURE = "API call failed";

type Method = "GET" | "POST" | "PUT" | "DELETE" | "PATCH";

/**
 * Calls the API and returns the whole envelope; throws ApiError on failure. Spec section 8: failed
 * requests are logged (for whoever opens the console) and rethrown.
 */
export async function request<T>(
  method: Method,
  path: string,
  body?: unknown,
  extraHeaders?: Record<string, string>,
): Promise<Envelope<T>> {
  try {
    return await send<T>(method, path, body, extraHeaders);
  } catch (error) {
    // An answer the app expects and shows (wrong password, slot taken, a 404) is not a fault: it is logged
    // as information. Only server faults and lost connections are logged as errors.
    const expected = error instanceof ApiError && error.status >= 400 && error.status < 500;
    (expected ? console.info : console.error)(
      `${method} /api${path.split("?")[0]} failed:`,
      error instanceof Error ? error.message : error,
    );
    throw error;
  }
}

async function send<T>(
  method: Method,
  path: string,
  body?: unknown,
  extraHeaders?: Record<string, string>,
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { Accept: "application/json", ...extraHeaders };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "Cannot reach the server. Check your connection and try again.");
  }
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new ApiError(response.status, GENERIC_FAILURE);
  }
  if (!response.ok || !envelope.success) {
    throw new ApiError(
      response.status,
      envelope.message || GENERIC_FAILURE,
      envelope.errorCode,
      envelope.errors,
    );
  }
  return envelope;
}

async function data<T>(
  method: Method,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<T> {
  return (await request<T>(method, path, body, headers)).data as T;
}

export const api = {
  get: <T>(path: string) => data<T>("GET", path),
  post: <T>(path: string, body?: unknown, headers?: Record<string, string>) =>
    data<T>("POST", path, body ?? {}, headers),
  put: <T>(path: string, body?: unknown) => data<T>("PUT", path, body ?? {}),
  delete: <T>(path: string) => data<T>("DELETE", path),
};

/**
 * The server's message for a failed call, else `fallback` (the spec's text for that action). The
 * client's own generic 'API call failed' counts as no message.
 */
export function errorMessage(error: unknown, fallback = "An unexpected error occurred"): string {
  const message = error instanceof Error ? error.message : "";
  return message && message !== GENERIC_FAILURE ? message : fallback;
}
