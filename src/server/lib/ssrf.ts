import dns from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import net from "node:net";

/**
 * The one SSRF guard for every address a user types (workflow webhooks, CalDAV servers). A URL is
 * resolved once, every address it resolves to must be allowed, and the connection goes to the address
 * that was checked (no second lookup a DNS server could answer differently). Every request is checked
 * again when it is sent, and every redirect it follows too. Numeric spellings (2130706433, 0x7f.1,
 * 0177.0.0.1, 127.1) are normalised by the WHATWG URL parser before the check, so they meet the same rules.
 *
 * Loopback, private and link-local targets are refused unless the server runs with
 * ALLOW_PRIVATE_TARGETS=true (self-hosters whose Nextcloud or Radicale is on their own network); cloud
 * metadata addresses are refused always: they hand out the server's own cloud credentials.
 */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface Target {
  url: URL;
  address: string;
  family: 4 | 6;
}

export interface OutgoingRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** A total deadline for the whole exchange, answer body included (not an idle timeout). */
  timeoutMs: number;
  /** Ends the exchange early (a caller's own deadline). */
  signal?: AbortSignal;
  /** Bytes of the answer kept; reading stops there. */
  maxResponseBytes?: number;
}

export interface IncomingResponse {
  status: number;
  body: string;
  headers?: Record<string, string>;
}

/** Opens the connection to an already checked address; tests inject one that records instead. */
export type Connector = (target: Target, request: OutgoingRequest) => Promise<IncomingResponse>;

/** What decides whether an address may be called, and how (tests inject resolver and connector). */
export interface OutboundPolicy {
  /** ALLOW_PRIVATE_TARGETS: loopback, private and link-local targets may be called (metadata never). */
  allowPrivate: boolean;
  resolve?: Resolver;
  connect?: Connector;
}

export class UnsafeUrlError extends Error {}

// Two lists: one BlockList holding both families matches IPv4 addresses against IPv6 rules (::/96).
const blocked4 = new net.BlockList();
const blocked6 = new net.BlockList();
for (const [prefix, bits] of [
  ["0.0.0.0", 8], // "this network", incl. 0.0.0.0
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved and broadcast
] as const) {
  blocked4.addSubnet(prefix, bits, "ipv4");
}
for (const [prefix, bits] of [
  ["::", 128], // unspecified
  ["::1", 128],
  ["::", 96], // IPv4-compatible (deprecated)
  ["::ffff:0:0", 96], // IPv4-mapped
  ["64:ff9b::", 96], // NAT64: may wrap a private IPv4 address
  ["100::", 64],
  ["2001:db8::", 32],
  ["2002::", 16], // 6to4: may wrap a private IPv4 address
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const) {
  blocked6.addSubnet(prefix, bits, "ipv6");
}

// Cloud metadata endpoints (AWS, GCP, Azure, OpenStack; AWS's IPv6 one). The BlockList also matches
// IPv4-mapped spellings (::ffff:a9fe:a9fe); the IPv4-compatible and NAT64 ones are listed as well.
const metadata = new net.BlockList();
metadata.addAddress("169.254.169.254", "ipv4");
for (const address of ["fd00:ec2::254", "::a9fe:a9fe", "64:ff9b::a9fe:a9fe"])
  metadata.addAddress(address, "ipv6");

/** Why an address may not be called, or null when it is public. */
export function forbiddenAddress(address: string): string | null {
  const family = net.isIP(address);
  if (family === 0) return "not an IP address";
  const hit = family === 4 ? blocked4.check(address, "ipv4") : blocked6.check(address, "ipv6");
  if (hit) return `${address} is not a public address`;
  return null;
}

/** Whether an address is a cloud metadata endpoint: refused even with ALLOW_PRIVATE_TARGETS. */
export function isMetadataAddress(address: string): boolean {
  const family = net.isIP(address);
  return family !== 0 && metadata.check(address, family === 4 ? "ipv4" : "ipv6");
}

const REFUSED = "Calls to private or local addresses are not allowed";

/** The one message for a refused address, wherever the address was typed. */
function refusal(address: string, allowPrivate: boolean): string | null {
  if (isMetadataAddress(address))
    return `${REFUSED} (${address} is a cloud metadata address, refused always)`;
  if (allowPrivate) return null;
  const reason = forbiddenAddress(address);
  return reason
    ? `${REFUSED} (${reason}). A self-hosted server allows them with ALLOW_PRIVATE_TARGETS=true.`
    : null;
}

export const systemResolver: Resolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** Parses, resolves and checks a URL; throws UnsafeUrlError with a reason a host can read. */
export async function checkUrl(
  raw: string,
  options: { allowPrivate: boolean; resolve?: Resolver },
): Promise<Target> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeUrlError("Enter a valid URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new UnsafeUrlError("Use http:// or https://");
  if (url.username || url.password) throw new UnsafeUrlError("Put credentials in a header, not in the URL");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let answers: { address: string; family: number }[];
  if (net.isIP(host)) {
    answers = [{ address: host, family: net.isIP(host) }];
  } else {
    try {
      answers = await (options.resolve ?? systemResolver)(host);
    } catch {
      throw new UnsafeUrlError(`Could not resolve ${host}`);
    }
    if (answers.length === 0) throw new UnsafeUrlError(`Could not resolve ${host}`);
  }
  for (const answer of answers) {
    const reason = refusal(answer.address, options.allowPrivate);
    if (reason) throw new UnsafeUrlError(reason);
  }
  const first = answers[0];
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024;

/** The deadline passed: named TimeoutError, as fetch names its own, so callers need one check. */
function deadlineError(timeoutMs: number): Error {
  const error = new Error(`No answer within ${timeoutMs / 1000} s`);
  error.name = "TimeoutError";
  return error;
}

/**
 * Connects to `target.address` only; never follows redirects (guardedFetch does, checking each); gives
 * up `timeoutMs` after the start whatever arrives meanwhile: a receiver trickling a byte a second is
 * cut off at the deadline, not kept alive by its own trickle.
 */
export const httpConnector: Connector = (target, request) =>
  new Promise((resolve, reject) => {
    const lib = target.url.protocol === "https:" ? https : http;
    const limit = request.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.signal?.removeEventListener("abort", onAbort);
      outcome();
    };
    const fail = (error: unknown) => {
      finish(() => reject(error));
      req.destroy();
    };
    const onAbort = () => fail(request.signal?.reason ?? deadlineError(request.timeoutMs));
    const timer = setTimeout(() => fail(deadlineError(request.timeoutMs)), request.timeoutMs);
    const headers: Record<string, string | number> = { ...request.headers };
    if (request.body !== undefined) headers["content-length"] = Buffer.byteLength(request.body);
    const req = lib.request(
      target.url,
      {
        method: request.method,
        headers,
        // The checked address, whatever the name resolves to now; TLS still checks the name.
        lookup: (_hostname, options, callback) => {
          if ((options as { all?: boolean }).all) {
            (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
              { address: target.address, family: target.family },
            ]);
          } else {
            callback(null, target.address, target.family);
          }
        },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () =>
          finish(() =>
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).toString("utf8"),
              headers: Object.fromEntries(
                Object.entries(res.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]),
              ),
            }),
          );
        res.on("data", (chunk: Buffer) => {
          if (settled) return;
          chunks.push(chunk.subarray(0, Math.max(0, limit - size)));
          size += chunk.length;
          // Enough read: what follows is not kept, so it is not waited for either.
          if (size >= limit) {
            done();
            req.destroy();
          }
        });
        res.on("end", done);
        res.on("error", fail);
      },
    );
    req.on("error", fail);
    if (request.signal?.aborted) return onAbort();
    request.signal?.addEventListener("abort", onAbort, { once: true });
    req.end(request.body);
  });

