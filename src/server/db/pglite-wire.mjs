// PGlite's `exec` (the simple query protocol) and `query` (the extended one) run straight on its wire,
// for the database's thread (pglite-thread.mjs). Every booking's statements go through exec: EXECUTE of
// the kept statements, BEGIN and COMMIT; every other drizzle query through query. Around PostgreSQL's
// work, PGlite takes two locks per call, passes each protocol message through PostgreSQL's main loop on
// its own (query: Parse, Describe, Bind, Describe, Execute, Sync, six passes; exec: Query, then a Sync),
// parses every reply message into an object as it comes (each string copied out of its buffer, each
// field read through a WeakMap) and then turns those objects into results. For a booking that was a
// fifth of the thread's time (issue 30). Here the same messages go in two passes (query) or one (exec)
// and the reply bytes are read once into the same results.
// Plain JavaScript, as the thread is.
import { types } from "@electric-sql/pglite";

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** A Sync message: it ends an extended exchange, and follows a failed one (PGlite sends one after every call). */
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
 * PostgreSQL's reply to `messages`, unparsed. PGlite's default collector of reply bytes parses them as
 * they come; a collector of one's own leaves that out. The chunks are views of WebAssembly memory that
 * the next write reuses: they are copied.
 */
async function replyTo(db, messages) {
  const chunks = [];
  await db.execProtocolRawStream(messages, {
    syncToFs: false,
    onRawData: (chunk) => chunks.push(chunk.slice()),
  });
  return chunks.length === 1 ? chunks[0] : together(chunks);
}

/** An ErrorResponse as PGlite's DatabaseError: its message and fields. */
function databaseError(bytes, start, end) {
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
  return error;
}

/** Builds a frontend message: its type, its length, then the `size` bytes `write(bytes, view, at)` puts at `at`. */
function frontendMessage(type, size, write) {
  const bytes = new Uint8Array(size + 5);
  const view = new DataView(bytes.buffer);
  bytes[0] = type;
  view.setInt32(1, size + 4);
  write(bytes, view, 5);
  return bytes;
}

/** PostgreSQL's Query message for `text`: the text and a zero. */
function queryMessage(text) {
  const body = encoder.encode(text);
  return frontendMessage(0x51, body.length + 1, (bytes, _view, at) => bytes.set(body, at));
}

/** Parse of the unnamed statement, with the parameter types the caller names (others are inferred). */
function parseMessage(text, parameterTypes = []) {
  const body = encoder.encode(text);
  return frontendMessage(0x50, body.length + 4 + 4 * parameterTypes.length, (bytes, view, at) => {
    bytes.set(body, at + 1); // after the unnamed statement's empty name
    let p = at + body.length + 2;
    view.setInt16(p, parameterTypes.length);
    p += 2;
    for (const type of parameterTypes) {
      view.setInt32(p, type);
      p += 4;
    }
  });
}

/** Describe of the unnamed statement ('S': its parameters' types) or portal ('P': its columns). */
const DESCRIBE_STATEMENT = new Uint8Array([0x44, 0, 0, 0, 6, 0x53, 0]);
const DESCRIBE_PORTAL = new Uint8Array([0x44, 0, 0, 0, 6, 0x50, 0]);
/** Execute of the unnamed portal, every row. */
const EXECUTE = new Uint8Array([0x45, 0, 0, 0, 9, 0, 0, 0, 0, 0]);

/**
 * Bind of the unnamed portal: each value as text, null, or bytes (binary), as PGlite's serializer of the
 * message writes them; the columns come back as text.
 */
function bindMessage(values) {
  const binary = values.map((value) => value instanceof ArrayBuffer || ArrayBuffer.isView(value));
  const encoded = values.map((value) => {
    if (value === null) return null;
    if (value instanceof ArrayBuffer) return new Uint8Array(value);
    if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    return encoder.encode(value);
  });
  const size = encoded.reduce((sum, value) => sum + 2 + 4 + (value?.length ?? 0), 2 + 2 + 2 + 2);
  return frontendMessage(0x42, size, (bytes, view, at) => {
    let p = at + 2; // the portal's and the statement's empty names
    view.setUint16(p, values.length);
    p += 2;
    for (const isBinary of binary) {
      view.setInt16(p, isBinary ? 1 : 0);
      p += 2;
    }
    view.setUint16(p, values.length);
    p += 2;
    for (const value of encoded) {
      view.setInt32(p, value === null ? -1 : value.length);
      p += 4;
      if (value) {
        bytes.set(value, p);
        p += value.length;
      }
    }
    view.setInt16(p, 0);
  });
}

