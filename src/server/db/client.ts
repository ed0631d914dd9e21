import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import type { DatabaseConfig } from "../config.js";
import { DeferringClient } from "./pg-deferring-client.js";
import { PgliteRemote } from "./pglite-remote.js";
import { attachReadCache, READ_CACHE_ENTRIES, ReadCache } from "./read-cache.js";

/**
 * How old a cached read (a slot lookup, a session check) may be on PostgreSQL unless configured
 * (READ_CACHE_MS, db/read-cache.ts): other instances' writes reach this one's cache no sooner. A
 * second: a slot page opened by many invitees at once reads the database about once a second, and a
 * slot booked (or a session ended) elsewhere counts here at most a second later.
 */
const READ_CACHE_MS = 1000;

/**
 * No relational query API (`db.query.*`): drizzle builds its per-table builders again for every
 * transaction, ~45 µs of each booking, and every read here is a select or a kept statement.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle; repos accept either. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs raw SQL on one connection, for migrations under an advisory lock. */
  withConnection<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: its WebAssembly memory's size in bytes, which only grows (benches report it). */
  memoryBytes?(): Promise<number | null>;
}

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  return config.kind === "postgres"
    ? openPostgres(config.url, config.readCacheMs ?? READ_CACHE_MS)
    : openPglite(config.dataDir);
}

async function openPostgres(url: string, readCacheMs: number): Promise<Database> {
  // DeferringClient: a transaction's deferred writes go with its commit (db/pg-deferring-client.ts);
  // it tells the read cache of every query but the cache's own reads.
  const reads =
    readCacheMs > 0
      ? new ReadCache<unknown>({ entries: READ_CACHE_ENTRIES, maxAgeMs: readCacheMs })
      : undefined;
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    Client: DeferringClient,
    reads,
  } as pg.PoolConfig);
  if (reads) attachReadCache(pool, reads);
  // An idle connection that dies (server restart, a backend terminated) makes pg emit 'error' on the
  // pool, which crashes the process when nobody listens. The pool drops it; the next query reconnects.
  pool.on("error", () => {});
  const db = drizzlePg(pool) as unknown as Db;
  return {
    db,
    kind: "postgres",
    async withConnection(fn) {
      const client = await pool.connect();
      try {
        return await fn(drizzlePg(client) as unknown as Db);
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * dataDir null keeps the database in memory (tests). PGlite runs on a thread of its own
 * (db/pglite-remote.ts), so its work and the server's share both cores.
 */
async function openPglite(dataDir: string | null): Promise<Database> {
  const releaseLock = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    return pgliteDatabase(await PgliteRemote.create(dataDir), releaseLock);
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** The Database over a PGlite thread; tests open one from a tarball (testing/migrated-pglite.ts). */
export function pgliteDatabase(client: PgliteRemote, afterClose: () => void = () => {}): Database {
  // drizzle's PGlite driver calls only query, exec and transaction, which the remote has.
  const db = drizzlePglite(client as unknown as PGlite) as unknown as Db;
  return {
    db,
    kind: "pglite",
    withConnection: (fn) => fn(db),
    memoryBytes: () => client.memoryBytes(),
    async close() {
      await client.close();
      afterClose();
    },
  };
}

/**
 * PGlite is single-process: two processes on one folder corrupt it. A lock
 * file holding our pid makes a second process refuse to start; a lock left by
 * a dead process is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "..", `${path.basename(dataDir)}.kairos.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(fs.readFileSync(lockPath, "utf8"));
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `The data folder ${dataDir} is in use by another Kairos process (pid ${holder}). ` +
            "PGlite allows one process per folder: stop the other one, use another DATA_DIR, or set DATABASE_URL to run several instances on PostgreSQL.",
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
