// The embedded database's own thread (db/pglite-remote.ts starts it). PGlite is PostgreSQL compiled to
// WebAssembly and runs on the thread that calls it: in the server's thread, a booking's queries and its
// HTTP, validation, mail and calendar work took turns on one core. Here they run side by side on two.
// Plain JavaScript, so the thread starts the same under Node, tsx and Vitest.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, types } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

const keep = (value) => value;

/**
 * Parsers. Drizzle asks every query to keep dates and intervals as text (it maps them itself), and
 * PGlite honours a query's own parsers by first copying its table of ~300 parsers into a new object:
 * ~70 µs a query, on the thread every booking's transaction waits for (a fifth of the bookings per
 * second). So the first text-keeping set asked for is written into PGlite's table itself, and a query
 * asking for that set passes no parsers; a query asking for another set, or none, passes the
 * difference, with PGlite's own parsers (from a copy taken before the change) where it wants them.
 */
let installed;
/** The installed types and the arrays of them (PGlite's array parsers read their element's entry). */
let changed;
let original;
/** Array type by element type. */
const arrayOf = new Map();

/** A copy of PGlite's parser table that does not see later changes. */
async function snapshotParsers() {
  const copy = { ...db.parsers };
  const arrays = await db.query("select typarray as array, oid as element from pg_type where typarray <> 0");
  for (const { array, element } of arrays.rows) {
    arrayOf.set(element, array);
    if (copy[array]) copy[array] = (value) => types.arrayParser(value, copy[element], array);
  }
  return copy;
}

/** The parsers to pass for a query that keeps `textOids` as text: none when they are the installed set. */
function parsersFor(textOids = []) {
  if (!installed && textOids.length > 0) {
    installed = new Set(textOids);
    changed = new Set([...textOids, ...textOids.map((oid) => arrayOf.get(oid)).filter(Boolean)]);
    for (const oid of textOids) db.parsers[oid] = keep;
    // An array of an installed type parses its elements as before, unless it is installed itself.
    for (const oid of changed) if (!installed.has(oid)) db.parsers[oid] = original[oid];
  }
  if (!installed) return undefined;
  // The usual case (drizzle's set, no repeats): no parsers, and no allocation on the hot path.
  if (textOids.length === installed.size && textOids.every((oid) => installed.has(oid))) return undefined;
  const parsers = {};
  for (const oid of changed) if (!textOids.includes(oid)) parsers[oid] = original[oid] ?? keep;
  for (const oid of textOids) if (!installed.has(oid)) parsers[oid] = keep;
  return parsers;
}

/** A query's options as the server sent them (functions cannot cross threads). */
function optionsOf(message) {
  const parsers = parsersFor(message.textOids);
  if (!message.rowMode && !parsers) return undefined;
  return { ...(message.rowMode ? { rowMode: message.rowMode } : {}), ...(parsers ? { parsers } : {}) };
}

/** A database error as plain data: its SQLSTATE, detail and constraint are what callers look at. */
function errorData(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const data = { name: error.name, message: error.message };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ["string", "number", "boolean"].includes(typeof value)) data[key] = value;
  }
  return data;
}

// The compiled programs come from the server's thread (db/pglite-remote.ts compiles them once).
// A data folder tarball (tests: a migrated database, testing/migrated-pglite.ts) replaces initdb.
const db = await PGlite.create(workerData.dataDir ?? undefined, {
  extensions: { btree_gist, pg_trgm },
  pgliteWasmModule: workerData.pgliteWasmModule,
  initdbWasmModule: workerData.initdbWasmModule,
  ...(workerData.loadDataDir ? { loadDataDir: new Blob([workerData.loadDataDir]) } : {}),
});
original = await snapshotParsers();
/**
 * Open transactions by the number the server gave them, each with `ready` (its PGlite transaction,
 * once BEGIN ran), and `finish`/`abort`/`ended` to end it. The server does not wait for BEGIN: its
 * first statement follows at once and waits here for `ready` (one message less per transaction).
 */
const transactions = new Map();
/** Thrown inside a transaction the server rolls back, so PGlite issues the ROLLBACK. */
const ROLL_BACK = Symbol("roll back");

function begin(number) {
  const open = {};
  open.ready = new Promise((opened, failed) => {
    // PGlite calls the callback after BEGIN, asynchronously; BEGIN failing rejects `ended` instead.
    open.ended = db.transaction(
      (tx) =>
        new Promise((finish, abort) => {
          Object.assign(open, { finish, abort });
          opened(tx);
        }),
    );
    open.ended.catch(failed);
  });
  // Registered before the next message is read, so the transaction's statements find it.
  transactions.set(number, open);
  return open.ready.then(() => null);
}

async function end(number, commit) {
  const open = transactions.get(number);
  if (!open) throw new Error(`No open transaction ${number}`);
  transactions.delete(number);
  try {
    await open.ready;
  } catch {
    return null; // BEGIN failed: there is nothing to end (the server was told by BEGIN's answer).
  }
  if (commit) open.finish();
  else open.abort(ROLL_BACK);
  try {
    await open.ended;
  } catch (error) {
    if (error !== ROLL_BACK) throw error;
  }
  return null;
}

async function run(message) {
  if (message.op === "begin") return begin(message.tx);
  if (message.op === "end") return end(message.tx, message.commit);
  const target = message.tx ? await transactions.get(message.tx)?.ready : db;
  if (!target) throw new Error(`No open transaction ${message.tx}`);
  switch (message.op) {
    case "query":
      return target.query(message.text, message.params, optionsOf(message));
    case "exec":
      return target.exec(message.text, optionsOf(message));
    case "dump":
      return new Uint8Array(await (await db.dumpDataDir("none")).arrayBuffer());
    case "close":
      return db.close().then(() => null);
    case "memory":
      // The WebAssembly memory only grows: its size is the database's peak, whatever GC does.
      return db.mod?.HEAPU8?.length ?? null;
    default:
      throw new Error(`Unknown operation ${message.op}`);
  }
}

parentPort.on("message", async (message) => {
  try {
    const result = await run(message);
    parentPort.postMessage({ id: message.id, result });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: errorData(error) });
  }
});
parentPort.postMessage({ ready: true });