/** Byte arrays one after the other: messages sent in one pass, a reply's chunks. */
function together(parts) {
  const all = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}

/**
 * Reads a reply as PGlite's results: one per completed statement ({ rows, fields, command,
 * affectedRows, rowCount }), rows as objects or, with `rowMode: "array"`, arrays, each value through
 * the parsers (`options.parsers` over `db.parsers` over PGlite's defaults), affected rows added up over
 * the statements. Also the first error, and the parameter types a Describe of the statement answered.
 */
function readReply(db, bytes, options) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parsers = options?.parsers;
  const asArrays = options?.rowMode === "array";
  const results = [];
  let fields = [];
  let parsersOfFields = [];
  let rows = [];
  let affected = 0;
  let failure;
  let parameterTypes = [];
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
    } else if (type === 0x74) {
      // ParameterDescription: the statement's parameter types.
      const count = view.getInt16(p);
      parameterTypes = Array.from({ length: count }, (_, i) => view.getInt32(p + 2 + 4 * i));
    } else if (type === 0x45 && !failure) {
      failure = databaseError(bytes, at, end);
    }
    // Others: ReadyForQuery, ParseComplete, BindComplete, NoData, EmptyQueryResponse, notices and
    // parameter status (PGlite keeps none of them).
    at = end;
  }
  if (results.length === 0) results.push({ affectedRows: 0, rows: [], fields: [] });
  return { results, failure, parameterTypes };
}

/** The error as PGlite throws it: with the query, its values and options. */
function failed(error, text, params, options) {
  error.query = text;
  error.params = params;
  error.queryOptions = options;
  return error;
}

/**
 * Runs `text` (one statement or several) as PGlite's `db.exec(text, options)` does and answers what it
 * answers (readReply). A failing statement throws PostgreSQL's error with its fields; the ones before it
 * stay done (as with PGlite, a transaction block decides what is kept).
 * PGlite's syncToFs after a call is skipped: for the folder (NodeFS) and memory file systems this
 * thread uses it does nothing, and the thread makes one call into PGlite at a time (no lock needed).
 */
export async function execSimple(db, text, options) {
  const { results, failure } = readReply(db, await replyTo(db, queryMessage(text)), options);
  if (failure) {
    await replyTo(db, SYNC);
    throw failed(failure, text, undefined, options);
  }
  return results;
}

/**
 * Runs `text` with `params` as PGlite's `db.query(text, params, options)` does and answers what it
 * answers: the statement is parsed and described first (its parameters' types pick each value's
 * serializer: `options.serializers`, then `db.serializers`, else `toString()`), then bound, described,
 * executed and synced in one pass.
 */
export async function queryExtended(db, text, params = [], options) {
  const described = readReply(
    db,
    await replyTo(db, together([parseMessage(text, options?.paramTypes), DESCRIBE_STATEMENT])),
    options,
  );
  if (described.failure) {
    await replyTo(db, SYNC);
    throw failed(described.failure, text, params, options);
  }
  let values;
  try {
    values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = described.parameterTypes[i];
      const serialize = options?.serializers?.[type] ?? db.serializers[type];
      return serialize ? serialize(value) : value.toString();
    });
  } catch (error) {
    // A value its type's serializer refuses: the exchange still ends, as PGlite ends it.
    await replyTo(db, SYNC);
    throw error;
  }
  const { results, failure } = readReply(
    db,
    await replyTo(db, together([bindMessage(values), DESCRIBE_PORTAL, EXECUTE, SYNC])),
    options,
  );
  if (failure) throw failed(failure, text, params, options);
  return results[0];
}
