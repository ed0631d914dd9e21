import path from "node:path";
import { z } from "zod";

const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Kairos <no-reply@kairos.local>"),
  LOG_LEVEL: z.enum(logLevels).default("info"),
  WEB_DIR: z.string().min(1).default("dist/web"),
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  SECRETS_KEY: z.string().optional(),
  TRUST_PROXY: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
});

export type DatabaseConfig = { kind: "pglite"; dataDir: string | null } | { kind: "postgres"; url: string };

export interface AppConfig {
  port: number;
  host: string;
  database: DatabaseConfig;
  publicUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
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
}

export interface RateLimits {
  login: { max: number; windowMs: number };
  register: { max: number; windowMs: number };
  publicBooking: { max: number; windowMs: number };
}

export const defaultRateLimits: RateLimits = {
  login: { max: 10, windowMs: 60_000 },
  register: { max: 5, windowMs: 60_000 },
  publicBooking: { max: 30, windowMs: 60_000 },
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
      ? { kind: "postgres", url: e.DATABASE_URL }
      : { kind: "pglite", dataDir: path.resolve(e.DATA_DIR) },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    smtpUrl: e.SMTP_URL || null,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimits: scaleRateLimits(defaultRateLimits, e.RATE_LIMIT_FACTOR),
    webDir: path.resolve(e.WEB_DIR),
    dataDir: path.resolve(e.DATA_DIR),
    secretsKey: e.SECRETS_KEY ?? null,
  };
}

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
