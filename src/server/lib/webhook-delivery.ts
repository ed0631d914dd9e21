import { createHmac, randomBytes } from "node:crypto";
import { PermanentJobError } from "../jobs/runner.js";
import type { SecretBox } from "./secrets.js";
import { guardedRequest, type OutboundPolicy, UnsafeUrlError } from "./ssrf.js";

/**
 * The one webhook delivery of the server: workflows' webhook actions and webhook subscriptions
 * (`features/webhooks`) both send through `deliverWebhook`. Standard Webhooks signing
 * (https://www.standardwebhooks.com: `webhook-id`, `webhook-timestamp`, `webhook-signature`), the SSRF
 * guard on every request (`lib/ssrf.ts`: DNS checked again, the checked address connected to, a total
 * deadline) and one error type for "no 2xx answer".
 */

/** Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` under the secret's bytes. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/**
 * The plain signing secret of a stored one. Secrets are sealed at rest (lib/secrets.ts); a workflow saved
 * before that holds its plain `whsec_` value, which sealed values (`v1.`...) can never start with.
 */
export function openWebhookSecret(secrets: SecretBox, stored: string): string {
  return stored.startsWith("whsec_") ? stored : secrets.open(stored);
}

export const newWebhookSecret = () => `whsec_${randomBytes(24).toString("base64")}`;

/** A new Standard Webhooks message id (`webhook-id`): the same on every retry of one message. */
export const newWebhookId = () => `msg_${randomBytes(16).toString("base64url")}`;

/** Bytes of a receiver's answer kept (the delivery log shows them). */
export const WEBHOOK_RESPONSE_LIMIT = 2048;
/** A total deadline for one attempt, answer included. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** A webhook attempt that got an answer other than 2xx, or none. */
export class WebhookError extends Error {
  constructor(
    message: string,
    readonly responseCode: number | null,
    readonly responseMs: number,
    /** What the receiver answered (at most WEBHOOK_RESPONSE_LIMIT bytes), or null without an answer. */
    readonly responseBody: string | null = null,
  ) {
    super(message);
  }
}

export interface WebhookRequest {
  url: string;
  method?: string;
  /** The caller's own headers; the signature headers are set after them and cannot be replaced. */
  headers?: Record<string, string>;
  body: string;
  /** The plain `whsec_...` secret. */
  secret: string;
  eventId: string;
  at: Date;
}

export interface WebhookAnswer {
  responseCode: number;
  responseMs: number;
  responseBody: string;
  /** The receiver's host, for logs. */
  target: string;
}

/**
 * Signs and sends one attempt. Resolves on a 2xx answer; throws WebhookError on any other answer or
 * none (retry), PermanentJobError when the address is refused by the SSRF guard (no retry can help).
 */
export async function deliverWebhook(
  policy: OutboundPolicy,
  request: WebhookRequest,
): Promise<WebhookAnswer> {
  const timestamp = Math.floor(request.at.getTime() / 1000);
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "user-agent": "Kairos-Webhooks/1.0",
    ...request.headers,
  };
  // Set last: a custom header cannot replace the signature.
  headers["webhook-id"] = request.eventId;
  headers["webhook-timestamp"] = String(timestamp);
  headers["webhook-signature"] = signWebhook(request.secret, request.eventId, timestamp, request.body);
  const started = performance.now();
  let target = request.url;
  try {
    target = new URL(request.url).host;
    const res = await guardedRequest(
      request.url,
      {
        method: request.method ?? "POST",
        headers,
        body: request.body,
        timeoutMs: WEBHOOK_TIMEOUT_MS,
        maxResponseBytes: WEBHOOK_RESPONSE_LIMIT,
      },
      policy,
    );
    const responseMs = Math.round(performance.now() - started);
    const responseBody = res.body.slice(0, WEBHOOK_RESPONSE_LIMIT);
    if (res.status < 200 || res.status >= 300) {
      throw new WebhookError(
        `The receiver answered HTTP ${res.status}`,
        res.status,
        responseMs,
        responseBody,
      );
    }
    return { responseCode: res.status, responseMs, responseBody, target };
  } catch (error) {
    if (error instanceof WebhookError) throw error;
    if (error instanceof UnsafeUrlError) throw new PermanentJobError(error.message);
    throw new WebhookError((error as Error).message, null, Math.round(performance.now() - started));
  }
}
