import { type AppConfig, loadConfig } from "../../src/server/config.js";

const unlimited = { max: 1_000_000, windowMs: 60_000 };

/** The server's config for an in-process bench: API only, no mail, no per-client rate limits. */
export function benchConfig(): AppConfig {
  return {
    ...loadConfig({}),
    webDir: null,
    smtpUrl: null,
    rateLimits: { login: unlimited, register: unlimited, publicBooking: unlimited },
  };
}
