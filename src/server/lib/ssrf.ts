import dns from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import net from "node:net";

/**
 * The SSRF guard for outgoing webhooks. A URL is resolved once, every address it resolves to must be
 * public, and the connection goes to the address that was checked (no second lookup a DNS server
 * could answer differently). Numeric spellings (2130706433, 0x7f.1, 0177.0.0.1, 127.1) are
 * normalised by the WHATWG URL parser before the check, so they meet the same rules.
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
  body: string;
  timeoutMs: number;
}

export interface IncomingResponse {
  status: number;
  body: string;
}

/** Opens the connection to an already checked address; tests inject one that records instead. */
export type Connector = (target: Target, request: OutgoingRequest) => Promise<IncomingResponse>;

export class UnsafeUrlError extends Error {}

// Two lists: one BlockList holding both families matches IPv4 addresses against IPv6 rules (::/96).
const blocked4 = new net.BlockList();
const blocked6 = new net.BlockList();
for (const [prefix, bits] of [
  ["0.0.0.0", 8], // "this network", incl. 0.0.0.0
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, incl. cloud metadata 169.254.169.254
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

/** Why an address may not be called, or null when it is public. */
export function forbiddenAddress(address: string): string | null {
  const family = net.isIP(address);
  if (family === 0) return "not an IP address";
  const hit = family === 4 ? blocked4.check(address, "ipv4") : blocked6.check(address, "ipv6");
  if (hit) return `${address} is not a public address`;
  return null;
}

export const systemResolver: Resolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** Parses, resolves and checks a webhook URL; throws UnsafeUrlError with a reason a host can read. */
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
  if (!options.allowPrivate) {
    for (const answer of answers) {
      const reason = forbiddenAddress(answer.address);
      if (reason) throw new UnsafeUrlError(`Webhooks cannot call private or local addresses (${reason})`);
    }
  }
  const first = answers[0];
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

const MAX_RESPONSE_BYTES = 64 * 1024;

/** Connects to `target.address` only; never follows redirects; gives up after `timeoutMs`. */
export const httpConnector: Connector = (target, request) =>
  new Promise((resolve, reject) => {
    const lib = target.url.protocol === "https:" ? https : http;
    const req = lib.request(
      target.url,
      {
        method: request.method,
        headers: { ...request.headers, "content-length": Buffer.byteLength(request.body) },
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
        timeout: request.timeoutMs,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_RESPONSE_BYTES) chunks.push(chunk);
        });
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`No answer within ${request.timeoutMs / 1000} s`)));
    req.on("error", reject);
    req.end(request.body);
  });

/** Checks the URL (again: DNS may have changed since it was saved), then sends to the checked address. */
export async function guardedRequest(
  raw: string,
  request: OutgoingRequest,
  options: { allowPrivate: boolean; resolve?: Resolver; connect?: Connector },
): Promise<IncomingResponse> {
  const target = await checkUrl(raw, options);
  return (options.connect ?? httpConnector)(target, request);
}
