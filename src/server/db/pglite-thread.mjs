// The embedded database's own thread (db/pglite-remote.ts starts it). PGlite is PostgreSQL compiled to
// WebAssembly and runs on the thread that calls it: in the server's thread, a booking's queries and its
// HTTP, validation, mail and calendar work took turns on one core. Here they run side by side on two.
// Plain JavaScript, so the thread starts the same under Node, tsx and Vitest.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/** What drizzle asks for (its parsers keep dates and intervals as text): the same, built here. */
const keepAsText = (oids) => Object.fromEntries(oids.map((oid) => [oid, (value) => value]));

/** A query's options as the server sent them (functions cannot cross threads). */
function optionsOf(message) {
  if (!message.rowMode && !message.textOids) return undefined;
  return {
    ...(message.rowMode ? { rowMode: message.rowMode } : {}),
    ...(message.textOids ? { parsers: keepAsText(message.textOids) } : {}),
  };
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

const db = await PGlite.create(workerData.dataDir ?? undefined, { extensions: { btree_gist, pg_trgm } });
/** Open transactions by number: each holds PGlite until the server says how it ends. */
const transactions = new Map();
let lastTransaction = 0;
/** Thrown inside a transaction the server rolls back, so PGlite issues the ROLLBACK. */
const ROLL_BACK = Symbol("roll back");

function begin() {
  return new Promise((opened, failed) => {
    const number = ++lastTransaction;
    // PGlite calls the callback after BEGIN, asynchronously, so `ended` is set by then.
    const ended = db.transaction(
      (tx) =>
        new Promise((finish, abort) => {
          transactions.set(number, { tx, finish, abort, ended });
          opened({ tx: number });
        }),
    );
    // BEGIN failing rejects before the callback runs; a failed COMMIT is answered by end().
    ended.catch(failed);
  });
}

async function end(number, commit) {
  const open = transactions.get(number);
  if (!open) throw new Error(`No open transaction ${number}`);
  transactions.delete(number);
  if (commit) open.finish();
  else open.abort(ROLL_BACK);
  try {
    await open.ended;
  } catch (error) {
    if (error !== ROLL_BACK) throw error;
  }
  return null;
}

function run(message) {
  const target = message.tx ? transactions.get(message.tx)?.tx : db;
  if (!target) throw new Error(`No open transaction ${message.tx}`);
  switch (message.op) {
    case "query":
      return target.query(message.text, message.params, optionsOf(message));
    case "exec":
      return target.exec(message.text, optionsOf(message));
    case "begin":
      return begin();
    case "end":
      return end(message.tx, message.commit);
    case "close":
      return db.close().then(() => null);
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
