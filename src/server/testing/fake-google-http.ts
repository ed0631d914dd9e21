import type { IncomingMessage, ServerResponse } from "node:http";

/* The HTTP plumbing of the fake Google (fake-google.ts): its records, request checks, the consent page, bodies. */

export interface FakeGoogleUser {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
  picture: string | null;
}

export interface FakeGoogleClient {
  clientId: string;
  clientSecret: string;
  /** When set, the consent page refuses any other redirect_uri (as Google does). */
  redirectUris?: string[];
}

export interface FakeAccessToken {
  token: string;
  user: FakeGoogleUser;
  clientId: string;
  scopes: string[];
  expiresAt: number;
  revoked: boolean;
}

export function checkAuthorizeRequest(
  p: URLSearchParams,
  clients: Map<string, FakeGoogleClient>,
): string | null {
  const client = clients.get(p.get("client_id") ?? "");
  if (!client) return "invalid_client (The OAuth client was not found.)";
  const redirectUri = p.get("redirect_uri") ?? "";
  if (!/^https?:\/\//.test(redirectUri)) return "invalid_request (Missing required parameter: redirect_uri)";
  if (client.redirectUris && !client.redirectUris.includes(redirectUri)) return "redirect_uri_mismatch";
  if (p.get("response_type") !== "code") return "unsupported_response_type";
  if (!p.get("scope")) return "invalid_request (Missing required parameter: scope)";
  if (p.get("code_challenge") && p.get("code_challenge_method") !== "S256") {
    return "invalid_request (code_challenge_method)";
  }
  return null;
}

export function authenticateClient(
  req: IncomingMessage,
  form: URLSearchParams,
  clients: Map<string, FakeGoogleClient>,
): FakeGoogleClient | undefined {
  let id = form.get("client_id");
  let secret = form.get("client_secret");
  const basic = req.headers.authorization?.match(/^Basic (.+)$/);
  if (basic) [id, secret] = Buffer.from(basic[1], "base64").toString().split(":");
  const client = clients.get(id ?? "");
  return client && client.clientSecret === secret ? client : undefined;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

export function consentPage(params: URLSearchParams, users: FakeGoogleUser[]): string {
  const hidden = [...params]
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join("");
  const accounts = users
    .map(
      (u) =>
        `<form method="post" action="/o/oauth2/v2/auth/approve">${hidden}<input type="hidden" name="email" value="${escapeHtml(u.email)}"><button type="submit">${escapeHtml(u.name)} &lt;${escapeHtml(u.email)}&gt;</button></form>`,
    )
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in - Google Accounts</title></head>
<body><main><h1>Choose an account</h1><p>to continue to Kairos (local Google stand-in)</p>${accounts}
<form method="post" action="/o/oauth2/v2/auth/approve">${hidden}<label>Email <input name="email" type="email"></label><button type="submit">Use another account</button></form>
<form method="post" action="/o/oauth2/v2/auth/approve">${hidden}<button type="submit" name="action" value="cancel">Cancel</button></form></main></body></html>`;
}

export function bearerToken(req: IncomingMessage): string | undefined {
  return req.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
}

export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

export function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

export function html(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
  res.end(body);
}

export function redirect(res: ServerResponse, target: URL): void {
  res.writeHead(302, { location: target.toString() });
  res.end();
}
