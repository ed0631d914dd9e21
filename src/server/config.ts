import path from "node:path";
import { z } from "zod";

const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.string().url().optional(),
  READ_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Kairos <no-reply@kairos.local>"),
  SMTP_CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
  SMTP_GREETING_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
  SMTP_SOCKET_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  LOG_LEVEL: z.enum(logLevels).default("info"),
  WEB_DIR: z.string().min(1).default("dist/web"),
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  SMS_URL: z.string().url().optional(),
  SMS_FROM: z.string().default(""),
  ALLOW_PRIVATE_TARGETS: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true")),
  /** The old name of ALLOW_PRIVATE_TARGETS, from when only webhooks were guarded; still read. */
  ALLOW_PRIVATE_WEBHOOKS: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true")),
  SECRETS_KEY: z.string().optional(),
  TRUST_PROXY: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_OAUTH_BASE: z.string().url().optional(),
  GOOGLE_API_BASE: z.string().url().default("https://www.googleapis.com"),
  OAUTH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
});

export type DatabaseConfig =
  | { kind: "pglite"; dataDir: string | null }
  /**
   * readCacheMs: how long slot lookups and session checks may be answered from this process's memory
   * (db/read-cache.ts), so how late another instance's booking or sign-out may count here; 0 reads
   * every time. 1000 when unset.
   */
  | { kind: "postgres"; url: string; readCacheMs?: number };

export interface AppConfig {
  port: number;
  host: string;
  database: DatabaseConfig;
  publicUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  /** How long the SMTP server may take to accept, to greet, and to answer on an open connection. */
  smtpTimeoutsMs: SmtpTimeouts;
  /** Twilio-compatible Messages API with credentials (https://SID:TOKEN@api.twilio.com); null logs SMS. */
  smsUrl: string | null;
  smsFrom: string;
  /**
   * ALLOW_PRIVATE_TARGETS (old name ALLOW_PRIVATE_WEBHOOKS): addresses users type (webhooks, CalDAV
   * servers) may be loopback, private or link-local: self-hosters whose services run on their own
   * network. Cloud metadata addresses stay refused (lib/ssrf.ts).
   */
  allowPrivateTargets: boolean;
  logLevel: (typeof logLevels)[number];
  trustProxy: boolean;
  /** Per-route limits; tests lower or raise them. */
  rateLimits: RateLimits;
  /** Folder with the built SPA; null serves the API only. */
  webDir: string | null;
  /** DATA_DIR, resolved: the embedded database and the generated secrets key live here. */
  dataDir: string;
  /** SECRETS_KEY (32 bytes, hex or base64); null: a key file in dataDir (see lib/secrets.ts). */
  secretsKey: string | null;
  /** Google OAuth (sign-in, calendars); null when GOOGLE_CLIENT_ID/SECRET are not set. */
  google: GoogleConfig | null;
  /** OpenID Connect sign-in providers from SSO_<NAME>_* variables: SBU, Gameforce, then others by name. */
  oidcProviders: OidcProviderConfig[];
  /** How long a call to Google or an OIDC provider may take before sign-in gives up. */
  oauthTimeoutMs: number;
}

export interface SmtpTimeouts {
  connection: number;
  greeting: number;
  socket: number;
}

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  /** OAuth 2.0 endpoints; Google's own unless GOOGLE_OAUTH_BASE points elsewhere (tests). */
  endpoints: { authorize: string; token: string; revoke: string; tokenInfo: string };
  /** Base of Google's REST APIs (userinfo at /oauth2/v3/userinfo, Calendar at /calendar/v3). */
  apiBase: string;
}

export interface OidcProviderConfig {
  /** URL-safe id: the lower-cased NAME of SSO_<NAME>_ISSUER (underscores become hyphens). */
  id: string;
  /** Button text after "Continue with" (SSO_<NAME>_LABEL, else a readable form of NAME). */
  label: string;
  issuer: string;
  clientId: string;
  /** Null for a public client (PKCE only, no client authentication). */
  clientSecret: string | null;
  /**
   * SSO_<NAME>_TRUST_EMAIL=true: the provider only issues addresses it owns (a company directory), so an
   * email without an `email_verified` claim counts as verified. An explicit `false` is never overridden.
   */
  trustEmail: boolean;
}

export interface RateLimits {
  login: { max: number; windowMs: number };
  register: { max: number; windowMs: number };
  publicBooking: { max: number; windowMs: number };
  /** The public API (/api/v1), per API key (or signed-in host); default 120 a minute. */
  publicApi?: { max: number; windowMs: number };
}

export const defaultRateLimits: RateLimits = {
  login: { max: 10, windowMs: 60_000 },
  register: { max: 5, windowMs: 60_000 },
  publicBooking: { max: 30, windowMs: 60_000 },
  publicApi: { max: 120, windowMs: 60_000 },
};

