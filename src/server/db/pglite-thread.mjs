// The embedded database's own thread (db/pglite-remote.ts starts it). PGlite is PostgreSQL compiled to
// WebAssembly and runs on the thread that calls it: in the server's thread, a booking's queries and its
// HTTP, validation, mail and calendar work took turns on one core. Here they run side by side on two.
// Plain JavaScript, so the thread starts the same under Node, tsx and Vitest.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, types } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { keepFileSizes } from "./pglite-file-sizes.mjs";
import { execSimple, queryExtended } from "./pglite-wire.mjs";

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
// Sizes and missing names of the data folder's files, known here without asking (pglite-file-sizes.mjs).
keepFileSizes(db.Module);
original = await snapshotParsers();
/**
 * The session: PGlite is one session, so a transaction holds it from its first statement to its end,
 * and a statement outside waits for the end (as PGlite's own transaction() made it wait). Callers
 * take it in the order their messages arrive; `takeSession` resolves to the function that gives it back.
 */
let sessionTail = Promise.resolve();
function takeSession() {
  let release;
  const held = new Promise((resolve) => {
    release = resolve;
  });
  const granted = sessionTail.then(() => release);
  sessionTail = sessionTail.then(() => held);
  return granted;
}

/**
 * Open transactions by the number the server gave them. A transaction starts with its first message:
 * its BEGIN goes in the same PGlite call as its first statement, and statements the server deferred
 * (`prefix`: inserts whose answer nobody reads, db/prepared.ts) go in the call of the next message, so
 * a booking's transaction costs three calls into PGlite where it cost six. Messages of one
 * transaction run one after the other, in the order they came.
 */
const transactions = new Map();

function inTransaction(number, work) {
  let open = transactions.get(number);
  if (!open) {
    open = { started: false, release: undefined };
    open.chain = takeSession().then((release) => {
      open.release = release;
    });
    transactions.set(number, open);
  }
  const done = open.chain.then(() => work(open));
  open.chain = done.then(
    () => {},
    () => {},
  );
  return done;
}

/** The statements that go before a message's own: BEGIN if the transaction has not begun, then the deferred ones. */
function before(open, prefix = []) {
  const texts = open.started ? [...prefix] : ["BEGIN", ...prefix];
  open.started = true;
  return texts;
}

/** Runs one statement of a transaction, its BEGIN and deferred statements first, in one call when it can. */
function inside(message) {
  return inTransaction(message.tx, async (open) => {
    const first = before(open, message.prefix);
    if (message.op === "exec") {
      const results = await execSimple(db, [...first, message.text].join(";\n"), optionsOf(message));
      return results.slice(first.length);
    }
    // A parameterised query cannot share a call with other statements.
    if (first.length > 0) await execSimple(db, first.join(";\n"));
    return queryExtended(db, message.text, message.params, optionsOf(message));
  });
}

/**
 * Commits (with the deferred statements first) or rolls back. A deferred statement that fails fails
 * the commit: the transaction is rolled back and the failure answered, as if the statement had failed
 * when it was made.
 */
function end(number, commit, prefix = []) {
  if (!transactions.has(number) && prefix.length === 0) return null; // it never sent a statement
  return inTransaction(number, async (open) => {
    try {
      if (commit) {
        const began = open.started;
        const first = before(open, prefix);
        if (began || prefix.length > 0) {
          try {
            await execSimple(db, [...first, "COMMIT"].join(";\n"));
          } catch (error) {
            await execSimple(db, "ROLLBACK").catch(() => {});
            throw error;
          }
        }
      } else if (open.started) {
        await execSimple(db, "ROLLBACK");
      }
    } finally {
      transactions.delete(number);
      open.release();
    }
    return null;
  });
}

/** A statement or request outside any transaction, once no transaction holds the session. */
async function outside(work) {
  const release = await takeSession();
  try {
    return await work();
  } finally {
    release();
  }
}

async function run(message) {
  if (message.op === "end") return end(message.tx, message.commit, message.prefix);
  if (message.tx) {
    if (message.op !== "query" && message.op !== "exec") throw new Error(`${message.op} in a transaction`);
    return inside(message);
  }
  switch (message.op) {
    case "query":
      return outside(() => queryExtended(db, message.text, message.params, optionsOf(message)));
    case "exec":
      return outside(() => execSimple(db, message.text, optionsOf(message)));
    case "dump":
      return outside(async () => new Uint8Array(await (await db.dumpDataDir("none")).arrayBuffer()));
    case "close":
      return outside(() => db.close().then(() => null));
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
