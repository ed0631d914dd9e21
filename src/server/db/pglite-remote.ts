import { readFile } from "node:fs/promises";
import { Worker } from "node:worker_threads";
import { attachReadCache, READ_CACHE_ENTRIES, ReadCache } from "./read-cache.js";

/** Query options as drizzle's PGlite driver passes them. */
interface QueryOptions {
  rowMode?: "array" | "object";
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
}

interface Results {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/** The calls drizzle's PGlite driver and db/prepared.ts make on a PGlite or on one of its transactions. */
export interface PgliteCalls {
  query(text: string, params?: unknown[], options?: QueryOptions): Promise<Results>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
}

/** A transaction's calls: PGlite's, and `defer` for a statement whose answer nobody reads. */
export interface PgliteTransactionCalls extends PgliteCalls {
  defer(text: string): void;
  rollback(): Promise<void>;
}

type Reply = { id: number; result?: unknown; error?: Record<string, unknown> & { message: string } };

/**
 * The embedded database on its own thread (db/pglite-thread.mjs), with the PGlite calls drizzle makes:
 * query, exec and transaction. PGlite runs on the thread that calls it, so in the server's thread every
 * query's WebAssembly work waited for HTTP and application work and the other way round; with the thread,
 * the server uses both cores (slot lookups on the embedded database: docs/design-notes.md and docs/performance.md have the figures).
 *
 * Semantics are PGlite's own: one session, statements in the order they arrive, and a transaction holds
 * the database until it ends (a query outside it waits, as in PGlite). Only parsers that keep values as
 * text cross (drizzle's, for dates and intervals): functions cannot be sent to another thread.
 */
export class PgliteRemote implements PgliteCalls {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private lastId = 0;
  private lastTransaction = 0;
  private failure: Error | undefined;
  /**
   * The read cache (`execCached`). Every message but a read (`send`) counts as a write: sending it and
   * its answer each make the kept answers stale. This process alone opens the database, so nothing
   * written goes unseen and no answer needs an age limit.
   */
  private readonly reads = attachReadCache(
    this,
    new ReadCache<Results[]>({ entries: READ_CACHE_ENTRIES, maxAgeMs: Number.POSITIVE_INFINITY }),
  );

  private constructor(worker: Worker) {
    this.worker = worker;
    worker.on("message", (reply: Reply) => this.settle(reply));
    worker.on("error", (error) => this.fail(error));
    worker.on("exit", (code) => this.fail(new Error(`The database thread stopped (exit code ${code})`)));
  }

  /**
   * Opens the database at dataDir (null: in memory) on a new thread; resolves once it is ready.
   * `loadDataDir`, a tarball from dumpDataDir, starts the database from that data instead of initdb.
   */
  static async create(
    dataDir: string | null,
    options: { loadDataDir?: Uint8Array } = {},
  ): Promise<PgliteRemote> {
    const modules = await compiledModules();
    const worker = new Worker(new URL("./pglite-thread.mjs", import.meta.url), {
      workerData: { dataDir, ...modules, ...options },
    });
    await new Promise<void>((ready, failed) => {
      const onMessage = (message: { ready?: boolean }) => {
        if (!message.ready) return;
        worker.off("message", onMessage);
        worker.off("error", failed);
        ready();
      };
      worker.once("error", failed);
      worker.once("exit", (code) => failed(new Error(`The database thread stopped (exit code ${code})`)));
      worker.on("message", onMessage);
    });
    return new PgliteRemote(worker);
  }

  async query(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results> {
    return this.send({ op: "query", text, params, ...wire(options) }) as Promise<Results>;
  }

  async exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.send({ op: "exec", text, ...wire(options) }) as Promise<Results[]>;
  }

  /**
   * A read-only statement outside any transaction, answered from the read cache (db/read-cache.ts)
   * while nothing was sent or answered since it was read (db/prepared.ts: `keptStatement`'s `cached`).
   * The statement must read the database only (no `now()`, no sequence): its text, values included,
   * is the key.
   */
  async execCached(text: string, options?: QueryOptions): Promise<Results[]> {
    const crossing = wire(options);
    const key = `${crossing.rowMode ?? ""}|${crossing.textOids ?? ""}|${text}`;
    return this.reads.read(
      key,
      () => this.send({ op: "exec", text, ...crossing }, "read") as Promise<Results[]>,
    );
  }

