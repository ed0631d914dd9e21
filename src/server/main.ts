import { buildApp } from "./app.js";
import { loadConfig } from "./config.js";
import { openDatabase } from "./db/client.js";
import { runMigrations } from "./db/migrate.js";

async function main(): Promise<void> {
  const config = loadConfig();
  const startedAt = performance.now();
  const database = await openDatabase(config.database);
  await runMigrations(database);
  const app = await buildApp({ config, database });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "stopping: finishing in-flight requests");
    try {
      await app.close(); // stops accepting, waits for in-flight requests
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "unclean stop");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  app.outbox.start();
  app.jobs.start();
  const where = config.database.kind === "postgres" ? "PostgreSQL" : `PGlite in ${config.database.dataDir}`;
  const ms = Math.round(performance.now() - startedAt);
  console.log(`\n  Kairos is running at ${config.publicUrl}  (database: ${where}, ready in ${ms} ms)\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