/** Checks the URL (again: DNS may have changed since it was saved), then sends to the checked address. */
export async function guardedRequest(
  raw: string,
  request: OutgoingRequest,
  options: OutboundPolicy,
): Promise<IncomingResponse> {
  const target = await checkUrl(raw, options);
  return (options.connect ?? httpConnector)(target, request);
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);
const MAX_REDIRECTS = 5;

/**
 * A `fetch` for libraries that make their own requests (tsdav): each request, and each redirect it
 * follows, goes through the guard and to the checked address only. Bodies are strings (CalDAV is
 * XML and iCalendar); each request ends at `timeoutMs` or at the caller's signal, whichever is first.
 */
export function createGuardedFetch(
  options: OutboundPolicy & { timeoutMs: number; maxResponseBytes: number },
): typeof fetch {
  return async (input, init = {}) => {
    const request = input instanceof Request ? input : null;
    let url = request ? request.url : String(input);
    let method = (init.method ?? request?.method ?? "GET").toUpperCase();
    const headers = Object.fromEntries(new Headers(init.headers ?? request?.headers));
    let body = bodyText(init.body);
    const signal = init.signal ?? request?.signal ?? undefined;
    for (let hop = 0; ; hop++) {
      const target = await checkUrl(url, options);
      const res = await (options.connect ?? httpConnector)(target, {
        method,
        headers,
        body,
        timeoutMs: options.timeoutMs,
        signal,
        maxResponseBytes: options.maxResponseBytes,
      });
      const location = res.headers?.location;
      if (init.redirect !== "manual" && REDIRECT_STATUSES.has(res.status) && location) {
        if (init.redirect === "error" || hop >= MAX_REDIRECTS)
          throw new TypeError(`Too many redirects from ${new URL(url).host}`);
        const next = new URL(location, url);
        if (res.status === 303 || (res.status <= 302 && method === "POST")) {
          method = "GET";
          body = undefined;
        }
        // Credentials stay with the origin they were given for.
        if (next.origin !== new URL(url).origin) delete headers.authorization;
        url = next.href;
        continue;
      }
      const response = new Response(NULL_BODY_STATUSES.has(res.status) ? null : res.body, {
        status: res.status,
        headers: res.headers,
      });
      Object.defineProperty(response, "url", { value: url });
      return response;
    }
  };
}

function bodyText(body: RequestInit["body"]): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string") return body;
  if (body instanceof Uint8Array) return Buffer.from(body).toString("utf8");
  throw new TypeError("Only text bodies can be sent to a user-given address");
}
