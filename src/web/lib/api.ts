import type { Envelope } from "../../contract/envelope";
import type { Answer } from "../../contract/responses/shared";
import { t } from "./i18n";
import { localizeText } from "./server-text";

export const TOKEN_KEY = "auth_token";

/**
 * The host app is never framed (frame-ancestors 'none'): a frame is an invitee's embedded page, which
 * has no session and touches no storage (issue 25). Storage is shared with the top page when both are
 * Kairos (Share > Embed's preview): the frame clearing "its" token would sign the host out.
 */
const framed = () => typeof window !== "undefined" && window.self !== window.top;

export function getToken(): string | null {
  if (framed()) return null;
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string | null): void {
  if (framed()) return;
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
const UNREACHABLE = "Cannot reach the server. Check your connection and try again.";

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
  // A FormData body (a file upload) sets its own multipart type and boundary.
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers["Content-Type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, UNREACHABLE);
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

/**
 * Calls the API and returns the route's whole success answer, typed by the route's response schemas, for
 * answers that carry more than `data`: `requestAnswer<typeof workflowsResponses.executions>("GET", path)`
 * (with `pagination`). Throws ApiError on failure, as `request`.
 */
export async function requestAnswer<Responses>(
  ...call: Parameters<typeof request>
): Promise<Answer<Responses>> {
  return (await request<unknown>(...call)) as Answer<Responses>;
}

export const api = {
  get: <T>(path: string) => data<T>("GET", path),
  post: <T>(path: string, body?: unknown, headers?: Record<string, string>) =>
    data<T>("POST", path, body ?? {}, headers),
  put: <T>(path: string, body?: unknown) => data<T>("PUT", path, body ?? {}),
  delete: <T>(path: string) => data<T>("DELETE", path),
};

/**
 * The server's message for a failed call in the host's language (server-text.ts), else `fallback` (the spec's text for that action). The
 * client's own generic 'API call failed' counts as no message.
 */
export function errorMessage(error: unknown, fallback?: string): string {
  const message = error instanceof Error ? error.message : "";
  if (message && message !== GENERIC_FAILURE) return localizeText(message);
  return fallback ?? t("common.unexpectedError");
}

/** Sends one file as multipart/form-data in `field` (the JSON calls cannot); answers and fails as `request`. */
export function upload<T>(path: string, file: File, field = "file"): Promise<Envelope<T>> {
  const form = new FormData();
  form.append(field, file, file.name);
  return request<T>("POST", path, form);
}

/** Hands a blob to the browser as a download named `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Fetches a file answer (a CSV export, a template: GET, or POST with a JSON body) with the session and
 * saves it under the server's file name (Content-Disposition), else `fallbackName`.
 */
export async function download(path: string, body: unknown | undefined, fallbackName: string): Promise<void> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, UNREACHABLE);
  }
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as Envelope<unknown> | null;
    throw new ApiError(response.status, envelope?.message || GENERIC_FAILURE, envelope?.errorCode);
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName;
  saveFile(await response.blob(), name);
}
