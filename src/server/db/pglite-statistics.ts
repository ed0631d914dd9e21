import { sql } from "drizzle-orm";
import type { Database } from "./client.js";

/** The first look after start: late enough not to slow the start, early enough to matter. */
const FIRST_AFTER_MS = 60_000;
/** Then once a minute, as PostgreSQL's autovacuum looks (autovacuum_naptime). */
const EVERY_MS = 60_000;

/**
 * A table is analyzed again once this many of its rows, plus ANALYZE_SHARE of those the planner
 * believes it has, were inserted, updated or deleted since its last ANALYZE: PostgreSQL's own
 * autovacuum thresholds (autovacuum_analyze_threshold, autovacuum_analyze_scale_factor).
 */
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SHARE = 0.1;

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Keeps the planner's statistics of the embedded database fresh, as autovacuum keeps PostgreSQL's.
 * PGlite is PostgreSQL in single-user mode, so no autovacuum ever runs ANALYZE: a table keeps the
 * statistics of the day it was empty, and the planner guesses from page counts alone. Guesses
 * that cost: a contacts import's recounts were planned as scans of all the host's contacts, and a
 * booking's contact upsert walked every booking of its host where the invitee's index holds a few
 * (docs/performance.md). So once a minute the tables changed past autovacuum's thresholds since
 * their last ANALYZE (PostgreSQL's activity counters, which PGlite keeps) are analyzed; the rest are
 * left alone. ANALYZE reads a sample of each table (at most 30,000 rows), so it holds the single
 * session for well under a second. PostgreSQL servers have autovacuum and need none of this.
 */
export function keepPgliteStatistics(
  database: Database,
  log: Logger,
  timing: { firstAfterMs?: number; everyMs?: number } = {},
): { refresh(): Promise<string[]>; stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = database.kind !== "pglite";

  /** One round: analyzeChangedTables, logged when it analyzed any. */
  async function refresh(): Promise<string[]> {
    const startedAt = performance.now();
    const tables = await analyzeChangedTables(database);
    if (tables.length > 0)
      log.info(
        { ms: Math.round(performance.now() - startedAt), tables },
        "embedded database statistics refreshed",
      );
    return tables;
  }

  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(async () => {
      try {
        await refresh();
      } catch (error) {
        // A closed database (a stop under way) or a passing failure: the next round tries again.
        if (!stopped) log.warn({ err: error }, "embedded database statistics not refreshed");
      }
      schedule(timing.everyMs ?? EVERY_MS);
    }, delayMs);
    // Never what keeps the process alive.
    timer.unref();
  };
  schedule(timing.firstAfterMs ?? FIRST_AFTER_MS);

  return {
    refresh,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/**
 * Analyzes the tables changed past autovacuum's thresholds since their last ANALYZE; answers their
 * names. What autovacuum does on a PostgreSQL server, run on demand (keepPgliteStatistics; the
 * benches, to measure a database as a running server keeps it).
 */
export async function analyzeChangedTables(database: Database): Promise<string[]> {
  // The session's counters reach the statistics views when it next goes idle, at most once a
  // second unless asked: so ask, and read them in a call of their own.
  await database.db.execute(sql`select pg_stat_force_next_flush()`);
  const { rows } = (await database.db.execute(sql`
    select quote_ident(s.schemaname) || '.' || quote_ident(s.relname) as name
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.n_mod_since_analyze > ${ANALYZE_THRESHOLD} + ${ANALYZE_SHARE} * greatest(c.reltuples, 0)
    order by s.relname`)) as unknown as { rows: { name: string }[] };
  const tables = rows.map((r) => r.name);
  if (tables.length > 0) await database.db.execute(sql.raw(`analyze ${tables.join(", ")}`));
  return tables;
}
