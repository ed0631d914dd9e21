import { buildApp } from "./app.js";
import { loadConfig } from "./config.js";
import { openDatabase } from "./db/client.js";
import { runMigrations } from "./db/migrate.js";
import { keepPgliteTables } from "./db/pglite-upkeep.js";
import { boundedStop } from "./lib/shutdown.js";

/** A stop that takes longer is cut short (logged, exit code 1): under the 10 s a supervisor usually waits. */
const STOP_TIMEOUT_MS = 9_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const startedAt = performance.now();
  const database = await openDatabase(config.database);
  await runMigrations(database);
  const app = await buildApp({ config, database });
  // The embedded database has no autovacuum to vacuum and analyze its tables (PostgreSQL: no-op).
  const upkeep = keepPgliteTables(database, app.log);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "stopping: finishing in-flight requests");
    upkeep.stop();
    await boundedStop(
      async (part) => {
        // The runner stops first so no new batch starts; mail and jobs of requests still being answered
        // are committed and wait in their tables for the next start.
        await Promise.all([
          part("job runner (jobs and mail)", app.jobs.stop()),
          part("HTTP server and in-flight requests", app.close()),
        ]);
        await part("database", database.close());
      },
      { timeoutMs: STOP_TIMEOUT_MS, log: app.log, exit: (code) => process.exit(code) },
    );
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  app.jobs.start();
  const where = config.database.kind === "postgres" ? "PostgreSQL" : `PGlite in ${config.database.dataDir}`;
  const ms = Math.round(performance.now() - startedAt);
  console.log(`\n  Kairos is running at ${config.publicUrl}  (database: ${where}, ready in ${ms} ms)\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
