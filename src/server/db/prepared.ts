import type { SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "./client.js";
import { DeferringClient } from "./pg-deferring-client.js";
import { PgliteRemote, type PgliteTransactionCalls } from "./pglite-remote.js";
import { type ReadCache, readCacheOf } from "./read-cache.js";

/** What drizzle's `.prepare(name)` gives: run with the placeholders' values. */
interface Prepared<R> {
  execute(params?: Record<string, unknown>): Promise<R>;
}

interface PgliteLike {
  query(text: string, params?: unknown[], options?: object): Promise<unknown>;
  exec(text: string, options?: object): Promise<unknown[]>;
}

export interface KeptStatementOptions {
  /**
   * A read that may be answered from the database handle's read cache (db/read-cache.ts) when run on
   * the database itself (not in a transaction): stale after any write this process sends, and on
   * PostgreSQL after a second (other instances' writes). Only for statements whose answer depends on
   * the tables and their values alone (no now(), random() or sequences).
   */
  cached?: boolean;
  /**
   * A write whose answer nobody reads (no RETURNING, callers ignore the result): inside a transaction
   * it is sent with the transaction's next statement or its commit (PgliteRemote's `defer` on PGlite,
   * DeferringClient's on PostgreSQL once the connection has prepared it), one call or round trip
   * fewer. A failure then fails that statement or the commit, and so the transaction, as it would
   * have anyway.
   */
  deferred?: boolean;
}

/** What a deferred statement answers at once: no rows. */
const NO_ROWS = { rows: [], fields: [], affectedRows: 0 };

/** A query parameter as an SQL literal, for EXECUTE (standard_conforming_strings: only ' needs doubling). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (Array.isArray(value)) throw new Error("array parameters are not supported in kept statements");
  const text = value instanceof Date ? value.toISOString() : String(value);
  return `'${text.replaceAll("'", "''")}'`;
}

/** The driver client behind a drizzle database or transaction handle. */
export const clientOf = (handle: DbOrTx): unknown =>
  (handle as unknown as { session?: { client?: unknown } }).session?.client;

/** The embedded database: one session, whose transactions never overlap (no locks to take between them). */
export const runsAlone = (db: Db): boolean => clientOf(db) instanceof PgliteRemote;

/**
 * A statement that PGlite parses and plans once. PGlite's driver sends every parameterised query
 * unnamed, so PGlite parses and plans it again on every call: for a wide insert or the slot context
 * query that is most of its cost. On PGlite (one session for the life of the process) the statement
 * becomes a server-side `PREPARE`d one, run with `EXECUTE` and its parameters as literals on
 * whichever handle is passed, the database or a transaction of it (a prepared statement belongs to
 * the session and survives a rolled-back transaction); drizzle still maps the rows. On PostgreSQL,
 * node-postgres already keeps named statements per connection: the query is built once and run on
 * the handle's connection (the pool's, or a transaction's).
 *
 * `build` must make the same SQL text for every handle, with `.prepare(name)` and placeholders for
 * every value (arrays are not supported as parameters). Make one per database (service creation);
 * `name` names this statement alone (two makers of one name must build the same SQL).
 */
export function keptStatement<R>(
  db: Db,
  name: string,
  build: (handle: DbOrTx) => Prepared<R>,
  options: KeptStatementOptions = {},
): (handle: DbOrTx, params: Record<string, unknown>) => Promise<R> {
  if (!runsAlone(db)) {
    let onDb: (Prepared<R> & { client?: unknown }) | undefined;
    let cachedOnDb: Prepared<R> | undefined;
    const reads = options.cached ? readCacheOf(clientOf(db)) : undefined;
    return (handle, params) => {
      onDb ??= build(db);
      if (handle === db && reads) {
        cachedOnDb ??= Object.create(onDb, { client: { value: cachingPool(clientOf(db), reads, name) } });
        return (cachedOnDb as Prepared<R>).execute(params);
      }
      if (handle === db) return onDb.execute(params);
      // A transaction's connection: the query built once, run on that connection (drizzle's prepared
      // query sends through its `client`), instead of building the SQL again on every call.
      const client = clientOf(handle);
      const onHandle = Object.create(onDb, {
        client: { value: options.deferred ? deferringShim(client, name) : client },
      }) as Prepared<R>;
      return onHandle.execute(params);
    };
  }
  let query: (Prepared<R> & { queryString?: string; client?: unknown }) | undefined;
  let prepared: Promise<unknown> | undefined;
  return async (handle, params) => {
    if (!query) {
      query = build(db) as Prepared<R> & { queryString?: string };
      // Its EXECUTEs then leave the read cache be when it only reads (db/read-cache.ts).
      if (query.queryString) readCacheOf(clientOf(db))?.registerStatement(name, query.queryString);
    }
    const text = query.queryString;
    if (!text) throw new Error(`${name}: not a PGlite prepared query`);
    const client = clientOf(handle) as PgliteLike;
    const shim = {
      async query(sqlText: string, values: unknown[], queryOptions: object) {
        if (sqlText !== text) return client.query(sqlText, values, queryOptions);
        prepared ??= client.exec(`PREPARE ${name} AS ${text}`).catch((error: unknown) => {
          // Another instance of this statement (a second service on the same database) prepared it.
          if ((error as { code?: string }).code === "42P05") return;
          prepared = undefined;
          throw error;
        });
        await prepared;
        // The simple protocol: one message and a sync, where a parameterised query takes six
        // (parse, describe, bind, describe, execute, sync), each a pass through PGlite's engine.
        const execute = `EXECUTE ${name}(${values.map(literal).join(", ")})`;
        const deferTo = (client as Partial<PgliteTransactionCalls>).defer;
        if (options.deferred && handle !== db && deferTo) {
          deferTo(execute);
          return NO_ROWS;
        }
        const results =
          options.cached && handle === db
            ? await (client as PgliteRemote).execCached(execute, queryOptions)
            : await client.exec(execute, queryOptions);
        return results[results.length - 1];
      },
    };
    // The same drizzle query (its SQL, row mapping), run on this handle's connection.
    const onHandle = Object.create(query, { client: { value: shim } }) as Prepared<R>;
    return onHandle.execute(params);
  };
}

/**
 * The pool, for a cached read: its answer (the rows drizzle maps) kept in the pool's read cache by
 * the statement's name and values (db/read-cache.ts).
 */
function cachingPool(pool: unknown, reads: ReadCache<unknown>, name: string): unknown {
  const query = (
    pool as { query(config: object, values: unknown[]): Promise<{ rows: unknown[] }> }
  ).query.bind(pool);
  return {
    query: (config: object, values: unknown[]) =>
      reads.read(`${name}|${JSON.stringify(values)}`, async () => ({
        rows: (await query(config, values)).rows,
      })),
  };
}

/**
 * A transaction's connection that sends a deferred statement with its next message (DeferringClient)
 * once the connection has prepared it (its first run there prepares it as any other), and only inside
 * a transaction block.
 */
function deferringShim(client: unknown, name: string): unknown {
  if (!(client instanceof DeferringClient)) return client;
  return {
    query(config: { name?: string }, values: unknown[]) {
      if (config.name !== name || !client.canDefer(name)) return client.query(config, values);
      client.defer(`EXECUTE ${name}(${values.map(literal).join(", ")})`);
      return Promise.resolve(NO_ROWS);
    },
  };
}

/**
 * A raw SQL statement (values as `sql.placeholder`s) as drizzle's prepared query named `name`, for
 * keptStatement's `build`: what `db.execute` runs, with its rows unmapped (`{ rows }`).
 */
export function preparedSql<R>(handle: DbOrTx, query: SQL, name: string): Prepared<{ rows: R[] }> {
  const h = handle as unknown as {
    dialect: { sqlToQuery(query: SQL): unknown };
    session: {
      prepareQuery(
        query: unknown,
        fields: undefined,
        name: string,
        arrayMode: boolean,
      ): Prepared<{ rows: R[] }>;
    };
  };
  return h.session.prepareQuery(h.dialect.sqlToQuery(query), undefined, name, false);
}