/** Reads the environment once; throws a readable message on bad values. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable means "not set" (e.g. DATABASE_URL= to force the embedded database).
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    database: e.DATABASE_URL
      ? { kind: "postgres", url: e.DATABASE_URL, readCacheMs: e.READ_CACHE_MS }
      : { kind: "pglite", dataDir: path.resolve(e.DATA_DIR) },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    smtpUrl: e.SMTP_URL || null,
    mailFrom: e.MAIL_FROM,
    smtpTimeoutsMs: {
      connection: e.SMTP_CONNECTION_TIMEOUT_MS,
      greeting: e.SMTP_GREETING_TIMEOUT_MS,
      socket: e.SMTP_SOCKET_TIMEOUT_MS,
    },
    smsUrl: e.SMS_URL ?? null,
    smsFrom: e.SMS_FROM,
    allowPrivateTargets: e.ALLOW_PRIVATE_TARGETS ?? e.ALLOW_PRIVATE_WEBHOOKS ?? false,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimits: scaleRateLimits(defaultRateLimits, e.RATE_LIMIT_FACTOR),
    webDir: path.resolve(e.WEB_DIR),
    dataDir: path.resolve(e.DATA_DIR),
    secretsKey: e.SECRETS_KEY ?? null,
    google: googleConfig(e),
    oidcProviders: oidcProviders(present),
    oauthTimeoutMs: e.OAUTH_TIMEOUT_MS,
  };
}

/** Google's endpoints as its client library knows them; GOOGLE_OAUTH_BASE replaces all four hosts. */
const GOOGLE_ENDPOINTS = {
  authorize: "https://accounts.google.com/o/oauth2/v2/auth",
  token: "https://oauth2.googleapis.com/token",
  revoke: "https://oauth2.googleapis.com/revoke",
  tokenInfo: "https://oauth2.googleapis.com/tokeninfo",
};

function googleConfig(e: z.infer<typeof envSchema>): GoogleConfig | null {
  if (!e.GOOGLE_CLIENT_ID && !e.GOOGLE_CLIENT_SECRET) return null;
  if (!e.GOOGLE_CLIENT_ID || !e.GOOGLE_CLIENT_SECRET) {
    throw new Error(
      "Invalid configuration:\n  set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither",
    );
  }
  const base = e.GOOGLE_OAUTH_BASE?.replace(/\/$/, "");
  return {
    clientId: e.GOOGLE_CLIENT_ID,
    clientSecret: e.GOOGLE_CLIENT_SECRET,
    endpoints: base
      ? {
          authorize: `${base}/o/oauth2/v2/auth`,
          token: `${base}/token`,
          revoke: `${base}/revoke`,
          tokenInfo: `${base}/tokeninfo`,
        }
      : GOOGLE_ENDPOINTS,
    apiBase: e.GOOGLE_API_BASE.replace(/\/$/, ""),
  };
}

/** Display names of the providers the spec names; any other NAME is shown capitalised. */
const KNOWN_LABELS: Record<string, string> = { sbu: "SBU", gameforce: "Gameforce" };

const SSO_VARIABLE = /^SSO_([A-Z0-9_]+?)_(ISSUER|CLIENT_ID|CLIENT_SECRET|LABEL|TRUST_EMAIL)$/;

/** Every SSO_<NAME>_ISSUER defines a provider; its CLIENT_ID is required, CLIENT_SECRET and LABEL are not. */
function oidcProviders(env: Record<string, string | undefined>): OidcProviderConfig[] {
  const byName = new Map<string, Record<string, string>>();
  for (const [key, value] of Object.entries(env)) {
    const match = SSO_VARIABLE.exec(key);
    if (!match || value === undefined) continue;
    const fields = byName.get(match[1]) ?? {};
    fields[match[2]] = value;
    byName.set(match[1], fields);
  }
  const problems: string[] = [];
  const providers: OidcProviderConfig[] = [];
  // The spec's two come first, in its order (SBU, then Gameforce); any others follow by name.
  const rank = (name: string) => {
    const i = Object.keys(KNOWN_LABELS).indexOf(name.toLowerCase());
    return i === -1 ? Number.MAX_SAFE_INTEGER : i;
  };
  const ordered = [...byName].sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
  for (const [name, fields] of ordered) {
    if (!fields.ISSUER) {
      problems.push(`SSO_${name}_ISSUER: required when other SSO_${name}_* variables are set`);
      continue;
    }
    const id = name.toLowerCase().replaceAll("_", "-");
    if (id === "google") problems.push("SSO_GOOGLE_*: Google is configured with GOOGLE_CLIENT_ID/SECRET");
    if (!z.string().url().safeParse(fields.ISSUER).success) problems.push(`SSO_${name}_ISSUER: not a URL`);
    if (!fields.CLIENT_ID) problems.push(`SSO_${name}_CLIENT_ID: required`);
    if (fields.TRUST_EMAIL && !["true", "false"].includes(fields.TRUST_EMAIL)) {
      problems.push(`SSO_${name}_TRUST_EMAIL: true or false`);
    }
    providers.push({
      id,
      label: fields.LABEL ?? KNOWN_LABELS[id] ?? readableName(name),
      // Kept exactly: the provider's metadata must name the same issuer, trailing slash included.
      issuer: fields.ISSUER,
      clientId: fields.CLIENT_ID ?? "",
      clientSecret: fields.CLIENT_SECRET ?? null,
      trustEmail: fields.TRUST_EMAIL === "true",
    });
  }
  if (problems.length > 0) throw new Error(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  return providers;
}

const readableName = (name: string) =>
  name
    .split("_")
    .map((w) => w.charAt(0) + w.slice(1).toLowerCase())
    .join(" ");

/**
 * Multiplies every per-client limit. End-to-end tests sign up many hosts from one address and set a
 * large factor; the limits themselves are tested at the API.
 */
function scaleRateLimits(limits: RateLimits, factor: number): RateLimits {
  const scaled = Object.entries(limits).map(([route, l]) => [
    route,
    { ...l, max: Math.max(1, Math.round(l.max * factor)) },
  ]);
  return Object.fromEntries(scaled) as RateLimits;
}
