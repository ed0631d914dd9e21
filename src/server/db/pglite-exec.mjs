// PGlite's `exec` (the simple query protocol) run straight on its wire, for the database's thread
// (pglite-thread.mjs). Every booking's statements go through exec: EXECUTE of the kept statements,
// BEGIN and COMMIT. PGlite's own exec, around PostgreSQL's work, takes two locks, sends a Sync message
// after the query (a second pass through PostgreSQL's main loop), parses every reply message into an
// object (each string copied out of its buffer, each field read through a WeakMap) and then turns those
// objects into results. That was a sixth of the thread's busy time in a booking's profile (issue 30).
// This runs the same Query message and reads the reply bytes once, into the same results.
// Plain JavaScript, as the thread is.
import { types } from "@electric-sql/pglite";

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** PostgreSQL's Query message for `text`: 'Q', its length, the text and a zero. */
function queryMessage(text) {
  const body = encoder.encode(text);
  const message = new Uint8Array(body.length + 6);
  const view = new DataView(message.buffer);
  message[0] = 0x51; // 'Q'
  view.setInt32(1, body.length + 5);
  message.set(body, 5);
  return message;
}

/** A Sync message: after an error, as PGlite sends one after every exec. */
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]);

/** Error and notice field codes, named as PGlite names them on its DatabaseError. */
const ERROR_FIELDS = {
  S: "severity",
  C: "code",
  D: "detail",
  H: "hint",
  P: "position",
  p: "internalPosition",
  q: "internalQuery",
  W: "where",
  s: "schema",
  t: "table",
  c: "column",
  d: "dataType",
  n: "constraint",
  F: "file",
  L: "line",
  R: "routine",
};

/** The end of the zero-terminated string at `at`. */
function endOfString(bytes, at) {
  let end = at;
  while (bytes[end] !== 0) end++;
  return end;
}

/**
 * PostgreSQL's reply to `message`, unparsed. PGlite's default collector of reply bytes parses them as
 * they come; a collector of one's own leaves that out. The chunks are views of WebAssembly memory that
 * the next write reuses: they are copied.
 */
async function replyTo(db, message) {
  const chunks = [];
  await db.execProtocolRawStream(message, {
    syncToFs: false,
    onRawData: (chunk) => chunks.push(chunk.slice()),
  });
  if (chunks.length === 1) return chunks[0];
  const reply = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    reply.set(chunk, at);
    at += chunk.length;
  }
  return reply;
}

/** An ErrorResponse as PGlite's DatabaseError: its message, fields and the query that failed. */
function databaseError(bytes, start, end, text, options) {
  let at = start + 5;
  const fields = {};
  while (at < end && bytes[at] !== 0) {
    const code = String.fromCharCode(bytes[at]);
    const stop = endOfString(bytes, at + 1);
    fields[code] = decoder.decode(bytes.subarray(at + 1, stop));
    at = stop + 1;
  }
  const error = new Error(fields.M);
  error.name = "error";
  error.length = end - start - 1;
  for (const [code, name] of Object.entries(ERROR_FIELDS)) error[name] = fields[code];
  error.query = text;
  error.params = undefined;
  error.queryOptions = options;
  return error;
}

/**
 * Runs `text` (one statement or several) as PGlite's `db.exec(text, options)` does and answers what it
 * answers: one result per statement ({ rows, fields, command, affectedRows, rowCount }), rows as
 * objects or, with `rowMode: "array"`, arrays, each value through the parsers (`options.parsers` over
 * `db.parsers`). A failing statement throws PostgreSQL's error with its fields; the ones before it
 * stay done (as with PGlite, a transaction block decides what is kept).
 * PGlite's syncToFs after a statement is skipped: for the folder (NodeFS) and memory file systems this
 * thread uses it does nothing, and the thread runs one call into PGlite at a time (no lock needed).
 */
export async function execSimple(db, text, options) {
  const bytes = await replyTo(db, queryMessage(text));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parsers = options?.parsers;
  const asArrays = options?.rowMode === "array";
  const results = [];
  let fields = [];
  let parsersOfFields = [];
  let rows = [];
  let affected = 0;
  let failure;
  let at = 0;
  while (at < bytes.length) {
    const type = bytes[at];
    const end = at + 1 + view.getInt32(at + 1);
    let p = at + 5;
    if (type === 0x54) {
      // RowDescription: name, table, column, type, size, modifier, format per field.
      const count = view.getInt16(p);
      p += 2;
      fields = new Array(count);
      parsersOfFields = new Array(count);
      for (let i = 0; i < count; i++) {
        const stop = endOfString(bytes, p);
        const dataTypeID = view.getInt32(stop + 7);
        fields[i] = { name: decoder.decode(bytes.subarray(p, stop)), dataTypeID };
        parsersOfFields[i] =
          (parsers && dataTypeID in parsers ? parsers[dataTypeID] : db.parsers[dataTypeID]) ??
          types.parsers[dataTypeID];
        p = stop + 19;
      }
    } else if (type === 0x44) {
      // DataRow: each value's length (-1: NULL) and its text.
      const count = view.getInt16(p);
      p += 2;
      const row = asArrays ? new Array(count) : {};
      for (let i = 0; i < count; i++) {
        const length = view.getInt32(p);
        p += 4;
        let value = null;
        if (length >= 0) {
          value = decoder.decode(bytes.subarray(p, p + length));
          p += length;
          const parse = parsersOfFields[i];
          if (parse) value = parse(value, fields[i].dataTypeID);
        }
        if (asArrays) row[i] = value;
        else row[fields[i].name] = value;
      }
      rows.push(row);
    } else if (type === 0x43) {
      // CommandComplete: "INSERT 0 5", "UPDATE 3", "SELECT 2", "BEGIN"...
      const tag = decoder.decode(bytes.subarray(p, endOfString(bytes, p))).split(" ");
      const command = tag[0];
      const count = Number.parseInt(tag[tag.length - 1], 10);
      if (["INSERT", "UPDATE", "DELETE", "COPY", "MERGE"].includes(command)) affected += count;
      const result = { rows, fields, command, affectedRows: affected };
      if (!Number.isNaN(count)) result.rowCount = count;
      results.push(result);
      rows = [];
      fields = [];
    } else if (type === 0x45 && !failure) {
      failure = databaseError(bytes, at, end, text, options);
    }
    // Others: ReadyForQuery, EmptyQueryResponse, notices, parameter status (PGlite keeps none of them).
    at = end;
  }
  if (failure) {
    await replyTo(db, SYNC);
    throw failure;
  }
  if (results.length === 0) results.push({ affectedRows: 0, rows: [], fields: [] });
  return results;
}
