import type { FastifyRateLimitStore } from "@fastify/rate-limit";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { keptStatement, preparedSql } from "../db/prepared.js";
import { rateLimits } from "../db/schema/index.js";

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
/** What the plugin passes to `child` at run time: the route's merged limit options (typed as route options). */
type RouteLimit = { routeInfo?: { method?: string | string[]; url?: string } };

/** Expired rows are swept at most this often per instance. */
const SWEEP_EVERY_MS = 60_000;

/**
 * A store for @fastify/rate-limit that keeps the counters in PostgreSQL (the `rate_limits` table),
 * so N instances behind a load balancer allow a client the limit once, not N times. Each hit is one
 * upsert that starts a new window when the old one has ended; windows run on the database's clock.
 * The limits are fixed windows (continueExceeding and exponentialBackoff are not offered; the app
 * uses neither).
 */
export function postgresRateLimitStore(db: Db) {
  const p = sql.placeholder;
  // Named statements, parsed and planned once per connection: a public booking's POST runs the hit.
  const hit = keptStatement(db, "rate_limits_hit", (h) =>
    preparedSql<{ hits: number; ttl: number }>(
      h,
      sql`insert into ${rateLimits} as r (key, hits, expires_at)
        values (${p("key")}::text, 1, now() + ${p("window")}::interval)
        on conflict (key) do update set
          hits = case when r.expires_at <= now() then 1 else r.hits + 1 end,
          expires_at = case when r.expires_at <= now() then excluded.expires_at else r.expires_at end
        returning r.hits, ceil(extract(epoch from (r.expires_at - now())) * 1000)::float8 as ttl`,
      "rate_limits_hit",
    ),
  );
  const current = keptStatement(db, "rate_limits_read", (h) =>
    preparedSql<{ hits: number; ttl: number }>(
      h,
      sql`select hits, ceil(extract(epoch from (expires_at - now())) * 1000)::float8 as ttl
        from ${rateLimits} where key = ${p("key")}::text and expires_at > now()`,
      "rate_limits_read",
    ),
  );
  let lastSweep = 0;
  const sweep = () => {
    const now = Date.now();
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    // Best effort: a failed sweep is retried a minute later, the counters stay right meanwhile.
    db.delete(rateLimits)
      .where(sql`${rateLimits.expiresAt} < now() - interval '1 minute'`)
      .catch(() => {
        lastSweep = 0;
      });
  };

  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(options: object = {}, prefix = "") {
      const route = (options as RouteLimit).routeInfo;
      this.prefix = route ? `${prefix}${route.method} ${route.url}|` : prefix;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      sweep();
      const window = `${Math.max(1, Math.trunc(timeWindow))} milliseconds`;
      hit(db, { key: this.prefix + key, window })
        .then(({ rows: [row] }) => {
          callback(null, { current: Number(row.hits), ttl: Math.max(0, Number(row.ttl)) });
        })
        .catch((error: Error) => callback(error));
    }

    read(key: string, callback: Callback): void {
      current(db, { key: this.prefix + key })
        .then(({ rows: [row] }) => {
          callback(null, row ? { current: Number(row.hits), ttl: Number(row.ttl) } : { current: 0, ttl: 0 });
        })
        .catch((error: Error) => callback(error));
    }

    /** A route's own counters: its method and URL prefix every key. */
    child(routeOptions: object): PostgresRateLimitStore {
      return new PostgresRateLimitStore(routeOptions, this.prefix);
    }
  };
}
