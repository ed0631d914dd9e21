import { sql } from "drizzle-orm";
import type { Database } from "./client.js";

/** The first refresh after start: late enough not to slow the start, early enough to matter. */
const FIRST_AFTER_MS = 60_000;
/** Then every six hours: a day's bookings change a host's distributions little within that. */
const EVERY_MS = 6 * 60 * 60_000;

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Keeps the planner's statistics of the embedded database fresh. PGlite is PostgreSQL in single-user
 * mode, so no autovacuum ever runs ANALYZE: the tables keep the statistics of the day they were
 * empty, and the planner guesses from page counts alone (a contacts import's recounts were planned
 * as scans of all the host's contacts, 114 ms a batch instead of 11: docs/performance.md). PostgreSQL
 * servers have autovacuum and need none of this. ANALYZE reads a sample of each table (at most
 * 30,000 rows), so it holds the single session for well under a second on a large database.
 */
export function keepPgliteStatistics(
  database: Database,
  log: Logger,
  timing: { firstAfterMs?: number; everyMs?: number } = {},
): { refresh(): Promise<void>; stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = database.kind !== "pglite";

  async function refresh(): Promise<void> {
    const startedAt = performance.now();
    await database.db.execute(sql`analyze`);
    log.info({ ms: Math.round(performance.now() - startedAt) }, "embedded database statistics refreshed");
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