  /**
   * Runs fn in a transaction: committed when it resolves, rolled back when it throws. The transaction
   * begins with its first statement, in the same call into PGlite (pglite-thread.mjs). `defer` keeps
   * a statement whose answer nobody reads to go with the transaction's next one, or its commit.
   */
  async transaction<T>(fn: (tx: PgliteTransactionCalls) => Promise<T>): Promise<T> {
    const tx = ++this.lastTransaction;
    let deferred: string[] = [];
    /** The deferred statements, sent with this message and no other. */
    const prefix = () => {
      if (deferred.length === 0) return {};
      const texts = deferred;
      deferred = [];
      return { prefix: texts };
    };
    let ended = false;
    const end = async (commit: boolean) => {
      if (ended) return;
      ended = true;
      const texts = prefix();
      await this.send({ op: "end", tx, commit, ...(commit ? texts : {}) });
    };
    const handle: PgliteTransactionCalls = {
      query: async (text: string, params: unknown[] = [], options?: QueryOptions) =>
        this.send({ op: "query", tx, text, params, ...wire(options), ...prefix() }) as Promise<Results>,
      exec: async (text: string, options?: QueryOptions) =>
        this.send({ op: "exec", tx, text, ...wire(options), ...prefix() }) as Promise<Results[]>,
      defer: (text: string) => {
        deferred.push(text);
      },
      rollback: () => end(false),
    };
    let result: T;
    try {
      result = await fn(handle);
    } catch (error) {
      await end(false).catch(() => {});
      throw error;
    }
    await end(true);
    return result;
  }

  /** The size of PGlite's WebAssembly memory in bytes (its peak: it never shrinks), for benches. */
  async memoryBytes(): Promise<number | null> {
    return this.send({ op: "memory" }) as Promise<number | null>;
  }

  /** The data folder as an uncompressed tarball, for `create`'s loadDataDir. */
  async dumpDataDir(): Promise<Uint8Array> {
    return this.send({ op: "dump" }) as Promise<Uint8Array>;
  }

  async close(): Promise<void> {
    if (this.failure) return;
    await this.send({ op: "close" });
    this.failure = new Error("The database is closed");
    await this.worker.terminate();
  }

  /**
   * Sends a message to the thread. A cached read (`kind` "read"), and a query that only reads
   * (ReadCache's `leavesFresh`, with no deferred statements before it) leave the read cache be;
   * anything else counts as a write.
   */
  private send(message: Record<string, unknown>, kind: "read" | "write" = "write"): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = ++this.lastId;
    const answer = new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id });
    });
    if (kind === "read") return answer;
    const reading = (message.op === "query" || message.op === "exec") && message.prefix === undefined;
    if (reading && this.reads.leavesFresh(message.text)) return answer;
    this.reads.wrote();
    const written = () => this.reads.wrote();
    answer.then(written, written);
    return answer;
  }

  private settle(reply: Reply): void {
    const waiter = this.waiting.get(reply.id);
    if (!waiter) return;
    this.waiting.delete(reply.id);
    if (!reply.error) {
      waiter.resolve(reply.result);
      return;
    }
    // The database's error with its fields (code, detail, constraint), thrown here as PGlite throws it.
    const { message, ...fields } = reply.error;
    waiter.reject(Object.assign(new Error(message), fields));
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
  }
}

/**
 * PGlite's two WebAssembly programs, compiled once per process and shared by every database thread.
 * Left to itself, each new database compiled them again on its thread (three compilations: initdb runs
 * a second PGlite) and freed the code when it closed. Tests open hundreds, and Node 24's V8 then
 * aborted now and then with "Check failed: jit_page.has_value()" (nodejs/node#64500: its registry of
 * WebAssembly code pages loses track while code is made and freed on many threads). A compiled module
 * sent to a thread is instantiated there without new code; it also spares each database ~0.5 s of CPU.
 */
let compiling:
  | Promise<{ pgliteWasmModule: WebAssembly.Module; initdbWasmModule: WebAssembly.Module }>
  | undefined;

function compiledModules() {
  compiling ??= (async () => {
    const dist = new URL(".", import.meta.resolve("@electric-sql/pglite"));
    const compile = async (file: string) => WebAssembly.compile(await readFile(new URL(file, dist)));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
      compile("pglite.wasm"),
      compile("initdb.wasm"),
    ]);
    return { pgliteWasmModule, initdbWasmModule };
  })();
  compiling.catch(() => {
    compiling = undefined; // a failed read is tried again by the next database, not remembered
  });
  return compiling;
}

/** A value a parser that keeps text returns unchanged. */
const PROBE = "2026-11-26 10:00:00+00";

/** Options as they cross to the thread, worked out once per options object (drizzle reuses its own). */
const wired = new WeakMap<QueryOptions, { rowMode?: string; textOids?: number[] }>();

/** Options as they cross to the thread: the row mode and the types whose parsers keep text. */
function wire(options?: QueryOptions): { rowMode?: string; textOids?: number[] } {
  if (!options) return {};
  const known = wired.get(options);
  if (known) return known;
  const textOids = options.parsers ? Object.keys(options.parsers).map(Number) : undefined;
  for (const oid of textOids ?? []) {
    const parse = options.parsers?.[oid];
    if (parse && parse(PROBE, oid) !== PROBE)
      throw new Error(`A parser for type ${oid} cannot cross threads`);
  }
  const crossing = {
    ...(options.rowMode ? { rowMode: options.rowMode } : {}),
    ...(textOids ? { textOids } : {}),
  };
  wired.set(options, crossing);
  return crossing;
}
