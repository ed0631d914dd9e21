import pg from "pg";
import type { ReadCache } from "./read-cache.js";

/**
 * A PostgreSQL connection that can hold statements whose answer nobody reads (keptStatement's
 * `deferred` writes, db/prepared.ts) and send them with the transaction's next statement or its
 * COMMIT, in one simple-protocol message: a one-host booking's four inserts then cost the server one
 * round trip, not four (each a Bind, Execute and Sync parsed and answered on both sides). A failure
 * among them fails that message, and so the transaction, which drizzle then rolls back, as it would
 * have anyway. The same as PGlite's thread does (db/pglite-thread.mjs).
 */
export class DeferringClient extends pg.Client {
  private deferred: string[] = [];
  /** The pool's read cache (client.ts), told of every query but its own reads. */
  private readonly reads: ReadCache<unknown> | undefined;

  constructor(config?: pg.ClientConfig & { reads?: ReadCache<unknown> }) {
    super(config);
    this.reads = config?.reads;
  }

  /** Holds `text` (an `EXECUTE` of a statement prepared on this connection) for the next message. */
  defer(text: string): void {
    this.deferred.push(text);
  }

  /**
   * Whether `name` can be deferred here: the connection is inside a transaction block (the server's
   * last ReadyForQuery said so: outside one, nothing would send it before the connection went back to
   * the pool) and has prepared the statement (node-postgres keeps prepared statements by name).
   */
  canDefer(name: string): boolean {
    const self = this as unknown as {
      connection?: { parsedStatements?: Record<string, string> };
      getTransactionStatus?: () => string | null;
    };
    return self.getTransactionStatus?.() === "T" && self.connection?.parsedStatements?.[name] !== undefined;
  }

  /**
   * Every query but a read (ReadCache's `leavesFresh`) may write: the read cache hears of it when it
   * is sent and again when it is answered (a read sent in between may not see it). Deferred writes go
   * with the next query, whatever it is.
   */
  // biome-ignore lint/suspicious/noExplicitAny: node-postgres's query has many overloads; all pass through.
  override query(...args: any[]): any {
    const reads = this.reads;
    const first = args[0] as string | { text?: unknown } | undefined;
    const text = typeof first === "string" ? first : first?.text;
    if (!reads || (this.deferred.length === 0 && reads.leavesFresh(text))) return this.forward(args);
    reads.wrote();
    const answered = () => reads.wrote();
    const last = args[args.length - 1];
    // The pool's own query passes a callback.
    if (typeof last === "function") {
      args[args.length - 1] = (error: unknown, result: unknown) => {
        answered();
        last(error, result);
      };
      return this.forward(args);
    }
    const submitted = args[0] as { submit?: unknown; once?: (event: string, fn: () => void) => void };
    if (typeof submitted?.submit === "function") {
      submitted.once?.("end", answered);
      submitted.once?.("error", answered);
      return this.forward(args);
    }
    const result = this.forward(args);
    (result as Promise<unknown>)?.then?.(answered, answered);
    return result;
  }

  // biome-ignore lint/suspicious/noExplicitAny: as query.
  private forward(args: any[]): any {
    if (this.deferred.length === 0) return (super.query as (...a: unknown[]) => unknown)(...args);
    const texts = this.deferred;
    this.deferred = [];
    const first = args[0] as string | { text?: string; submit?: unknown } | undefined;
    const text = typeof first === "string" ? first : first?.text;
    const send = (sql: string) => (super.query as (t: string) => Promise<unknown>).call(this, sql);
    if (typeof text === "string" && /^\s*commit\s*$/i.test(text))
      return send([...texts, "commit"].join(";\n"));
    if (typeof text === "string" && /^\s*rollback\s*$/i.test(text)) return send("rollback");
    if (typeof args[args.length - 1] === "function" || (typeof first === "object" && first?.submit)) {
      // Callbacks and streams answer synchronously here; no caller mixes them with deferred writes.
      throw new Error("a callback or streaming query while deferred statements wait");
    }
    return send(texts.join(";\n")).then(() =>
      (super.query as (...a: unknown[]) => unknown).apply(this, args),
    );
  }
}
