import { sql } from "drizzle-orm";
import type { Database } from "./client.js";

/** The first look after start: late enough not to slow the start, early enough to matter. */
const FIRST_AFTER_MS = 60_000;
/** Then once a minute, as PostgreSQL's autovacuum looks (autovacuum_naptime). */
const EVERY_MS = 60_000;

/**
 * PostgreSQL's own autovacuum thresholds. A table is analyzed again once this many of its rows, plus
 * a tenth of those the planner believes it has, were inserted, updated or deleted since its last
 * ANALYZE (autovacuum_analyze_threshold, _scale_factor); vacuumed once 50 rows plus a fifth are dead
 * (autovacuum_vacuum_threshold, _scale_factor), or 1,000 plus a fifth were inserted since its last
 * VACUUM (autovacuum_vacuum_insert_threshold, _scale_factor: it marks pages all-visible, so that
 * index-only scans need not read the table).
 */
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SHARE = 0.1;
const VACUUM_THRESHOLD = 50;
const VACUUM_SHARE = 0.2;
const VACUUM_INSERT_THRESHOLD = 1000;

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Keeps the embedded database's tables as autovacuum keeps PostgreSQL's. PGlite is PostgreSQL in
 * single-user mode, so no autovacuum ever runs:
 * - without ANALYZE a table keeps the statistics of the day it was empty, and the planner guesses
 *   from page counts alone. Guesses that cost: a contacts import's recounts were planned as scans of
 *   all the host's contacts, and a booking's contact upsert walked every booking of its host where
 *   the invitee's index holds a few (docs/performance.md);
 * - without VACUUM, dead rows' index entries stay for good (every booking updates its invitee's
 *   contact), and index-only scans read the table for every row.
 * So once a minute the tables changed past autovacuum's thresholds (PostgreSQL's activity counters,
 * which PGlite keeps) are vacuumed or analyzed; the rest are left alone. ANALYZE reads a sample of
 * each table (at most 30,000 rows); VACUUM reads the pages changed since the last one. Each holds the
 * single session while it runs. PostgreSQL servers have autovacuum and need none of this.
 */
export function keepPgliteTables(
  database: Database,
  log: Logger,
  timing: { firstAfterMs?: number; everyMs?: number } = {},
): { refresh(): Promise<TidyRound>; stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = database.kind !== "pglite";

  /** One round: tidyChangedTables, logged when it did anything. */
  async function refresh(): Promise<TidyRound> {
    const startedAt = performance.now();
    const round = await tidyChangedTables(database);
    if (round.vacuumed.length + round.analyzed.length > 0)
      log.info({ ms: Math.round(performance.now() - startedAt), ...round }, "embedded database tables kept");
    return round;
  }

  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(async () => {
      try {
        await refresh();
      } catch (error) {
        // A closed database (a stop under way) or a passing failure: the next round tries again.
        if (!stopped) log.warn({ err: error }, "embedded database tables not kept");
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

/** The tables one round vacuumed (and analyzed) and those it only analyzed. */
export interface TidyRound {
  vacuumed: string[];
  analyzed: string[];
}

/**
 * Vacuums and analyzes the tables changed past autovacuum's thresholds since their last VACUUM or
 * ANALYZE; answers their names. What autovacuum does on a PostgreSQL server, run on demand.
 */
export async function tidyChangedTables(database: Database): Promise<TidyRound> {
  // The session's counters reach the statistics views when it next goes idle, at most once a
  // second unless asked: so ask, and read them in a call of their own.
  await database.db.execute(sql`select pg_stat_force_next_flush()`);
  const { rows } = (await database.db.execute(sql`
    select name, needs_vacuum as "vacuum" from (
      select quote_ident(s.schemaname) || '.' || quote_ident(s.relname) as name,
        (s.n_dead_tup > ${VACUUM_THRESHOLD} + ${VACUUM_SHARE} * greatest(c.reltuples, 0)
          or s.n_ins_since_vacuum > ${VACUUM_INSERT_THRESHOLD} + ${VACUUM_SHARE} * greatest(c.reltuples, 0)) as needs_vacuum,
        s.n_mod_since_analyze > ${ANALYZE_THRESHOLD} + ${ANALYZE_SHARE} * greatest(c.reltuples, 0) as needs_analyze
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid) t
    where needs_vacuum or needs_analyze
    order by name`)) as unknown as { rows: { name: string; vacuum: boolean }[] };
  const vacuumed = rows.filter((r) => r.vacuum).map((r) => r.name);
  const analyzed = rows.filter((r) => !r.vacuum).map((r) => r.name);
  // VACUUM (ANALYZE) refreshes the statistics too; each runs outside any transaction, as it must.
  if (vacuumed.length > 0) await database.db.execute(sql.raw(`vacuum (analyze) ${vacuumed.join(", ")}`));
  if (analyzed.length > 0) await database.db.execute(sql.raw(`analyze ${analyzed.join(", ")}`));
  return { vacuumed, analyzed };
}
